// The failure classes in Traditional Chinese: one case per class, so the compiler checks none is missing.

extension FailureClass {
  /// The class's text in Traditional Chinese (see ``text(in:)``).
  var traditionalChineseText: FailureClassText {
    switch self {
    case .valueRestoration:
      FailureClassText(
        summary: "復原或重做沒有帶回該操作取代的值。",
        definition: "復原或重做回到了歷史紀錄中的正確位置，卻沒有帶回該操作取代的值。",
        typicalCauses: [
          "反向操作在復原時才讀取目標的目前值，而不是在註冊時記下先前的值",
          "反向操作還原的是另一個屬性，或是經過捨入的值",
          "取消的拖曳沒有回到起點",
        ],
        whereToLook: "傳給 registerUndo 的閉包：它擷取了什麼、設定了什麼。")
    case .groupBoundary:
      FailureClassText(
        summary: "一次使用者操作被記錄成多個群組、多次操作被併成一個，或有群組沒有關閉。",
        definition: "歷史群組與使用者操作不一致：一次操作變成多個群組、多次操作變成一個、記錄了空的或非使用者的操作，"
          + "或有群組一直沒有關閉。",
        typicalCauses: [
          "每次拖曳或文字回呼都各自註冊一個群組（「一次拖曳要復原十次」）",
          "按鈕處理常式忘了呼叫 endUndoGrouping，下一個操作因此併入它的群組",
          "值沒有改變的變更仍然開了群組（Apple 會保留空群組：canUndo 變成 true）",
          "程式載入文件或設定初始值時，走的是編輯入口",
          "切換文件後仍保留歷史紀錄",
          "套用非同步結果時沒有為它建立群組，或忽略了 levelsOfUndo",
          "合併的時間窗口從不關閉、比宣告的短，或在復原後仍然存在",
          "模型讀取真實時間，而不是交給 useClock(_:) 的時鐘，因此案例中的等待不花任何時間",
          "為每個選取的項目各記錄一個群組，而不是整個選取範圍一個群組",
        ],
        whereToLook: "編輯入口處的每一組 beginUndoGrouping/endUndoGrouping、相同值的防護、"
          + "載入文件與切換文件。")
    case .redoAvailability:
      FailureClassText(
        summary: "應該能重做時無法重做，或在新的編輯後仍可重做。",
        definition: "復原後無法重做，或在新的編輯讓歷史紀錄分岔後仍然可以重做。",
        typicalCauses: [
          "復原處理常式直接指派值，而不是呼叫編輯入口，因此復原期間沒有註冊反向操作",
          "反向操作在復原階段結束後才以非同步方式註冊",
          "新的編輯路徑繞過了 UndoManager，因此重做堆疊沒有被清除",
          "每次復原前都先清空重做堆疊，因此第二次復原會丟掉第一次復原留下的重做",
        ],
        whereToLook: "復原處理常式：必須同步呼叫編輯入口，反向操作才會進入重做堆疊。")
    case .uiBinding:
      FailureClassText(
        summary: "模型正確，但介面顯示的不對。",
        definition: "模型持有正確的狀態，但介面層顯示的是別的東西：過時的值，或沒有繫結到狀態的控制項、指示器。",
        typicalCauses: [
          "使用者編輯後會更新畫面，但收到復原/重做通知後不會",
          "復原/重做按鈕讀取快取的旗標，而不是 canUndo/canRedo",
          "儲存中指示器或點按封鎖由另一個旗標驅動，而不是 pending",
        ],
        whereToLook: "模型與畫面之間的變更通知與繫結；不要為了修正而再次註冊歷史紀錄。")
    case .staleResponse:
      FailureClassText(
        summary: "套用了屬於較舊請求、文件或工作階段的回應或回呼。",
        definition: "屬於較舊請求、修訂版本、文件或工作階段的回應或回呼，改變了目前的狀態。",
        typicalCauses: [
          "套用回應前沒有將它的票證與待處理的票證比對",
          "重複的回呼被套用了兩次",
          "沒有將舊工作階段的回呼與目前的工作階段比對",
          "套用非同步結果前沒有檢查文件 ID 與修訂版本",
        ],
        whereToLook: "回應處理常式：套用前先比對票證、工作階段、文件與修訂版本。")
    case .rollback:
      FailureClassText(
        summary: "明確拒絕後，沒有還原成目前已確認的值。",
        definition: "明確拒絕後，該項目沒有顯示目前已確認的值。",
        typicalCauses: [
          "回滾還原的是點按當下的快照，而不是目前已確認的值",
          "有一條錯誤路徑從不回滾",
        ],
        whereToLook: "finish 的拒絕分支：必須還原成此刻已確認的值。")
    case .inFlightGate:
      FailureClassText(
        summary: "寫入進行中的點按送出了另一次寫入，或得到回應後閘門沒有重新開啟。",
        definition: "寫入進行中的點按送出了另一次寫入或改變了暫定值，或是項目的寫入得到回應後，它的閘門沒有重新開啟；"
          + "或是點按沒有依照宣告的寫入中規則（latest-wins、queue-latest）處理。",
        typicalCauses: [
          "點按處理常式在送出前沒有檢查 pending",
          "pending 被覆寫",
          "某條回應路徑（通常是拒絕）忘了清除 pending",
          "在 queue-latest 之下，排入佇列的點按被丟棄，或在待處理的寫入得到回應後沒有送出",
        ],
        whereToLook: "begin：每個項目對 pending 的防護（queue-latest 時，則是回應後送出佇列中值的處理）。")
    case .serverAuthority:
      FailureClassText(
        summary: "成功或同步後，顯示的不是伺服器的值。",
        definition: "成功或同步後，項目沒有顯示伺服器確認的值（顯示的是使用者的意圖，或忽略了讀到的值）。",
        typicalCauses: [
          "成功路徑複製的是使用者的意圖，而不是回應中的值",
          "同步的回應解除了項目的封鎖，但它的值被丟棄了",
        ],
        whereToLook: "finish 的成功分支：採用回應中的值。")
    case .unknownOutcome:
      FailureClassText(
        summary: "逾時、連線中斷或取消被當成了已知的結果。",
        definition: "逾時、連線中斷或取消被當成已知的拒絕或成功：項目必須撤回暫定值，並在同步前封鎖寫入，而同步完成後必須解除封鎖。",
        typicalCauses: [
          "逾時交由拒絕分支處理（回滾，並再次允許寫入）",
          "逾時交由成功分支處理",
          "把取消當成寫入沒有提交",
          "同步完成後忘了清除 needs-sync 旗標",
          "宣告了 automatic-reads 的應用程式在逾時或取消後沒有開始讀取，或在結果並未變得未知時開始讀取",
        ],
        whereToLook: "網路錯誤處理常式：只有依業務規則做出的拒絕，才能確定沒有提交。")
    case .recordIdentity:
      FailureClassText(
        summary: "回應送到了錯誤的項目，或項目之間共用狀態。",
        definition: "回應套用到了錯誤的項目（依列而不是依 ID 尋找），或項目之間共用寫入中的狀態。",
        typicalCauses: [
          "請求擷取了列索引，而排序與篩選會改變它",
          "所有項目共用同一個全域 pending 旗標",
        ],
        whereToLook: "回應如何找到它的項目：一律依項目 ID，絕不依列號；狀態按項目各自保存。")
    case .sessionReset:
      FailureClassText(
        summary: "切換工作階段後，留下了上一個工作階段的狀態。",
        definition: "登出再登入後，項目仍帶著上一個工作階段的狀態。",
        typicalCauses: [
          "登出時保留了各項目的狀態機",
          "舊工作階段進行中的寫入，在新的工作階段中仍處於待處理",
        ],
        whereToLook: "登出/登入路徑：替換每個項目的狀態，並重新載入權威資料。")
    case .controlIntent:
      FailureClassText(
        summary: "控制項要求的值不是使用者選的那一個。",
        definition: "點按或選擇送出的寫入帶著另一個值，而不是使用者選的值（選的值，或點按對顯示中的值所要求的值），"
          + "列上也顯示那個值：出錯的是控制項所接的意圖，不是回應或閘門。",
        typicalCauses: [
          "按鈕的動作指定了錯的值（向下的箭頭呼叫了向上投票的動作）",
          "點按要求的值是從已確認的值或舊的副本算出，而不是從顯示中的值",
          "選擇器依位置把項目對應到值，而順序變了",
        ],
        whereToLook: "控制項的動作：每個按鈕或項目傳給寫入的是哪個值。")
    case .crashed:
      FailureClassText(
        summary: "受測對象觸發了陷阱，或執行它的處理程序終止了。",
        definition: "案例執行期間，受測對象觸發了陷阱（precondition、強制解包、索引超出範圍），或執行它的處理程序終止了；"
          + "會指出當時所在的步驟。",
        typicalCauses: [
          "這一連串事件觸及了模型中的 precondition 或 fatalError",
          "強制解包了另一個事件已經清除的狀態",
          "在重新排序或移除之前取得的索引",
        ],
        whereToLook: "致命錯誤的訊息，以及案例當時所在的步驟；用 replay 重播該案例即可重現。")
    case .timedOut:
      FailureClassText(
        summary: "某個步驟或整個案例沒有在時限內完成。",
        definition: "某個步驟或整個案例沒有在時限內完成（--step-timeout、--case-timeout）："
          + "受測對象卡住了，它的工作處理程序已被終止。",
        typicalCauses: [
          "迴圈在等待只有另一個事件才會改變的東西",
          "在主執行緒上同步等待排入主執行緒的工作",
          "步驟只是慢，並沒有卡住：調高 --step-timeout",
        ],
        whereToLook: "案例被停止時所在的步驟；在除錯器下以 --no-isolation 執行，看它在哪裡等待。")
    case .unclassified:
      FailureClassText(
        summary: "沒有任何實驗確認出類別；原因會說明嘗試了什麼。",
        definition: "沒有任何實驗確認出類別；原因列出嘗試過與觀察到的內容。請閱讀步驟紀錄。",
        typicalCauses: [
          "查看第一個不符的步驟，以及它之前的狀態"
        ],
        whereToLook: "失敗案例的步驟紀錄。")
    }
  }
}
