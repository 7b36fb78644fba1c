// The reason templates in Japanese: one case per template, so the compiler checks none is missing.

extension ReasonTemplate {
  /// The wording in Japanese (see ``text(in:)``).
  var japanese: String {
    switch self {
    case .replayStopped:
      "失敗は再現しませんでした：新しい対象での再実行が、ステップ {step} の前で止まりました"
    case .notReproduced:
      "失敗は新しい対象では再現しませんでした：{action} の後、再実行では {shown} でした。"
        + "モデルがステップ以外のもの（共有またはグローバルな状態、時刻）に依存しています"
    case .replayShowedInstead: "{recorded} ではなく {replayed}"
    case .differentMismatches: "別の食い違い"
    case .noExperimentConfirmed: "{action} のクラスを確定した実験はありません：{tried}"
    case .noExperimentApplies: "このステップに当てはまる実験はありません"
    case .rankedExplanations: "どの実験でも {count} 通りの説明が残ります：{explanations}"
    case .rankedExplanation: "({rank}) {class}：{reason}"
    case .notConfident: "確定できません。どの実験でも {count} 通りの説明が残ります（可能性の高い順）"
    case .countsBeforeAfter: "前は {before}、後は {after}"
    case .itemChange: "{item}：{before} から {after}"
    case .undoGroupsOne: "{count} 個の取り消しグループ"
    case .undoGroupsMany: "{count} 個の取り消しグループ"
    case .noValue: "値なし"
    case .selectionRecorded:
      "{action} は選択する項目を変えるだけで編集ではないのに、{groups}を記録しました"
        + "（{counts}）：選択が履歴に入りました"
    case .selectionSplit:
      "{action} は選択した {count} 個の項目（{changed}）への 1 回のユーザー操作なのに、"
        + "{groups} 個の取り消しグループを記録し（{counts}）、1 回取り消すと {undone} になります："
        + "選択した項目ごとの変更が、それぞれ別のグループになりました"
    case .selectionItemNotRestored:
      "{action} は選択した {count} 個の項目（{changed}）を 1 つのグループで変更しましたが、"
        + "1 回取り消すと {expected} ではなく {undone} になります：項目 '{item}' の値が戻りません"
    case .shownWhereDue: "{due} のはずが {shown}"
    case .selectionShownAsContract:
      "{action} の時点でモデルは {items} を保持し、UI は {shown} を表示していて、これは契約どおりです"
        + "（インスペクターは選択した値が異なるときだけ mixed を表示し、各項目はその値を表示します）："
        + "対象ではなく、期待値のほうが誤っているようです"
    case .selectionDisplayStale:
      "{action} の時点でモデルは {items} を保持しているのに、UI は {shown} を表示しています："
        + "選択について UI が表示するものが、項目の値に従っていません"
    case .coalescingSplit:
      "{action} は{why}に行われ、宣言された {window} の時間枠の内側なのに、別のグループを作り"
        + "（{counts}）、1 回取り消すと {undone} になります：入力の連続が分割されました"
    case .coalescingMerged:
      "{action} は{why}に行われたので新しいグループを始めるべきなのに、{counts} で、"
        + "1 回取り消すと value={value} ではなく {undone} になります：{what}"
    case .coalescingExpectationWrong:
      "{action} は{why}に行われ、対象が宣言する {window} の時間枠の内側なので、対象のとおり"
        + "前のグループにまとめられます（{undos}）：ケースの期待が違います。別のグループを始めるには、"
        + "少なくとも時間枠の分だけ待ってください（'wait window'）"
    case .afterPreviousAdjustment: "前の調整から {duration} 後"
    case .noEarlierAdjustment: "それより前の調整がないとき"
    case .afterRunEnded: "{action} で連続が終わった後"
    case .coalescedIntoPrevious: "調整が前のグループにまとめられました"
    case .noGroupToJoin: "まとめる先のグループが前になかったため、調整はグループをまったく記録しませんでした"
    case .askingShowsChange:
      "{action} の後 {observed}：確認の質問が開いていて何も送信していないのに、行が {shown} を"
        + "表示しています。ユーザーが確認するまで、行は確定値 {confirmed} を表示します"
    case .confirmationRuleDeclared: "対象は確認のルール '{rule}' を宣言しています"
    case .askedWrongly: "{rule}。しかし {displayed} での {action} は {asked}（{asking}）"
    case .askedFirst: "先にユーザーに確認しました"
    case .didNotAskFirst: "先に確認しませんでした"
    case .askedAndSent: "{rule}：{action} はユーザーに確認し、答えの前に書き込みを送信しました"
    case .declineChangedNothing: "{record} の確認を断っても、どのフィールドも変わりませんでした"
    case .declineChanged:
      "{record} の確認を断ると {before} が {after} に変わりました："
        + "断った確認は何も送信せず、何も変えません"
    case .confirmationNotWritten:
      "{record} の確認に同意しても書き込みを送信しませんでした：確認したタップは通常の書き込みです"
    case .entityRowsShare:
      "行 {row} と {other} はステップの後に食い違いましたが、その後 {sibling} をタップしても何も"
        + "送信しません：両方の行がエンティティの保留中の書き込みを共有しています"
    case .entityRowsSplit:
      "{action} は {record} の書き込みを送信し（{pending}）、同じエンティティの行 {sibling} を"
        + "タップすると 2 つ目の書き込みを送信します（{siblingPending}）：行がエンティティの状態を"
        + "共有せず、それぞれの状態を持っています"
    case .controlTap: "{shown} を表示している {record} のタップ"
    case .sameValueControls:
      "。同じ状態での {choice} も {shown} を表示するので、2 つのコントロールは同じ値を求めています"
    case .controlAskedOther:
      "{control} は {asked} を求めます。書き込みを送信し（sent=yes、{pending}）、行は {shown} を"
        + "表示しています（{displayed}）{comparison}：コントロールが、ユーザーが選んだ値とは別の値を"
        + "求めました"
    case .rowDoesNotFollowChoice:
      "{control} は書き込みを送信し、行は {shown} のままです。同じ状態での {choice} は {probed} を"
        + "表示するので、行は選択にも従っていません"
    case .controlAskedShown:
      "{control} は {asked} を求めます。書き込みを送信し（sent=yes、{pending}）、行は {shown} の"
        + "ままです（{displayed}）。一方、同じ状態での {choice} は {other} を表示します："
        + "行は選択に従うので、コントロールはユーザーが選んだ値ではなく、表示中の値を求めました"
    case .subjectCrashed:
      "ステップ {step} の後、{phase}に対象がクラッシュしました：ワーカーは {ending} で終了しました"
    case .subjectCrashedWrote:
      "ステップ {step} の後、{phase}に対象がクラッシュしました：ワーカーは {ending} で終了しました。"
        + "最後の出力：{text}"
    case .whileClassifying: "失敗を分類している間"
    case .duringStep: "{step} の実行中"
    case .lateSignal: "シグナル {signal}（その後 {grace} 以内に終了しなかったため、強制終了しました）"
    case .caseTimedOut:
      "ケースが {limit} 以内に終わりませんでした（最後に終わったステップはステップ {step}）："
        + "ワーカーを強制終了しました"
    case .stepTimedOut:
      "{step} が {limit} 以内に終わりませんでした：対象が応答しなくなったため、ワーカーを強制終了しました"
    case .undoWord: "取り消し"
    case .redoWord: "やり直し"
    case .inverseRegisteredLate:
      "ステップ {step} の{verb}で値は変わりましたが、その後の{reverse}では何も変わりません。"
        + "また {action} で、UndoManager がどのグループにも属さない登録を報告しました："
        + "逆操作が、{verb}が終わった後に登録されました"
    case .undoManagerRefused: "UndoManager が {action} を拒否しました：{problems}"
    case .appKeepsOwnRedo:
      "{action} の後、canRedo=no なのに redoEnabled=yes で、やり直すと value={now} が "
        + "value={redone} になります：アプリが独自のやり直しを持っていて、それが編集の後も残っています"
    case .modelButUI: "{model} なのに {ui}"
    case .uiNotRefreshed:
      "{action} の後、モデルは {pairs} です：UI 層がモデルから更新されていません"
    case .undoLeftNoGroup:
      "{action} の前 {observed}：取り消すべき操作がグループを残していません"
    case .restoredAfterUndos:
      "{count} 回の取り消しで {expected} に戻りました：操作が {count} 個のグループとして記録されました"
    case .undoWentPastStart:
      "1 回の取り消しが操作の開始より前の {first}（ステップ {step} の前の値）まで戻り、"
        + "{merged}：グループがまとめられました"
    case .editJoinedGroup: "{action} は {before} を {after} に変えましたが、{undos} は前のままです"
    case .inverseWrongValue:
      "取り消しで 1 つのグループが戻りました（{counts}）が、value={value} のままです。"
        + "何回取り消しても {expected} には戻りません（取り消しの結果：{shown}）："
        + "逆操作が、置き換えた値を戻していません"
    case .undoNotOneGroup:
      "取り消しでちょうど 1 つのグループが戻りませんでした（{counts}）。繰り返し取り消した結果：{shown}"
    case .redoLeftNoGroup: "{action} の前 {observed}：前の取り消しがやり直しのグループを残していません"
    case .reachedAfterRedos:
      "{count} 回のやり直しで {expected} になりました：取り消した操作が {count} 個のグループとして記録されました"
    case .redoWrongValue:
      "やり直しで 1 つのグループが戻りました（{counts}）が、{expected} ではなく value={value} のままです"
    case .redoNotOneGroup: "やり直しでちょうど 1 つのグループが戻りませんでした（{counts}）"
    case .noInverseRegistered:
      "{action} の後 {observed} で、やり直しても何も変わりません（value は {value} のまま）："
        + "取り消しが逆操作を登録しなかったため、やり直しのグループがありません"
    case .redosNeeded:
      "{action} の後 {observed} で、value={value} に戻すには {count} 回のやり直しが必要です："
        + "取り消しによって、操作が {count} 個のグループになりました"
    case .oneRedoGives: "{action} の後 {observed} で、1 回やり直すと value={value} になります"
    case .historyKept:
      "{action} の後 {counts}（前は {undos}）で、{probe}：あってはならない履歴が残っている、"
        + "または記録されました"
    case .undoLeaves: "その後の取り消しでも value={value} のままです。前に記録されたものに対して働いています"
    case .undoMoves: "その後の取り消しで value={from} が value={to} になります"
    case .emptyGroupAmongSplit:
      "{action} の後 {counts}。1 回取り消しても何も変わらず（value は {value} のまま）、{depth} 回の"
        + "取り消しで {start} に戻ります：操作が {depth} 個のグループとして記録され、そのうち 1 つは"
        + "表示を何も変えません"
    case .emptyGroupRecorded:
      "{action} の後 {counts} なのに、1 回取り消しても何も変わりません（value は {value} のまま）："
        + "空のグループが記録されました"
    case .limitNotApplied:
      "履歴の上限を {limit} にした後も {undos} です：上限が UndoManager に適用されていません"
    case .editLostGroups:
      "{action} が {before} を {after} に変えました：編集はグループを追加するはずなのに、"
        + "履歴からグループが失われました"
    case .actionMergedIntoGroup:
      "{action} は value={from} を value={to} に変えましたが undos は {undos} のままで、1 回取り消すと"
        + "前の操作の前の値 value={previous} に戻ります：操作が前のグループにまとめられました"
    case .actionNotRecorded:
      "{action} は value={from} を value={to} に変えましたが、{counts} は前のままです："
        + "操作が独立したグループとして記録されていません"
    case .noUndoProbeExplained:
      "{action} の後 {counts}（前は {undos}）。取り消しによる調査では、この数を説明できませんでした"
    case .pessimisticDisplayBroken:
      "{action} の後 {observed}：対象は悲観的な表示を宣言しているので、{pending} が保留中の間、"
        + "行は確定値 {confirmed} を表示するはずなのに、答えの前に {shown} を表示しています"
    case .savingNotBound: "{action} の後 {observed}：保存中のインジケーターが pending に結び付いていません"
    case .controlNotBound:
      "{action} の後 {record}.tapEnabled={enabled} なのに、{record} をタップすると{sent}："
        + "コントロールがモデルのゲートに結び付いていません"
    case .tapSends: "書き込みを送信します"
    case .tapSendsNothing: "何も送信しません"
    case .dragCommandNotRefused:
      "ドラッグ中の {action} が拒否されませんでした（{seen}）：ドラッグの操作がまだ開いているうちに、"
        + "コマンドがドラッグ前に記録された履歴に届きました"
    case .dragCommandRefused: "ドラッグ中の {action} は何も変えませんでした（{after}）。宣言されたルール 'refused' のとおりです"
    case .dragCommandChangedHistory: "ドラッグ中の {action} が、ドラッグをキャンセルするだけでなく履歴を変えました（{seen}）"
    case .dragCommandLeftValue:
      "ドラッグ中の {action} は履歴を変えずに value={value} を残しました。"
        + "ドラッグは value={start} で始まっていて、宣言されたルール 'cancels-drag' "
        + "はその値に戻します"
    case .dragCommandCancelled: "{action} はドラッグをキャンセルしました（{after}）。宣言されたルールのとおりです"
    case .redoCountsAround: "{action} の前は {before}、後は {after}"
    case .redoCountGrew: "{counts}：やり直しの数は、取り消しが戻したグループの分だけ増えました"
    case .redosBringBack: "{counts}。ただし、その後のやり直しで value={lost} が戻ります（やり直しの結果：{shown}）"
    case .undoLeftNoOwnRedo:
      "{counts}。1 回やり直すと value={undone} ではなく value={redone} になります："
        + "取り消しが自分のやり直しを残していません"
    case .aRedoGives: "1 回のやり直しの結果は"
    case .redosGive: "{count} 回のやり直しの結果は"
    case .ownRedoRestores: "1 回やり直すとその取り消しが取り去った value={undone} に戻りますが、{redos} value={shown}"
    case .nothingToUndoThenRedo: "その取り消しには取り消すものがなく、{redos} value={shown}"
    case .undoDroppedRedo:
      "{counts}。{gives} で、{earlier} がやり直せるように残した value={lost} "
        + "には決してなりません：2 回目の取り消しが、1 回目の取り消しのやり直しを捨てました"
    case .undoStackEmptiedRedoKept:
      "{action} は取り消しのスタックを空にしました（前は {before}、後は {after}）が、"
        + "やり直すと value={now} が value={redone} になります："
        + "それより前のもののやり直しの分岐が残っています"
    case .earlierHistoryKept:
      "{action} の後 {counts} で、やり直すと value={now} が value={redone} "
        + "になります：編集ではないのに、その操作より前に記録された履歴が残っています"
    case .redoBranchMayBeKept:
      "{action} の前は {before} なので、取り消しのスタックが空にされたのか残されたのかを区別できません。"
        + "後は {after} で、やり直すと value={now} が value={redone} になります："
        + "残ったのはやり直しの分岐だけかもしれません"
    case .redoBackToAbandoned:
      "{action} の後 {counts} で、やり直すと value={now} が value={redone} "
        + "になり、捨てられた分岐に戻ります"
    case .redoChangesNothing: "{action} の後 {counts} ですが、やり直しても何も変わりません（value は {now} のまま）"
    case .documentWhenLeft: "文書 {document} は、ユーザーが離れたとき（ステップ {step} の前）{counts} でした"
    case .switchBackChangedHistory: "{left}。{action} の後は {counts} です：やり直しの分岐だけでなく、履歴全体が変わりました"
    case .switchBackRedoMoves: "{left}。{action} の後は {counts} ですが、やり直すと値はまだ変わります"
    case .switchBackDroppedRedo:
      "{left}。{action} で戻ったとき、取り消しの履歴は残りましたが {counts} になりました："
        + "対象は history-per-document を宣言しているのに、戻るときにやり直しの分岐が捨てられました"
    case .historyCarriedAcrossSwitch:
      "{action} の前は {before}、後は {after} ですが、"
        + "切り替え先の文書には取り消しもやり直しもするものがありません：離れた文書の履歴が切り替えの後も残っていて、"
        + "{command}しても表示は何も変わりません"
    case .withOneMoreAdjustment:
      "ステップ {step} の前に調整を 1 つ足すと（adjust {extra}）、"
        + "{action} の前は {before}、後は {after}"
    case .redoMoves: "やり直すと value={now} が value={redone} になります"
    case .deeperHistoryKept: "{counts}：編集ではないのに、操作がそれより前に記録された履歴を残しました（{redo}）"
    case .deeperRedoBranchKept: "{counts}：操作は取り消しのスタックを空にしましたが、やり直しの分岐を残しました（{redo}）"
    case .valueNotChanged: "{action} は値を変えませんでした（{value}）"
    case .nothingMadeStale: "{action} は value={value} を残しましたが、古くなる理由はありません：始まってから文書も値も変わっていません"
    case .staleCallbackApplied:
      "{action} がなければ期待どおりで、あると value={value} です："
        + "コールバックは古くなっていた（{staleness}）のに適用されました"
    case .staleResultApplied:
      "{action} がなければ期待どおりで、あると value={value} です："
        + "結果は古くなっていた（{staleness}）のに適用されました"
    case .leavingOutActionFails: "{action} を除いても、期待した状態にはなりません"
    case .actionLeftValue: "{action} は value={value} を残しました"
    case .staleDocumentSwitched: "ステップ {step} で文書が {document} に切り替わりました"
    case .staleDocumentLoaded: "ステップ {step} で読み込みが文書を置き換えました"
    case .staleValueChanged: "ステップ {step} で {before} が {after} に変わりました"
    case .cancelKeptGroups: "キャンセルで value={start} に戻りましたが {now} のままです：ドラッグ中に記録されたグループが残りました"
    case .cancelLeftValue: "キャンセルの後は value={value} で（{now}）、ドラッグの開始時の value={start} ではありません"
    case .dragRecordedInProgress:
      "ドラッグがキャンセルされる前の {action} の後、{counts} でした（ドラッグを始めたときは "
        + "{began}）：ドラッグが途中で記録され、{cancel}"
    case .cancelledDragLeftValue:
      "キャンセルしたドラッグは value={value} を残しました（{now}）。"
        + "ドラッグは value={start} で始まっていて（{began}）、"
        + "宣言されたルール 'restore-start' はその値に戻します"
    case .cancelledDragChangedHistory:
      "キャンセルしたドラッグは value={start} に戻しましたが、履歴を変えました（始めたときは {began}、"
        + "後は {now}）：キャンセルしたドラッグは何も記録してはいけません"
    case .cancelledDragRestored: "キャンセルしたドラッグは value={start} に戻し、履歴をそのままにしました（{now}）"
    case .cancelledDragMovedValue:
      "キャンセルしたドラッグが value={kept} を value={value} に変えました（{now}）。"
        + "宣言されたルール 'keep-current' は、値をドラッグした位置のままにします"
    case .cancelledDragNotRecorded:
      "キャンセルしたドラッグは value={value} を保ちましたが {now} のままで（ドラッグを始めたときは "
        + "{began}）、1 回取り消すと value={start} ではなく {undone} になります："
        + "宣言されたルール 'keep-current' はドラッグを取り消せる 1 つの操作として記録するのに、"
        + "何も記録されませんでした"
    case .dragBackAtStart: "ドラッグは開始時の値（value={start}）に戻っていて、対象はその場合何も記録しないと宣言しています"
    case .keepCurrentOneGroup: "宣言されたルール 'keep-current' は、ドラッグを 1 つのグループとして記録します"
    case .groupsMoreOne: "期待より {count} 個多いグループ"
    case .groupsMoreMany: "期待より {count} 個多いグループ"
    case .cancelledDragExtraGroups:
      "キャンセルしたドラッグは {now} を残し（ドラッグを始めたときは {began}）、{extra}があり、"
        + "1 回取り消すと {undone} になります：{what}"
    case .cancelledDragKeptAsRule:
      "キャンセルしたドラッグは value={value} を保ち、{now} を残しました（始めたときは {began}）。"
        + "宣言されたルール 'keep-current' のとおりです"
    case .emptyGroupBeside:
      "{action} は {before} を {after} に変え、"
        + "value={value} から {added} 回取り消した結果は {shown} でした："
        + "{index} 回目の取り消しは表示を何も変えないので、操作は自分のグループのほかに空のグループを記録しました"
    case .groupLeftOpen: "{action} の後 groupingLevel が {level} です：グループが開いたままになっています"
    case .batchSentWhilePending:
      "{counts} のまま {action} がバッチを送信しました（sent=yes）："
        + "保留中の書き込みがあるレコードは、ほかの書き込みを受け付けません"
    case .batchSentWhileNeedsSync:
      "{counts} のまま {action} がバッチを送信しました（sent=yes）："
        + "同期するまで書き込みが止められていません"
    case .batchHeldByOldSession:
      "{counts}（ステップ {step} のセッション変更より前に送信した書き込み）のため、"
        + "{action} は何も送信しませんでした（sent=no）：セッション変更が、"
        + "古いセッションの書き込みを保留中のまま残しました"
    case .batchSharesGate:
      "{others} の間 {action} は何も送信せず、ほかのレコードへの書き込みを除くとバッチは送信されます："
        + "レコードが 1 つの送信中ゲートを共有しています"
    case .batchGateClosed: "{counts} で同期も必要ないのに、{action} は何も送信しませんでした（sent=no）：ゲートがバッチを通しませんでした"
    case .sessionChangedAt: "ステップ {step} でセッションが変わりました"
    case .answeredAt: "ステップ {step} ですでに応答されていました"
    case .timedOutAt: "ステップ {step} でタイムアウトしました"
    case .answerToBatch: "バッチ {request} への応答"
    case .batchAnswerMissed:
      "{action} の後 {counts}：バッチ {request} への応答は {settled} を確定しましたが、"
        + "{left} には届きませんでした。1 つの応答は、それが運ぶすべてのレコードを確定します"
    case .batchReachedNoneStill:
      "バッチ {request} への応答の後 {counts}：応答はどのレコードにも届かず、"
        + "並べ替えと絞り込みを除いても {still} のままです"
    case .batchReachedNoneMoved:
      "{action} の後 {counts}：バッチ {request} への応答は {records} のどれにも届かず、"
        + "並べ替えと絞り込み（{steps}）がなければすべてを確定します：レコードが ID ではなく、"
        + "行や表示内容で探されています"
    case .batchAnsweredTapSends: "バッチ {request} への応答の後 {counts} ですが、{record} をタップすると書き込みを送信します"
    case .batchGateNotReopened:
      "{action} の後も {counts} のままで、{record} をタップしても何も送信しません："
        + "バッチ {request} への応答がどのレコードにも届かず、ゲートを開け直しませんでした"
    case .batchRollback:
      "{request} の拒否で {before} が {after} になりました：拒否されたバッチは、"
        + "すべてのレコードを現在確定している値に戻します"
    case .batchUnknown: "{request} の結果が不明になった後 {counts}：バッチのすべてのレコードは仮の値を取り下げ、同期が必要になります"
    case .batchServerValue: "'{request}' が {outcome} として保存された後 {counts}：各レコードはサーバーの値を採用します"
    case .rowApartFromModel:
      "{action} の後 {observed}：モデルは {model} を保持し、"
        + "行は {shown} を表示しているので、行がモデルから更新されていません"
    case .tapSendsAnother: "{observed} のまま {record} をタップすると、もう 1 つ書き込みを送信します"
    case .tapSendsWhileNeedsSync: "{observed} のまま {record} をタップすると書き込みを送信します：同期するまで書き込みが止められていません"
    case .tapGateClosed: "{observed} で {record} をタップしても何も送信しません：保留中の書き込みも必要な同期もないのに、ゲートが閉じたままです"
    case .aTapOn: "{record} のタップ"
    case .theTapOn: "{record} のそのタップ"
    case .tapSharesGate:
      "{others} の間、{record} をタップしても何も送信せず、ほかのレコードへの書き込みを除くと送信されます："
        + "レコードが 1 つの送信中ゲートを共有しています"
    case .writeSharesGate:
      "{others} の間、{write} は何も送信せず、ほかのレコードへの書き込みを除くと送信されます："
        + "レコードが 1 つの送信中ゲートを共有しています"
    case .writeSentAnother: "{counts} のときの {write} が、もう 1 つ書き込みを送信しました"
    case .writeSentWhileNeedsSync: "{counts} のときの {write} が書き込みを送信しました：同期するまで書き込みが止められていません"
    case .writeSent: "{counts} のときの {write} が書き込みを送信しました"
    case .expectsWriteWhilePending:
      "{counts} が保留中で応答もないのに、ステップは書き込みを期待しています。"
        + "1 つのレコードで送信中の書き込みは一度に 1 つなので、モデルではなく期待値のほうが誤っているようです"
    case .writeStuckPending: "{counts} がまだ保留中だったため、{write} は何も送信しませんでした：{settlement}"
    case .answerDidNotSettle: "ステップ {step} の応答 '{answer}' では確定しませんでした"
    case .noAnswerBeforeTap: "このタップより前に {request} への応答はありませんでした"
    case .writeBlockedBySyncToo:
      "{counts} でもあったため、{write} は何も送信しませんでした：必要な同期もそれを拒むので、"
        + "書き込みは確定していて、止めているのは結果不明の状態かもしれません"
    case .writeBlockedBySync:
      "{counts} のため、{write} は何も送信しませんでした："
        + "{last}結果がわかっているか同期が終わっていれば、レコードは書き込める状態でなければなりません"
    case .lastAnswerWas: "最後の応答は '{answer}' でした。"
    case .choiceRefused:
      "{counts} のときの {write} は何も送信しませんでしたが、"
        + "その後 {record} をタップすると書き込みを送信します：レコードを止めるものは何もないのに、"
        + "{value} の選択が拒否されています（選択肢が 3 つ以上の対象は choose(_:record:) "
        + "を実装します。プロトコルの既定の実装はタップするだけです）"
    case .writeGateClosed: "{counts} のときの {write} は何も送信しませんでした：保留中の書き込みも必要な同期もないのに、ゲートが閉じたままです"
    case .writeFoundAndLeft: "{write} の時点では {counts} で、後には {left} でした"
    case .writeChangedPending: "{counts} の間の {write} が {before} を {after} に変えました"
    case .answerTo: "{request} への応答"
    case .unknownOutcomeOf: "{request} の結果が不明になったこと"
    case .writeNeverSent: "書き込み {request} は一度も送信されていない（{action} の後 sent=no）ので、その応答では何も起こりえません"
    case .syncNeverSent:
      "同期 {request} は一度も送信されていない（{action} の後 sent=no）ので、"
        + "その応答では何も起こりえません：同期は、必要なときに限らず、いつでも始められます"
    case .andShowed: "、{value} を表示"
    case .queuedWriteNotSent:
      "{request} が保留中の間の {record} のタップは待ち行列に入りました（{queued} "
        + "は送信なし{shown}）が、{action} は書き込みを送信しませんでした："
        + "送信中のルール queue-latest では、応答が待ち行列の値を送信します"
    case .roundTripNeverSent:
      "{record} の同期は一度も送信されていません（{action} の後 sent=no）：同期は、"
        + "必要なときに限らず、いつでも始められます"
    case .answerWasCurrent: "{request} への応答は最新でした（届いたときは {counts}）。古くはありませんでした"
    case .answerDidNotReopen: "応答の後も {counts} のままで、{record} をタップしても何も送信しません：応答がレコードのゲートを開け直しませんでした"
    case .answeredTapSends: "応答の後も {counts} のままですが、{record} をタップすると書き込みを送信します"
    case .rowNotRepainted:
      "{action} の後 {observed} ですが、{record} をタップすると書き込みを送信し、"
        + "表示は {tapped} のままです：タップはモデルが保持する値の次の値を求めるので、"
        + "モデルは行の {shown} とは別の値を保持していて、行が描き直されていません"
    case .otherRecordChanged: "{record} への書き込みである {what} が {other} を変えました：前は {before}、後は {after}"
    case .resorts: "並べ替え"
    case .resortsAndFilters: "並べ替えと絞り込み"
    case .leavingOutMovesFails: "{moves}を除いても、期待した状態にはなりません"
    case .locatedByRow:
      "{moves}がなければ {request} への応答は期待どおり {record} に届きます。"
        + "あると {order}、{shown} です：レコードが ID ではなく行で探されています"
    case .successNotStored:
      "サーバーの応答が 'saved {value}' でも 'saved {other}' でも {stored} で、"
        + "行は応答に従っています：成功は表示されますが、確定値として保存されていません"
    case .successShowsIntent:
      "サーバーの応答が 'saved {value}' でも 'saved {other}' でも {shown} です："
        + "成功のとき、サーバーの値ではなくユーザーの意図が表示されています"
    case .withSavedInstead: "代わりに 'saved {other}' なら {shown}"
    case .rowFollowsServer: "{followed}：行はサーバーの値に従っています"
    case .rejectionNeedsSync:
      "{request} の拒否で {before} が {after} になりました：拒否は結果がわかっている状態なので、"
        + "レコードは元に戻り、書き込める状態のままです"
    case .rejectionChangedConfirmed:
      "{request} の拒否で {before} が {after} になりました："
        + "拒否は確定値をそのままにしなければなりません"
    case .afterRejection: "拒否の後 {observed}"
    case .rollbackToSnapshot:
      "{request} の拒否の後 {observed}。{atTap} はタップしたときの値です：ロールバックが、"
        + "現在確定している値ではなく、スナップショットに戻しています"
    case .rollbackNotShown: "{request} の拒否の後 {observed}：行が、現在確定している値を表示していません"
    case .outcomeTreatedAsKnown:
      "{what}の後 {observed} で、{record} をタップすると書き込みを送信します："
        + "結果がわかっているものとして扱われました"
    case .unknownTreatedAsSuccess: "{what}で {before} が {after} になりました：不明な結果が成功として扱われました"
    case .unknownTapSendsNothing: "{what}の後 {observed} で、{record} をタップしても何も送信しません"
    case .modelKeptProvisional: "{what}の後 {observed}：モデル自身が仮の値を保持していて、取り下げられていません"
    case .failedReadRepaints:
      "{what}の後 {observed} で、レコードの保持内容を何も変えない {record} の読み込み失敗の後は "
        + "{repainted} です：モデルは仮の値を取り下げていて、行が描き直されていませんでした"
    case .provisionalNotWithdrawn: "{what}の後 {observed} で、{record} の読み込みが失敗した後も同じです：仮の値が取り下げられていません"
    case .modelMayBeRight:
      "{what}の後 {observed} で、{record} をタップしても何も送信しないので、"
        + "タップによる調査ではモデルの保持する値がわからず、対象もそれを報告していません（`{record}.model`）："
        + "モデルは正しく、行が描き直されていないだけかもしれません"
    case .cancelling: "{request} のキャンセル"
    case .answerToSync: "同期 {request} への応答"
    case .syncOf: "{record} の同期"
    case .syncAnswerWasCurrent: "{what}はレコードの現在の同期に応えたもので、古くはありませんでした"
    case .whatChanged: "{what}で {before} が {after} になりました"
    case .readDroppedWrite:
      "{what}で {before} が {after} になり、"
        + "その後 {record} をタップするともう 1 つ書き込みを送信します：読み込みが、"
        + "まだ送信中の書き込みを捨てました"
    case .syncTapSends: "{what}の後 {counts} ですが、タップすると書き込みを送信します"
    case .syncDoesNotUnblock:
      "{what}の後 {observed} で、{record} をタップしても何も送信しません："
        + "同期が終わっても書き込みの停止が解けていません"
    case .failedReadUnblocked:
      "{what}は失敗したのに {before} を {after} に変えました：失敗した読み込みの後、"
        + "レコードは止められたままでなければなりません"
    case .recordFollowsSync: "反対の値を読み込むと {shown}：レコードは同期に従っています"
    case .syncValueIgnored: "同期で {value} を読んでも {other} を読んでも {shown} です：レコードがサーバーの値を無視しています"
    case .cancelOf: "{request} のキャンセル"
    case .itChanged: "{record} を変えました（後は {counts}）"
    case .itWasApplied: "適用されました"
    case .leavingOutFails: "{what}を除いても、期待した状態にはなりません"
    case .leavingOutGivesExpected: "{what}を除くと期待した状態になります。{facts}。それなのに{effect}"
    case .cancelledAt: "ステップ {step} でキャンセルされました"
    case .anotherTapsRequest: "別のタップの要求"
    case .anotherSync: "別の同期"
    case .sentAfterIt: "その後ステップ {step} で {request} が送信されました"
    case .whenItCame: "届いたときは {counts} でした"
    case .sessionWriteStillPending: "セッション変更の後 {observed}：前のセッションの書き込みがまだ保留中です"
    case .sessionUnknownKept: "セッション変更の後 {observed}：前のセッションの不明な結果が残っています"
    case .sessionValueKept: "新しいセッションは {value} としているのに、セッション変更の後 {observed} です"
    case .sessionKeptNothing: "セッション変更の後、pending、needsSync、値のどれかを残したレコードはありません"
    case .resortChangedNothing: "並べ替えはどのレコードの状態も変えませんでした（{order}）"
    case .resortChangedState: "並べ替えで {before} が {after} になりました：レコードに属する状態を行が持っています"
    case .rowsMovedLocatedByRow:
      "{steps} がなければ{what}で期待した状態になります。あると {order} です："
        + "レコードが ID ではなく行で探されています"
    case .noReadDue:
      "{record} の読み込みは必要ありませんでした（{counts}）：'read' は、"
        + "結果が不明になった後やキャンセルの後にアプリが始める読み込みに名前を付けます"
    case .readNotStarted:
      "{counts} なのに、アプリは '{request}' と名付ける {record} "
        + "の読み込みを始めませんでした（{action} の後 sent=no）。"
        + "アプリは automatic-reads を宣言しています：結果が不明なレコードは、"
        + "次の書き込みの前にサーバーから読み込まなければなりません"
    case .readWhereNotDue:
      "アプリが {records} の読み込みを始めました（started={list}）。"
        + "{action} の前は {before}、後は {after} です：結果が不明になっていないのに、"
        + "自分から読み込んでいます"
    case .unnamedRead:
      "アプリは、読み込みが必要なとき（{counts}）に {list} の読み込みを始めました。"
        + "これは automatic-reads を宣言するアプリのすべきことですが、"
        + "ケースがその読み込みに名前を付けていません：読み込みを始めたステップの次のステップで 'read <id> as "
        + "<name>' と名付けてください（自分から読み込まないアプリ向けのケースは 'sync' で同期します）"
    case .filterChangedNothing: "絞り込みは、どのレコードの確定値、保留中の書き込み、必要な同期も変えませんでした"
    case .filterDroppedState: "絞り込みで {before} が {after} になりました：行を隠したことで、そのレコードに属する状態が失われました"
    case .refreshAnswerWasNewest: "{request} への応答は最新の再読み込みに応えたもので、古くはありませんでした"
    case .answerToRefresh: "再読み込み {request} への応答"
    case .refreshDroppedWrite:
      "再読み込み {request} への応答で {before} が {after} になりました：リストの再読み込みが、"
        + "まだ送信中の書き込みを捨てました"
    case .anotherRefresh: "別の再読み込み"
    case .noWriteTimeout: "対象は書き込みのタイムアウトを宣言していないのに、{action} が {record} を変えました"
    case .noWriteDueBy: "その時点で期限を迎えた {record} への書き込みはありませんでした"
    case .earlierTimeoutFellDue: "{writes}（ステップ {steps} で送信）のタイムアウトがこの待ち時間中に来ました"
    case .timerOutlivedWrite:
      "{action} は {now} に {request} を取り下げました（前は {before}、"
        + "後は {after}）が、それ自身のタイムアウトは {deadline} です（ステップ {step} で送信、"
        + "タイムアウト {timeout}）。{reason}：タイマーが、設定された書き込みより長く残っていました"
    case .timeoutOf: "{request} のタイムアウト"
    case .stillPendingBeforeTimeout: "{request} は {now} の時点でまだ保留中で、タイムアウトの {deadline} より前です"
    case .timeoutNotGivenUp:
      "{action} は {request}（ステップ {step} で送信、期限 {deadline}）"
        + "のタイムアウトを応答のないまま過ぎさせ、まだ {counts} です：書き込みが、"
        + "結果不明としてあきらめられていません"
    case .syncPredatesUnknown:
      "{what}で {before} が {after} になりましたが、それはステップ {sent} で、"
        + "ステップ {blocked} で {record} への書き込みの結果が不明になる前に送信されたものです："
        + "その値はその書き込みより古いかもしれず、レコードの停止を解けるのは、"
        + "その後の読み込み {read}（ステップ {step}）だけです。応答を除くと期待した状態になります"
    case .unnamedWrite: "名前のない書き込み"
    case .unnamedBatch: "名前のないバッチ"
    case .searchingBackwards:
      "さかのぼって調べると、履歴が最初に契約と食い違ったのは {at} の後で（{divergence}）、"
        + "それが表れたのは {action} です。そのステップでは："
    case .withLimitLifted: "履歴の上限をすべて外すと（'levels 0'）、同じ前半部分で {divergence} になります。そのステップでは："
    case .contractExpects: "契約では {expected} のところ {shown}"
    case .walkContractExpects: "取り消しの結果は {shown} で、契約では {expected} です"
    case .workerRefused: "ワーカーがケースを拒否しました：{problem}"
    case .noReasonGiven: "理由は示されていません"
    case .shrunkNotReproduced:
      "縮めたケースを新しい対象で実行すると、失敗は再現しませんでした：再実行では {seen} でした。"
        + "モデルがステップ以外のものに依存しています"
    case .sessionBrokeWorker:
      "セッションは、再実行して縮めている間はワーカーを壊しました（{how}）が、"
        + "新しい対象でケースとして実行したときは壊しませんでした。モデルがステップ以外のものに依存しています"
    case .explorationNotReproducedAtStep:
      "縮めたケースを新しい対象で実行すると、失敗は再現しませんでした：探索ではステップ {step} で {seen} でした。"
        + "モデルがステップ以外のもの（共有またはグローバルな状態、時刻）に依存しています"
    case .explorationNotReproduced:
      "縮めたケースを新しい対象で実行すると、失敗は再現しませんでした：探索では {seen} でした。"
        + "モデルがステップ以外のもの（共有またはグローバルな状態、時刻）に依存しています"
    case .sequenceBrokeWorkerOnce:
      "探索中のシーケンス {sequence} でワーカーが {end} でしたが、もう一度実行したときはワーカーを壊しませんでした："
        + "モデルがステップ以外のもの（共有またはグローバルな状態、時刻）に依存しています"
    case .brokeWorkerWhileShrinking:
      "（縮めている間に、探索していたワーカーが {end} でした。そのためケースは縮めていません）"
    case .exitStatus: "終了ステータス {status}"
    case .endedBySignal: "シグナル {signal}"
    case .stillRunning: "まだ実行中"
    case .factSeparator: "。"
    }
  }
}
