// The reason templates in Traditional Chinese: one case per template, so the compiler checks none
// is missing.

extension ReasonTemplate {
  /// The wording in Traditional Chinese (see ``text(in:)``).
  var traditionalChinese: String {
    switch self {
    case .replayStopped:
      "失敗沒有重現：在新的受測對象上重播，停在步驟 {step} 之前"
    case .notReproduced:
      "失敗在新的受測對象上沒有重現：{action} 之後，重播顯示 {shown}；"
        + "模型依賴步驟以外的東西（共用或全域狀態、時間）"
    case .replayShowedInstead: "{replayed}，而不是 {recorded}"
    case .differentMismatches: "不同的不符"
    case .noExperimentConfirmed: "沒有任何實驗確認 {action} 的類別：{tried}"
    case .noExperimentApplies: "沒有適用於這個步驟的實驗"
    case .rankedExplanations: "每個實驗之後仍有 {count} 種解釋：{explanations}"
    case .rankedExplanation: "({rank}) {class}：{reason}"
    case .notConfident: "無法確定：每個實驗之後仍有 {count} 種解釋，可能性高的在前"
    case .countsBeforeAfter: "之前 {before}，之後 {after}"
    case .itemChange: "{item}：{before} 變成 {after}"
    case .undoGroupsOne: "{count} 個復原群組"
    case .undoGroupsMany: "{count} 個復原群組"
    case .noValue: "沒有值"
    case .selectionRecorded:
      "{action} 只改變選取了哪些項目，不是編輯，卻記錄了 {groups}（{counts}）：選取進入了歷史紀錄"
    case .selectionSplit:
      "{action} 是對 {count} 個選取項目（{changed}）的一次使用者操作，卻記錄了 {groups} 個復原群組"
        + "（{counts}），之後復原一次得到 {undone}：每個選取項目的變更各自成了一個群組"
    case .selectionItemNotRestored:
      "{action} 以一個群組變更了 {count} 個選取項目（{changed}），之後復原一次得到 {undone}，"
        + "而不是 {expected}：項目 '{item}' 沒有取回它自己的值"
    case .shownWhereDue: "應為 {due}，卻是 {shown}"
    case .selectionShownAsContract:
      "在 {action} 時，模型持有 {items}，介面顯示 {shown}，與合約一致（只有在選取的值不同時，"
        + "檢閱器才顯示 mixed，每個項目顯示它的值）：看來有誤的是預期，不是受測對象"
    case .selectionDisplayStale:
      "在 {action} 時，模型持有 {items}，介面卻顯示 {shown}：介面為選取範圍顯示的內容沒有跟隨項目的值"
    case .coalescingSplit:
      "{action} 發生在{why}，位於宣告的 {window} 時間窗口之內，卻自成一個群組（{counts}），"
        + "之後復原一次得到 {undone}：連續輸入被拆開了"
    case .coalescingMerged:
      "{action} 發生在{why}，因此必須開始自己的群組，然而 {counts}，之後復原一次得到 {undone}，"
        + "而不是 value={value}：{what}"
    case .coalescingExpectationWrong:
      "{action} 發生在{why}，位於受測對象宣告的 {window} 時間窗口之內，因此如受測對象所做的併入前一個"
        + "群組（{undos}）：是案例的預期不同；要開始自己的群組，至少要等待一個時間窗口（'wait window'）"
    case .afterPreviousAdjustment: "上一次調整的 {duration} 之後"
    case .noEarlierAdjustment: "之前沒有任何調整時"
    case .afterRunEnded: "{action} 結束連續輸入之後"
    case .coalescedIntoPrevious: "這次調整被併入了前一個群組"
    case .noGroupToJoin: "前面沒有可以併入的群組，所以這次調整完全沒有記錄群組"
    case .askingShowsChange:
      "{action} 之後 {observed}：確認問題還開著、也沒有送出任何東西，該列卻顯示 {shown}；"
        + "在使用者確認之前，該列應顯示已確認的 {confirmed}"
    case .confirmationRuleDeclared: "受測對象宣告的確認規則是 '{rule}'"
    case .askedWrongly: "{rule}，然而在 {displayed} 上的 {action} {asked}（{asking}）"
    case .askedFirst: "先詢問了使用者"
    case .didNotAskFirst: "沒有先詢問"
    case .askedAndSent: "{rule}：{action} 詢問了使用者，並在得到回答前就送出了寫入"
    case .declineChangedNothing: "拒絕 {record} 上的確認問題，沒有改變它的任何欄位"
    case .declineChanged:
      "拒絕 {record} 上的確認問題，把 {before} 變成了 {after}：被拒絕的確認不送出也不改變任何東西"
    case .confirmationNotWritten:
      "同意 {record} 上的確認問題卻沒有送出寫入：確認後的點按就是一般的寫入"
    case .entityRowsShare:
      "列 {row} 與 {other} 在這個步驟後不一致，但之後點按 {sibling} 沒有送出任何東西：它們共用該實體的待處理寫入"
    case .entityRowsSplit:
      "{action} 為 {record} 送出了寫入（{pending}），之後點按同一實體的另一列 {sibling} 又送出第二個寫入"
        + "（{siblingPending}）：這些列各自保有狀態，而不是共用該實體的狀態"
    case .controlTap: "在顯示 {shown} 的 {record} 上點按"
    case .sameValueControls:
      "；在相同狀態下的 {choice} 也顯示 {shown}，所以兩個控制項要求的是同一個值"
    case .controlAskedOther:
      "{control} 要求 {asked}；它送出了寫入（sent=yes，{pending}），該列顯示 {shown}"
        + "（{displayed}）{comparison}：控制項要求的值不是使用者選的那一個"
    case .rowDoesNotFollowChoice:
      "{control} 送出了寫入，該列仍顯示 {shown}；在相同狀態下的 {choice} 顯示 {probed}，"
        + "所以該列也不跟隨選擇"
    case .controlAskedShown:
      "{control} 要求 {asked}；它送出了寫入（sent=yes，{pending}），該列仍顯示 {shown}"
        + "（{displayed}），而在相同狀態下的 {choice} 顯示 {other}：該列會跟隨選擇，"
        + "所以控制項要求的是已經顯示的值，而不是使用者選的值"
    case .subjectCrashed:
      "受測對象在步驟 {step} 之後、{phase}當機了：工作程序以 {ending} 結束"
    case .subjectCrashedWrote:
      "受測對象在步驟 {step} 之後、{phase}當機了：工作程序以 {ending} 結束；它最後寫出：{text}"
    case .whileClassifying: "分類失敗期間"
    case .duringStep: "執行 {step} 期間"
    case .lateSignal: "訊號 {signal}（之後 {grace} 內沒有結束，因此被強制終止）"
    case .caseTimedOut:
      "案例沒有在 {limit} 內完成（最後完成的是步驟 {step}）：工作程序已被強制終止"
    case .stepTimedOut:
      "{step} 沒有在 {limit} 內完成：受測對象停止回應，工作程序已被強制終止"
    case .undoWord: "復原"
    case .redoWord: "重做"
    case .inverseRegisteredLate:
      "步驟 {step} 的{verb}改變了值，但之後的{reverse}什麼也沒改變，而且在 {action} 時 UndoManager "
        + "回報了一個不屬於任何群組的註冊：反向操作是在{verb}結束後才註冊的"
    case .undoManagerRefused: "UndoManager 拒絕了 {action}：{problems}"
    case .appKeepsOwnRedo:
      "{action} 之後 canRedo=no 卻 redoEnabled=yes，而重做會把 value={now} 變成 value={redone}："
        + "應用程式自己保留了一個重做，它在編輯之後仍然存在"
    case .modelButUI: "{model}，但 {ui}"
    case .uiNotRefreshed:
      "{action} 之後模型顯示 {pairs}：介面層沒有依模型更新"
    case .undoLeftNoGroup:
      "{action} 之前 {observed}：復原應該反轉的操作沒有留下群組"
    case .restoredAfterUndos:
      "復原 {count} 次後回到 {expected}：該操作被記錄成 {count} 個群組"
    case .undoWentPastStart:
      "一次復原越過了操作的起點，回到 {first}（步驟 {step} 之前的值），而且 {merged}：群組被合併了"
    case .editJoinedGroup: "{action} 把 {before} 變成 {after}，而 {undos} 與之前相同"
    case .inverseWrongValue:
      "復原彈出了一個群組（{counts}），卻留下 value={value}；復原幾次都回不到 {expected}"
        + "（復原得到 {shown}）：反向操作沒有還原它取代的值"
    case .undoNotOneGroup:
      "復原沒有剛好彈出一個群組（{counts}），重複復原得到 {shown}"
    case .redoLeftNoGroup: "{action} 之前 {observed}：先前的復原沒有留下重做群組"
    case .reachedAfterRedos:
      "重做 {count} 次後到達 {expected}：被復原的操作被記錄成 {count} 個群組"
    case .redoWrongValue:
      "重做還原了一個群組（{counts}），卻留下 value={value}，而不是 {expected}"
    case .redoNotOneGroup: "重做沒有剛好還原一個群組（{counts}）"
    case .noInverseRegistered:
      "{action} 之後 {observed}，而重做什麼也沒改變（value 仍是 {value}）："
        + "復原沒有註冊反向操作，所以沒有重做群組"
    case .redosNeeded:
      "{action} 之後 {observed}，需要重做 {count} 次才能還原 value={value}："
        + "復原讓該操作成了 {count} 個群組"
    case .oneRedoGives: "{action} 之後 {observed}，重做一次得到 value={value}"
    case .historyKept:
      "{action} 之後 {counts}（之前 {undos}），而且{probe}：保留或記錄了不該存在的歷史紀錄"
    case .undoLeaves: "之後復原仍是 value={value}：它作用在先前記錄的東西上"
    case .undoMoves: "之後復原把 value={from} 變成 value={to}"
    case .emptyGroupAmongSplit:
      "{action} 之後 {counts}；復原一次什麼也沒改變（value 仍是 {value}），復原 {depth} 次才回到 "
        + "{start}：該操作被記錄成 {depth} 個群組，其中一個沒有改變任何顯示"
    case .emptyGroupRecorded:
      "{action} 之後 {counts}，但復原一次什麼也沒改變（value 仍是 {value}）：記錄了空群組"
    case .limitNotApplied:
      "歷史紀錄上限設為 {limit} 之後仍是 {undos}：上限沒有套用到 UndoManager"
    case .editLostGroups:
      "{action} 把 {before} 變成 {after}：編輯應該新增它的群組，歷史紀錄卻少了群組"
    case .actionMergedIntoGroup:
      "{action} 把 value={from} 變成 value={to}，但 undos 停在 {undos}，而復原一次回到 value={previous}，"
        + "也就是前一個操作之前的值：該操作被併入了前一個群組"
    case .actionNotRecorded:
      "{action} 把 value={from} 變成 value={to}，但 {counts} 與之前相同：該操作沒有被記錄成自己的群組"
    case .noUndoProbeExplained:
      "{action} 之後 {counts}（之前 {undos}）；沒有任何復原探測能解釋這個數目"
    case .pessimisticDisplayBroken:
      "{action} 之後 {observed}：受測對象宣告了悲觀顯示，因此在 {pending} 待處理期間，"
        + "該列應顯示已確認的 {confirmed}，卻在回應之前就顯示 {shown}"
    case .savingNotBound: "{action} 之後 {observed}：儲存中指示器沒有繫結到 pending"
    case .controlNotBound:
      "{action} 之後 {record}.tapEnabled={enabled}，但點按 {record} 會{sent}：控制項沒有繫結到模型的閘門"
    case .tapSends: "送出寫入"
    case .tapSendsNothing: "什麼也不送出"
    }
  }
}
