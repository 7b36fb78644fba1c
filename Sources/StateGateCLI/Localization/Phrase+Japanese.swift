import Contracts

// The phrases in Japanese: one case per phrase, exit status and family, so the compiler checks
// none is missing.

extension Phrase {
  /// The phrase in Japanese.
  var japanese: String {
    switch self {
    case .failureClasses: "失敗クラス："
    case .explainOne: "各クラスの説明は 'stategate explain CLASS' で表示できます。"
    case .typicalCauses: "よくある原因："
    case .whereToLook: "まず確認する場所："
    case .listedClasses: "失敗クラス（詳しくは 'stategate explain CLASS'）："
    case .exitStatuses: "終了ステータス："
    case .listSeparator: "、"
    case .listEnd: ""
    case .classAlternative: " または "
    case .replayHeading: "再実行 {path}（実行 {run}、{status}）"
    case .replayedCase: "{case}（{subject}{recorded}）：{verdict}"
    case .recordedOn: "、記録したのは {subject}"
    case .notReplayedNoSteps:
      "再実行していません：実行はこのケースのステップを記録しておらず（結果は {outcome}）、"
        + "スイートも読めません"
    case .notReplayedSkipped: "再実行していません：{reason}。この対象ではケースに意味がありません"
    case .passesNowUnrecorded:
      "今回は成功します。実行の記録では {outcome} で、比べるステップはありません"
    case .failsNowUnrecorded:
      "今回は失敗します：ステップ {step} '{action}'：{mismatches}{class}。実行の記録では "
        + "{outcome} で、比べるステップはありません"
    case .nowPasses: "今回は成功します"
    case .differs: "記録と異なります"
    case .stepPassesNow:
      "{verdict}：ステップ {step} '{action}' が今回は成功し、記録では {recorded} です"
    case .stepFailsNow:
      "{verdict}：ステップ {step} '{action}' が今回は失敗し、記録では {recorded} です："
        + "{mismatches}"
    case .passesAsRecorded: "記録どおり成功します"
    case .reproducesExactly: "そのまま再現します：ステップ {step} '{action}' が失敗{class}"
    case .reproducesOtherValues:
      "再現します（同じステップで失敗、値は別）：ステップ {step} '{action}' が失敗{class}"
    case .replayClass: "；クラス {class}"
    case .replayClassNotConfident: "；クラス {classes}（確定できません）"
    case .endingStepFails: "ステップ {step} '{action}' が失敗"
    case .endingStepMismatches: "ステップ {step} '{action}' が失敗：{mismatches}"
    case .endingStepNote: "ステップ {step} '{action}'：{note}"
    case .endingNowPasses: "今回は成功します。記録では {recorded} です"
    case .endingReproduces: "再現します：{what}；クラス {class}"
    case .endingDiffers: "記録と異なります：{what}；クラス {class}、記録では {recorded} です"
    case .exploreHeading:
      "stategate {version} explore：乱数シード {seed}、{budget}、1 シーケンスあたり最大 {steps} "
        + "ステップ{shard}；対象：{subjects}"
    case .exploreShard: "、シャード {shard}"
    case .subjectFamily: "{subject}（{family}）"
    case .sequencesOne, .sequencesMany: "{count} シーケンス"
    case .stepsOne, .stepsMany: "{count} ステップ"
    case .subjectsOne, .subjectsMany: "{count} 個の対象"
    case .failuresOne, .failuresMany: "{count} 件の失敗"
    case .exploredCounts: "{sequences}、{steps}"
    case .nothingFound: "何も見つかりませんでした：{explored}"
    case .foundBySequence:
      "シーケンス {sequence} で発見（{explored}）；{generated} ステップを {replays} 回の再実行で "
        + "{shrunk} ステップに縮めました"
    case .caseToPaste: "そのまま貼り付けられるケース（乱数シード {seed}）{kept}："
    case .keptIn: "；保存先 {file}"
    case .coverageNotKnown: "カバレッジ：不明（探索していたワーカーが報告する前に終了しました）"
    case .coverageActions: "操作：{list}"
    case .coverageSituations: "状況：{list}"
    case .neverReached: "一度も到達しなかった状況：{list}"
    case .exploreTotal: "合計：{subjects}を探索、{failures}{classes}"
    case .failuresByClass: "；クラス別の失敗：{list}"
    case .exploreInterrupted: "中断：最後に表示した対象より後の対象は探索していません"
    case .failingCases: "失敗したケース（{count}）"
    case .everyCaseHeld: "実行したすべてのケースが契約を守りました。"
    case .neverFinished: "ケースは終わりませんでした"
    case .timelineLine: "行"
    case .timelineStep: "ステップ"
    case .timelineExpected: "期待"
    case .timelineObserved: "ステップ後の観測値"
    case .timelineVerdict: "判定"
    case .invariantNote: "（不変条件：{invariant}）"
    }
  }
}

extension ExitStatus {
  /// What the status means, in Japanese.
  var japaneseMeaning: String {
    switch self {
    case .success: "成功"
    case .contractFailures: "契約の失敗"
    case .usage: "使い方の誤り"
    case .malformedInput: "入力の形式が不正"
    case .missingInput: "入力がない"
    case .nothingMatched: "該当なし"
    case .internalError: "内部エラー"
    case .ioError: "入出力エラー"
    case .interrupted: "中断"
    }
  }
}

extension ContractFamily {
  /// The family's name in Japanese.
  var japaneseName: String {
    switch self {
    case .undoHistory: "取り消し履歴"
    case .optimisticUpdates: "楽観的更新"
    }
  }
}
