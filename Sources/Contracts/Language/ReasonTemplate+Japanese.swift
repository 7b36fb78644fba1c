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
    }
  }
}
