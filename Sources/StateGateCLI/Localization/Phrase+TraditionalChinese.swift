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
