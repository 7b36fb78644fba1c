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
    case .classAlternative: " 또는 "
    case .replayHeading: "재실행 {path} (실행 {run}, {status})"
    case .replayedCase: "{case} ({subject}{recorded}): {verdict}"
    case .recordedOn: ", 기록한 대상 {subject}"
    case .notReplayedNoSteps:
      "재실행하지 않음: 실행이 이 케이스의 단계를 하나도 기록하지 않았고(결과 {outcome}) 스위트도 "
        + "읽을 수 없습니다"
    case .notReplayedSkipped: "재실행하지 않음: {reason}. 이 대상에서는 케이스가 의미가 없습니다"
    case .passesNowUnrecorded: "이제 통과합니다. 실행 기록은 {outcome}이고 비교할 단계가 없습니다"
    case .failsNowUnrecorded:
      "이제 실패합니다: {step}단계 '{action}': {mismatches}{class}. 실행 기록은 {outcome}이고 "
        + "비교할 단계가 없습니다"
    case .nowPasses: "이제 통과합니다"
    case .differs: "기록과 다릅니다"
    case .stepPassesNow: "{verdict}: {step}단계 '{action}'이(가) 이제 통과하고, 기록은 {recorded}입니다"
    case .stepFailsNow:
      "{verdict}: {step}단계 '{action}'이(가) 이제 실패하고, 기록은 {recorded}입니다: {mismatches}"
    case .passesAsRecorded: "기록대로 통과합니다"
    case .reproducesExactly: "그대로 재현됩니다: {step}단계 '{action}' 실패{class}"
    case .reproducesOtherValues:
      "재현됩니다(같은 단계에서 실패, 값은 다름): {step}단계 '{action}' 실패{class}"
    case .replayClass: "; 클래스 {class}"
    case .replayClassNotConfident: "; 클래스 {classes}(확정할 수 없음)"
    case .endingStepFails: "{step}단계 '{action}' 실패"
    case .endingStepMismatches: "{step}단계 '{action}' 실패: {mismatches}"
    case .endingStepNote: "{step}단계 '{action}': {note}"
    case .endingNowPasses: "이제 통과하고, 기록은 {recorded}입니다"
    case .endingReproduces: "재현됩니다: {what}; 클래스 {class}"
    case .endingDiffers: "기록과 다릅니다: {what}; 클래스 {class}, 기록은 {recorded}입니다"
    case .exploreHeading:
      "stategate {version} explore: 랜덤 시드 {seed}, {budget}, 시퀀스당 최대 {steps}단계{shard}; "
        + "대상: {subjects}"
    case .exploreShard: ", 샤드 {shard}"
    case .subjectFamily: "{subject} ({family})"
    case .sequencesOne, .sequencesMany: "시퀀스 {count}개"
    case .stepsOne, .stepsMany: "{count}단계"
    case .subjectsOne, .subjectsMany: "대상 {count}개"
    case .failuresOne, .failuresMany: "실패 {count}건"
    case .exploredCounts: "{sequences}, {steps}"
    case .nothingFound: "발견된 것 없음: {explored}"
    case .foundBySequence:
      "{sequence}번 시퀀스에서 발견({explored}); {generated}단계를 {replays}번 재실행해 "
        + "{shrunk}단계로 줄였습니다"
    case .caseToPaste: "그대로 붙여 넣을 수 있는 케이스(랜덤 시드 {seed}){kept}:"
    case .keptIn: "; 저장 위치 {file}"
    case .coverageNotKnown: "커버리지: 알 수 없음(탐색하던 워커가 보고하기 전에 끝났습니다)"
    case .coverageActions: "동작: {list}"
    case .coverageSituations: "상황: {list}"
    case .neverReached: "한 번도 도달하지 않은 상황: {list}"
    case .exploreTotal: "합계: {subjects} 탐색, {failures}{classes}"
    case .failuresByClass: "; 클래스별 실패: {list}"
    case .exploreInterrupted: "중단됨: 마지막으로 표시한 대상 뒤의 대상은 탐색하지 않았습니다"
    case .failingCases: "실패한 케이스({count})"
    case .everyCaseHeld: "실행한 모든 케이스가 계약을 지켰습니다."
    case .neverFinished: "케이스가 끝나지 않았습니다"
    case .timelineLine: "줄"
    case .timelineStep: "단계"
    case .timelineExpected: "기대"
    case .timelineObserved: "단계 뒤에 관찰한 값"
    case .timelineVerdict: "판정"
    case .invariantNote: " (불변 조건: {invariant})"
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
