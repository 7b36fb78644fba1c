import Contracts

// The phrases in Korean: one case per phrase, exit status and family, so the compiler checks
// none is missing.

extension Phrase {
  /// The phrase in Korean.
  var korean: String {
    switch self {
    case .failureClasses: "실패 클래스: "
    case .explainOne: "각 클래스의 설명은 'stategate explain CLASS'로 볼 수 있습니다."
    case .typicalCauses: "흔한 원인:"
    case .whereToLook: "먼저 살펴볼 곳:"
    case .listedClasses: "실패 클래스(자세히 보려면 'stategate explain CLASS'):"
    case .exitStatuses: "종료 상태: "
    case .listSeparator: ", "
    case .listEnd: ""
    }
  }
}

extension ExitStatus {
  /// What the status means, in Korean.
  var koreanMeaning: String {
    switch self {
    case .success: "성공"
    case .contractFailures: "계약 실패"
    case .usage: "사용법 오류"
    case .malformedInput: "잘못된 입력 형식"
    case .missingInput: "입력 없음"
    case .nothingMatched: "일치 항목 없음"
    case .internalError: "내부 오류"
    case .ioError: "입출력 오류"
    case .interrupted: "중단됨"
    }
  }
}

extension ContractFamily {
  /// The family's name in Korean.
  var koreanName: String {
    switch self {
    case .undoHistory: "실행 취소 이력"
    case .optimisticUpdates: "낙관적 업데이트"
    }
  }
}
