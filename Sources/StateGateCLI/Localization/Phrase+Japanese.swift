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
