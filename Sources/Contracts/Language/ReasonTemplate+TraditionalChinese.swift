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
    case .dragCommandNotRefused: "拖曳中的 {action} 沒有被拒絕（{seen}）：拖曳的操作仍未結束時，指令就作用到了拖曳之前記錄的歷史"
    case .dragCommandRefused: "拖曳中的 {action} 什麼也沒改變（{after}），正如宣告的規則 'refused' 所說"
    case .dragCommandChangedHistory: "拖曳中的 {action} 不只取消了拖曳，還改變了歷史（{seen}）"
    case .dragCommandLeftValue:
      "拖曳中的 {action} 沒有改變歷史，卻留下 value={value}；拖曳從 value={start} 開始，"
        + "宣告的規則 'cancels-drag' 會還原這個值"
    case .dragCommandCancelled: "{action} 取消了拖曳（{after}），正如宣告的規則所說"
    case .redoCountsAround: "{action} 之前 {before}，之後 {after}"
    case .redoCountGrew: "{counts}：重做數目增加了復原彈出的那個群組"
    case .redosBringBack: "{counts}，但之後的重做會帶回 value={lost}（重做得到 {shown}）"
    case .undoLeftNoOwnRedo: "{counts}，而重做一次得到 value={redone}，而不是 value={undone}：復原沒有留下自己的重做"
    case .aRedoGives: "重做一次得到"
    case .redosGive: "重做 {count} 次得到"
    case .ownRedoRestores: "重做一次會還原那次復原拿走的 value={undone}，但{redos} value={shown}"
    case .nothingToUndoThenRedo: "那次復原沒有東西可以復原，而{redos} value={shown}"
    case .undoDroppedRedo: "{counts}；{gives}，始終不是 {earlier} 留下可供重做的 value={lost}：第二次復原丟掉了第一次復原的重做"
    case .undoStackEmptiedRedoKept:
      "{action} 清空了復原堆疊（之前 {before}，之後 {after}），"
        + "而重做會把 value={now} 變成 value={redone}：先前內容的重做分支被保留了"
    case .earlierHistoryKept:
      "{action} 之後 {counts}，而重做會把 value={now} 變成 value={redone}："
        + "該操作不是編輯，卻保留了它之前記錄的歷史"
    case .redoBranchMayBeKept:
      "{action} 之前 {before}，因此無法分辨復原堆疊是被清空還是被保留；之後 {after}，"
        + "重做會把 value={now} 變成 value={redone}：被保留的可能只有重做分支"
    case .redoBackToAbandoned: "{action} 之後 {counts}，而重做會把 value={now} 變成 value={redone}，回到被放棄的分支"
    case .redoChangesNothing: "{action} 之後 {counts}，但重做什麼也沒改變（value 仍是 {now}）"
    case .documentWhenLeft: "使用者離開文件 {document} 時（步驟 {step} 之前），它是 {counts}"
    case .switchBackChangedHistory: "{left}，而 {action} 之後 {counts}：改變的是整個歷史，不只是它的重做分支"
    case .switchBackRedoMoves: "{left}，而 {action} 之後 {counts}，但重做仍會改變值"
    case .switchBackDroppedRedo:
      "{left}；在 {action} 切換回來時保留了復原歷史，卻留下 {counts}："
        + "受測對象宣告了 history-per-document，切換回來時重做分支卻被丟掉了"
    case .historyCarriedAcrossSwitch:
      "{action} 之前 {before}，之後 {after}，但切換到的文件沒有可以復原或重做的東西："
        + "離開的文件的歷史在切換後仍被保留，{command}也不會改變任何顯示"
    case .withOneMoreAdjustment:
      "在步驟 {step} 之前多加一次調整（adjust {extra}）時，{action} 之前 {before}，"
        + "之後 {after}"
    case .redoMoves: "重做會把 value={now} 變成 value={redone}"
    case .deeperHistoryKept: "{counts}：該操作不是編輯，卻保留了它之前記錄的歷史（{redo}）"
    case .deeperRedoBranchKept: "{counts}：該操作清空了復原堆疊，卻保留了重做分支（{redo}）"
    case .valueNotChanged: "{action} 沒有改變值（{value}）"
    case .nothingMadeStale: "{action} 留下 value={value}，但沒有任何事讓它過時：從它開始以來，文件和值都沒有改變"
    case .staleCallbackApplied: "沒有 {action} 時符合預期，有它時 value={value}：回呼已經過時（{staleness}），卻仍被套用"
    case .staleResultApplied: "沒有 {action} 時符合預期，有它時 value={value}：結果已經過時（{staleness}），卻仍被套用"
    case .leavingOutActionFails: "拿掉 {action} 也得不到預期的狀態"
    case .actionLeftValue: "{action} 留下了 value={value}"
    case .staleDocumentSwitched: "文件在步驟 {step} 切換到 {document}"
    case .staleDocumentLoaded: "步驟 {step} 的載入取代了文件"
    case .staleValueChanged: "{before} 在步驟 {step} 變成 {after}"
    case .cancelKeptGroups: "取消還原了 value={start}，卻留下 {now}：拖曳期間記錄的群組還在"
    case .cancelLeftValue: "取消留下 value={value}（{now}），而不是拖曳開始時的 value={start}"
    case .dragRecordedInProgress:
      "在拖曳被取消之前，{action} 之後 {counts}（拖曳開始時 {began}）：拖曳在進行中就被記錄了，"
        + "而且{cancel}"
    case .cancelledDragLeftValue:
      "取消的拖曳留下 value={value}（{now}）；拖曳從 value={start} 開始（{began}），"
        + "宣告的規則 'restore-start' 會還原這個值"
    case .cancelledDragChangedHistory:
      "取消的拖曳還原了 value={start}，卻改變了歷史（開始時 {began}，之後 {now}）："
        + "取消的拖曳不應記錄任何東西"
    case .cancelledDragRestored: "取消的拖曳還原了 value={start}，歷史維持原樣（{now}）"
    case .cancelledDragMovedValue:
      "取消的拖曳把 value={kept} 變成 value={value}（{now}）；"
        + "宣告的規則 'keep-current' 會讓值留在拖曳所在的位置"
    case .cancelledDragNotRecorded:
      "取消的拖曳保留了 value={value}，卻留下 {now}（拖曳開始時 {began}），"
        + "而復原一次得到 {undone}，而不是 value={start}："
        + "宣告的規則 'keep-current' 會把拖曳記錄成一個可復原的操作，卻什麼也沒有記錄"
    case .dragBackAtStart: "拖曳回到了起點（value={start}），受測對象宣告這種情況不記錄任何東西"
    case .keepCurrentOneGroup: "宣告的規則 'keep-current' 會把拖曳記錄成一個群組"
    case .groupsMoreOne: "比預期多 {count} 個群組"
    case .groupsMoreMany: "比預期多 {count} 個群組"
    case .cancelledDragExtraGroups: "取消的拖曳留下 {now}（拖曳開始時 {began}），{extra}，而復原一次得到 {undone}：{what}"
    case .cancelledDragKeptAsRule:
      "取消的拖曳保留了 value={value}，並留下 {now}（開始時 {began}），"
        + "正如宣告的規則 'keep-current' 所說"
    case .emptyGroupBeside:
      "{action} 把 {before} 變成 {after}，"
        + "從 value={value} 復原 {added} 次得到 {shown}："
        + "第 {index} 次復原沒有改變任何顯示，所以該操作在自己的群組之外還記錄了一個空群組"
    case .groupLeftOpen: "{action} 之後 groupingLevel 是 {level}：有群組沒有關閉"
    case .batchSentWhilePending: "在 {counts} 時 {action} 送出了批次（sent=yes）：有待處理寫入的記錄不接受其他寫入"
    case .batchSentWhileNeedsSync: "在 {counts} 時 {action} 送出了批次（sent=yes）：寫入沒有被擋到同步為止"
    case .batchHeldByOldSession:
      "{action} 什麼也沒送出（sent=no），因為 {counts}，"
        + "這是步驟 {step} 的工作階段變更之前送出的寫入：工作階段變更讓舊工作階段的寫入仍在待處理"
    case .batchSharesGate: "在 {others} 時 {action} 什麼也沒送出，而拿掉其他記錄的寫入後批次就會送出：這些記錄共用同一個傳送中閘門"
    case .batchGateClosed: "在 {counts} 且不需要同步時，{action} 什麼也沒送出（sent=no）：閘門沒有讓批次通過"
    case .sessionChangedAt: "工作階段在步驟 {step} 變更了"
    case .answeredAt: "它已在步驟 {step} 得到回應"
    case .timedOutAt: "它在步驟 {step} 逾時了"
    case .answerToBatch: "批次 {request} 的回應"
    case .batchAnswerMissed:
      "{action} 之後 {counts}：批次 {request} 的回應確定了 {settled}，"
        + "卻始終沒有到達 {left}；一個回應會確定它帶著的每一筆記錄"
    case .batchReachedNoneStill: "批次 {request} 的回應之後 {counts}：它沒有到達任何記錄，而拿掉重新排序和篩選後，仍是 {still}"
    case .batchReachedNoneMoved:
      "{action} 之後 {counts}：批次 {request} 的回應沒有到達 {records} 中的任何一筆，"
        + "而沒有重新排序和篩選（{steps}）時它會確定每一筆：記錄是依列或顯示內容找到的，而不是依 ID"
    case .batchAnsweredTapSends: "批次 {request} 的回應之後 {counts}，但點按 {record} 會送出寫入"
    case .batchGateNotReopened:
      "{action} 之後仍是 {counts}，而點按 {record} 什麼也不送出："
        + "批次 {request} 的回應沒有到達任何記錄，也沒有重新打開它們的閘門"
    case .batchRollback: "{request} 被拒絕後 {before} 變成 {after}：被拒絕的批次會把每一筆記錄回復到目前已確認的值"
    case .batchUnknown: "{request} 的結果不明之後 {counts}：批次中的每一筆記錄都會撤回暫定值，並需要同步"
    case .batchServerValue: "'{request}' 以 {outcome} 儲存之後 {counts}：每一筆記錄都採用伺服器的值"
    case .rowApartFromModel: "{action} 之後 {observed}：模型保存的是 {model}，該列卻顯示 {shown}，所以該列沒有依模型更新"
    case .tapSendsAnother: "在 {observed} 時點按 {record} 會再送出一個寫入"
    case .tapSendsWhileNeedsSync: "在 {observed} 時點按 {record} 會送出寫入：寫入沒有被擋到同步為止"
    case .tapGateClosed: "在 {observed} 時點按 {record} 什麼也不送出：沒有待處理的寫入、也不需要同步，閘門卻仍關著"
    case .aTapOn: "點按 {record}"
    case .theTapOn: "這次點按 {record}"
    case .tapSharesGate: "在 {others} 時點按 {record} 什麼也不送出，而拿掉其他記錄的寫入後就會送出：這些記錄共用同一個傳送中閘門"
    case .writeSharesGate: "在 {others} 時 {write} 什麼也沒送出，而拿掉其他記錄的寫入後就會送出：這些記錄共用同一個傳送中閘門"
    case .writeSentAnother: "在 {counts} 時，{write} 又送出了一個寫入"
    case .writeSentWhileNeedsSync: "在 {counts} 時，{write} 送出了寫入：寫入沒有被擋到同步為止"
    case .writeSent: "在 {counts} 時，{write} 送出了寫入"
    case .expectsWriteWhilePending:
      "在 {counts} 仍待處理且沒有回應時，這個步驟卻預期有寫入；每筆記錄同時只有一個寫入在傳送中，"
        + "所以看起來是預期有誤，而不是模型"
    case .writeStuckPending: "因為 {counts} 仍在待處理，{write} 什麼也沒送出：{settlement}"
    case .answerDidNotSettle: "步驟 {step} 的回應 '{answer}' 沒有讓它確定"
    case .noAnswerBeforeTap: "這次點按之前沒有收到 {request} 的回應"
    case .writeBlockedBySyncToo: "同時也是 {counts}，{write} 什麼也沒送出：需要的同步也會拒絕它，所以寫入可能已經確定，擋住它的是結果不明"
    case .writeBlockedBySync: "因為 {counts}，{write} 什麼也沒送出：{last}結果已知或同步已完成時，記錄必須可以寫入"
    case .lastAnswerWas: "最後的回應是 '{answer}'，"
    case .choiceRefused:
      "在 {counts} 時 {write} 什麼也沒送出，但之後點按 {record} 會送出寫入：沒有任何東西擋住記錄，"
        + "選擇 {value} 卻被拒絕（有兩個以上選項的受測對象要實作 choose(_:record:)；"
        + "協定的預設實作只會點按）"
    case .writeGateClosed: "在 {counts} 時 {write} 什麼也沒送出：沒有待處理的寫入、也不需要同步，閘門卻仍關著"
    case .writeFoundAndLeft: "{write} 時是 {counts}，之後是 {left}"
    case .writeChangedPending: "在 {counts} 時，{write} 把 {before} 變成了 {after}"
    case .answerTo: "{request} 的回應"
    case .unknownOutcomeOf: "{request} 的結果不明"
    case .writeNeverSent: "寫入 {request} 從未送出（{action} 之後 sent=no），所以它的回應不可能有任何作用"
    case .syncNeverSent: "同步 {request} 從未送出（{action} 之後 sent=no），所以它的回應不可能有任何作用：同步隨時都可以開始，不只在需要時"
    case .andShowed: "，並顯示 {value}"
    case .queuedWriteNotSent:
      "{request} 待處理期間點按 {record} 被排入佇列（{queued} 什麼也沒送出{shown}），"
        + "但 {action} 沒有送出寫入：在傳送中規則 queue-latest 下，回應會送出佇列中的值"
    case .roundTripNeverSent: "{record} 的同步從未送出（{action} 之後 sent=no）：同步隨時都可以開始，不只在需要時"
    case .answerWasCurrent: "{request} 的回應是最新的（送達時 {counts}），所以並未過時"
    case .answerDidNotReopen: "回應之後仍是 {counts}，而點按 {record} 什麼也不送出：回應沒有重新打開記錄的閘門"
    case .answeredTapSends: "回應之後仍是 {counts}，但點按 {record} 會送出寫入"
    case .rowNotRepainted:
      "{action} 之後 {observed}，但點按 {record} 會送出寫入，而且仍顯示 {tapped}："
        + "點按會要求模型保存值的下一個值，所以模型保存的值不是該列的 {shown}，該列沒有重新繪製"
    case .otherRecordChanged: "{what} 是對 {record} 的寫入，卻改變了 {other}：之前 {before}，之後 {after}"
    case .resorts: "重新排序"
    case .resortsAndFilters: "重新排序和篩選"
    case .leavingOutMovesFails: "拿掉{moves}也得不到預期的狀態"
    case .locatedByRow:
      "沒有{moves}時，{request} 的回應會如預期到達 {record}；有它們時 {order}，"
        + "且 {shown}：記錄是依列找到的，而不是依 ID"
    case .successNotStored:
      "不論伺服器回應 'saved {value}' 還是 'saved {other}'，都是 {stored}，"
        + "雖然該列會跟著回應：成功有顯示，卻沒有存成已確認的值"
    case .successShowsIntent:
      "不論伺服器回應 'saved {value}' 還是 'saved {other}'，都是 {shown}："
        + "成功時顯示的是使用者的意圖，而不是伺服器的值"
    case .withSavedInstead: "改為 'saved {other}' 時，{shown}"
    case .rowFollowsServer: "{followed}：該列跟著伺服器的值"
    case .rejectionNeedsSync: "{request} 被拒絕後 {before} 變成 {after}：拒絕是已知的結果，所以記錄會回復，並且仍可寫入"
    case .rejectionChangedConfirmed: "{request} 被拒絕後 {before} 變成 {after}：拒絕必須讓已確認的值維持原樣"
    case .afterRejection: "拒絕之後 {observed}"
    case .rollbackToSnapshot: "{request} 被拒絕之後 {observed}；{atTap} 是點按時的值：回復還原的是快照，而不是目前已確認的值"
    case .rollbackNotShown: "{request} 被拒絕之後 {observed}：該列沒有顯示目前已確認的值"
    case .outcomeTreatedAsKnown: "{what}之後 {observed}，而點按 {record} 會送出寫入：結果被當成已知"
    case .unknownTreatedAsSuccess: "{what}讓 {before} 變成 {after}：不明的結果被當成成功"
    case .unknownTapSendsNothing: "{what}之後 {observed}，而點按 {record} 什麼也不送出"
    case .modelKeptProvisional: "{what}之後 {observed}：模型本身保留了暫定值，沒有撤回"
    case .failedReadRepaints:
      "{what}之後 {observed}，而不改變記錄內容的 {record} 讀取失敗之後顯示 {repainted}："
        + "模型已撤回暫定值，是該列沒有重新繪製"
    case .provisionalNotWithdrawn: "{what}之後 {observed}，{record} 讀取失敗之後仍是如此：暫定值沒有撤回"
    case .modelMayBeRight:
      "{what}之後 {observed}，而點按 {record} 什麼也不送出，所以點按探測無法顯示模型保存的值，"
        + "受測對象也沒有回報它（`{record}.model`）：可能模型是對的，只是該列沒有重新繪製"
    case .cancelling: "取消 {request}"
    case .answerToSync: "同步 {request} 的回應"
    case .syncOf: "{record} 的同步"
    case .syncAnswerWasCurrent: "{what}回應的是記錄目前的同步，所以並未過時"
    case .whatChanged: "{what}讓 {before} 變成 {after}"
    case .readDroppedWrite: "{what}讓 {before} 變成 {after}，之後點按 {record} 會再送出一個寫入：讀取丟掉了仍在傳送中的寫入"
    case .syncTapSends: "{what}之後 {counts}，但點按會送出寫入"
    case .syncDoesNotUnblock: "{what}之後 {observed}，而點按 {record} 什麼也不送出：完成的同步沒有解除寫入的封鎖"
    case .failedReadUnblocked: "{what}失敗了，卻讓 {before} 變成 {after}：讀取失敗時，記錄必須維持封鎖"
    case .recordFollowsSync: "讀到相反的值時 {shown}：記錄跟著同步"
    case .syncValueIgnored: "不論同步讀到 {value} 還是 {other}，都是 {shown}：記錄忽略了伺服器的值"
    case .cancelOf: "{request} 的取消"
    case .itChanged: "它仍改變了 {record}（之後 {counts}）"
    case .itWasApplied: "它仍被套用"
    case .leavingOutFails: "拿掉 {what} 也得不到預期的狀態"
    case .leavingOutGivesExpected: "拿掉 {what} 就會得到預期的狀態；雖然{facts}，{effect}"
    case .cancelledAt: "它已在步驟 {step} 被取消"
    case .anotherTapsRequest: "另一次點按的要求"
    case .anotherSync: "另一次同步"
    case .sentAfterIt: "之後在步驟 {step} 送出了 {request}"
    case .whenItCame: "送達時是 {counts}"
    case .sessionWriteStillPending: "工作階段變更之後 {observed}：前一個工作階段的寫入仍在待處理"
    case .sessionUnknownKept: "工作階段變更之後 {observed}：前一個工作階段的不明結果被保留了"
    case .sessionValueKept: "新的工作階段說是 {value}，工作階段變更之後卻是 {observed}"
    case .sessionKeptNothing: "工作階段變更之後，沒有任何記錄保留 pending、needsSync 或它的值"
    case .resortChangedNothing: "重新排序沒有改變任何記錄的狀態（{order}）"
    case .resortChangedState: "重新排序讓 {before} 變成 {after}：列帶著屬於記錄的狀態"
    case .rowsMovedLocatedByRow: "沒有 {steps} 時，{what}會得到預期的狀態；有它們時 {order}：記錄是依列找到的，而不是依 ID"
    case .noReadDue: "不需要讀取 {record}（{counts}）：'read' 用來為應用程式在結果不明或取消之後開始的讀取命名"
    case .readNotStarted:
      "在 {counts} 時，應用程式沒有開始要命名為 '{request}' 的 {record} "
        + "讀取（{action} 之後 sent=no），但它宣告了 automatic-reads："
        + "結果不明的記錄必須先從伺服器讀取，才能再寫入"
    case .readWhereNotDue:
      "應用程式開始讀取 {records}（started={list}），{action} 之前 {before}，"
        + "之後 {after}：沒有任何結果變得不明，它卻自行讀取"
    case .unnamedRead:
      "應用程式在需要時（{counts}）開始讀取 {list}，這是宣告 automatic-reads "
        + "的應用程式應該做的，但案例沒有為它命名：請在開始讀取的步驟之後的步驟用 'read <id> as <name>' "
        + "命名（為不會自行讀取的應用程式撰寫的案例用 'sync' 同步）"
    case .filterChangedNothing: "篩選沒有改變任何記錄的已確認值、待處理寫入或所需同步"
    case .filterDroppedState: "篩選讓 {before} 變成 {after}：隱藏一列就丟掉了屬於它記錄的狀態"
    case .refreshAnswerWasNewest: "{request} 的回應回應的是最新的重新整理，所以並未過時"
    case .answerToRefresh: "重新整理 {request} 的回應"
    case .refreshDroppedWrite: "重新整理 {request} 的回應讓 {before} 變成 {after}：重新載入清單丟掉了仍在傳送中的寫入"
    case .anotherRefresh: "另一次重新整理"
    case .noWriteTimeout: "受測對象沒有宣告寫入逾時，{action} 卻改變了 {record}"
    case .noWriteDueBy: "到那時沒有任何對 {record} 的寫入到期"
    case .earlierTimeoutFellDue: "{writes}（在步驟 {steps} 送出）的逾時在這次等待中到期"
    case .timerOutlivedWrite:
      "{action} 在 {now} 撤回了 {request}（之前 {before}，之後 {after}），"
        + "但它自己的逾時在 {deadline}（在步驟 {step} 送出，逾時 {timeout}）；{reason}："
        + "計時器比它所設定的寫入活得更久"
    case .timeoutOf: "{request} 的逾時"
    case .stillPendingBeforeTimeout: "{request} 在 {now} 仍待處理，還沒到它在 {deadline} 的逾時"
    case .timeoutNotGivenUp:
      "{action} 讓 {request}（在步驟 {step} 送出，{deadline} 到期）"
        + "的逾時在沒有回應下過去，仍是 {counts}：寫入沒有被當成結果不明而放棄"
    case .syncPredatesUnknown:
      "{what}讓 {before} 變成 {after}，但它是在步驟 {sent} 送出的，"
        + "早於 {record} 的寫入在步驟 {blocked} 變成結果不明：它的值可能比那次寫入舊，"
        + "只有之後的讀取 {read}（步驟 {step}）才能解除記錄的封鎖；拿掉回應就會得到預期的狀態"
    case .unnamedWrite: "未命名的寫入"
    case .unnamedBatch: "未命名的批次"
    case .searchingBackwards: "往回搜尋後，歷史第一次與契約不符是在 {at} 之後（{divergence}），顯現在 {action}；在那個步驟："
    case .withLimitLifted: "拿掉所有歷史上限（'levels 0'）後，同樣的前段得到 {divergence}；在那個步驟："
    case .contractExpects: "{shown}，而契約預期 {expected}"
    case .walkContractExpects: "復原得到 {shown}，而契約預期 {expected}"
    case .workerRefused: "工作程序拒絕了這個案例：{problem}"
    case .noReasonGiven: "沒有提供理由"
    case .shrunkNotReproduced: "縮減後的案例在新的受測對象上執行時，失敗沒有重現：重播看到的是 {seen}；模型依賴步驟以外的東西"
    case .sessionBrokeWorker: "這個工作階段在重播與縮減時弄壞了工作程序（{how}），但在新的受測對象上當成案例執行時沒有；模型依賴步驟以外的東西"
    case .explorationNotReproducedAtStep:
      "縮減後的案例在新的受測對象上執行時，失敗沒有重現：探索在步驟 {step} 看到 {seen}；"
        + "模型依賴步驟以外的東西（共用或全域狀態、時間）"
    case .explorationNotReproduced:
      "縮減後的案例在新的受測對象上執行時，失敗沒有重現：探索看到 {seen}；"
        + "模型依賴步驟以外的東西（共用或全域狀態、時間）"
    case .sequenceBrokeWorkerOnce:
      "探索序列 {sequence} 時工作程序 {end}，但再執行一次時這個序列沒有弄壞工作程序："
        + "模型依賴步驟以外的東西（共用或全域狀態、時間）"
    case .brokeWorkerWhileShrinking:
      "（縮減時，探索它的工作程序 {end}，所以這個案例沒有縮減）"
    case .exitStatus: "結束狀態 {status}"
    case .endedBySignal: "訊號 {signal}"
    case .stillRunning: "仍在執行"
    case .factSeparator: "，"
    }
  }
}
