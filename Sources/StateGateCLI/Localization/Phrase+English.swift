// The phrases in English: one case per phrase and exit status, so the compiler checks none is
// missing. The failure classes' English is in FailureClass.swift, the families' in
// ContractFamily.swift.

extension Phrase {
  /// The phrase in English.
  var english: String {
    switch self {
    case .failureClasses: "failure classes: "
    case .explainOne: "Run 'stategate explain CLASS' for one of them."
    case .typicalCauses: "Typical causes:"
    case .whereToLook: "Where to look:"
    case .listedClasses: "failure classes ('stategate explain CLASS' for more):"
    case .exitStatuses: "Exit status: "
    case .listSeparator: ", "
    case .listEnd: "."
    }
  }
}

extension ExitStatus {
  /// What the status means, in English.
  var englishMeaning: String {
    switch self {
    case .success: "success"
    case .contractFailures: "contract failures"
    case .usage: "usage"
    case .malformedInput: "malformed input"
    case .missingInput: "missing input"
    case .nothingMatched: "nothing matched"
    case .internalError: "internal error"
    case .ioError: "I/O error"
    case .interrupted: "interrupted"
    }
  }
}
