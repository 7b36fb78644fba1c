import Contracts

// The phrases in Traditional Chinese: one case per phrase, exit status and family, so the
// compiler checks none is missing.

extension Phrase {
  /// The phrase in Traditional Chinese.
  var traditionalChinese: String {
    switch self {
    case .failureClasses: "失敗類別："
    case .explainOne: "執行 'stategate explain CLASS' 可查看各類別的說明。"
    case .typicalCauses: "常見原因："
    case .whereToLook: "先查看："
    case .listedClasses: "失敗類別（詳見 'stategate explain CLASS'）："
    case .exitStatuses: "結束狀態："
    case .listSeparator: "、"
    case .listEnd: ""
    case .classAlternative: " 或 "
    case .replayHeading: "重播 {path}（執行 {run}，{status}）"
    case .replayedCase: "{case}（{subject}{recorded}）：{verdict}"
    case .recordedOn: "，錄製時為 {subject}"
    case .notReplayedNoSteps:
      "沒有重播：這次執行沒有記錄它的任何步驟（結果為 {outcome}），也讀不到它的套件"
    case .notReplayedSkipped: "沒有重播：{reason}；這個案例在它上面沒有意義"
    case .passesNowUnrecorded: "現在通過；這次執行記錄它為 {outcome}，沒有可比較的步驟"
    case .failsNowUnrecorded:
      "現在失敗：步驟 {step} '{action}'：{mismatches}{class}；這次執行記錄它為 {outcome}，"
        + "沒有可比較的步驟"
    case .nowPasses: "現在通過"
    case .differs: "與紀錄不同"
    case .stepPassesNow: "{verdict}：步驟 {step} '{action}' 現在通過，紀錄為 {recorded}"
    case .stepFailsNow:
      "{verdict}：步驟 {step} '{action}' 現在失敗，紀錄為 {recorded}：{mismatches}"
    case .passesAsRecorded: "通過，與紀錄相同"
    case .reproducesExactly: "完全重現：步驟 {step} '{action}' 失敗{class}"
    case .reproducesOtherValues: "重現（同一步驟失敗，數值不同）：步驟 {step} '{action}' 失敗{class}"
    case .replayClass: "；類別 {class}"
    case .replayClassNotConfident: "；類別 {classes}（無法確定）"
    case .endingStepFails: "步驟 {step} '{action}' 失敗"
    case .endingStepMismatches: "步驟 {step} '{action}' 失敗：{mismatches}"
    case .endingStepNote: "步驟 {step} '{action}'：{note}"
    case .endingNowPasses: "現在通過，紀錄為 {recorded}"
    case .endingReproduces: "重現：{what}；類別 {class}"
    case .endingDiffers: "與紀錄不同：{what}；類別 {class}，紀錄為 {recorded}"
    case .exploreHeading:
      "stategate {version} explore：隨機種子 {seed}，{budget}，每個序列最多 {steps} 個步驟{shard}；"
        + "受測對象：{subjects}"
    case .exploreShard: "，分片 {shard}"
    case .subjectFamily: "{subject}（{family}）"
    case .sequencesOne, .sequencesMany: "{count} 個序列"
    case .stepsOne, .stepsMany: "{count} 個步驟"
    case .subjectsOne, .subjectsMany: "{count} 個受測對象"
    case .failuresOne, .failuresMany: "{count} 個失敗"
    case .exploredCounts: "{sequences}，{steps}"
    case .nothingFound: "沒有發現問題：{explored}"
    case .foundBySequence:
      "由序列 {sequence} 發現（{explored}）；{generated} 個步驟經 {replays} 次重播縮減為 {shrunk} 個"
    case .caseToPaste: "可直接貼上的案例（隨機種子 {seed}）{kept}："
    case .keptIn: "；保存於 {file}"
    case .coverageNotKnown: "涵蓋範圍：不明（探索它的工作程序在回報之前就結束了）"
    case .coverageActions: "動作：{list}"
    case .coverageSituations: "情境：{list}"
    case .neverReached: "從未到達的情境：{list}"
    case .exploreTotal: "總計：探索了 {subjects}，{failures}{classes}"
    case .failuresByClass: "；各類別的失敗：{list}"
    case .exploreInterrupted: "已中斷：最後顯示的受測對象之後的對象沒有探索"
    case .failingCases: "失敗的案例（{count}）"
    case .everyCaseHeld: "執行的每個案例都符合契約。"
    case .neverFinished: "案例沒有結束"
    case .timelineLine: "行"
    case .timelineStep: "步驟"
    case .timelineExpected: "預期"
    case .timelineObserved: "步驟之後觀察到的值"
    case .timelineVerdict: "判定"
    case .invariantNote: "（不變條件：{invariant}）"
    }
  }
}

extension ExitStatus {
  /// What the status means, in Traditional Chinese.
  var traditionalChineseMeaning: String {
    switch self {
    case .success: "成功"
    case .contractFailures: "契約失敗"
    case .usage: "用法錯誤"
    case .malformedInput: "輸入格式錯誤"
    case .missingInput: "找不到輸入"
    case .nothingMatched: "沒有符合的項目"
    case .internalError: "內部錯誤"
    case .ioError: "I/O 錯誤"
    case .interrupted: "已中斷"
    }
  }
}

extension ContractFamily {
  /// The family's name in Traditional Chinese.
  var traditionalChineseName: String {
    switch self {
    case .undoHistory: "復原歷史紀錄"
    case .optimisticUpdates: "樂觀更新"
    }
  }
}
