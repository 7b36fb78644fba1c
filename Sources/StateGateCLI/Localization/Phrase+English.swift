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
    case .classAlternative: " or "
    case .replayHeading: "replay {path} (run {run}, {status})"
    case .replayedCase: "{case} on {subject}{recorded}: {verdict}"
    case .recordedOn: " (recorded on {subject})"
    case .notReplayedNoSteps:
      "not replayed: the run recorded no steps of it (it was {outcome}) and its suite cannot be "
        + "read"
    case .notReplayedSkipped: "not replayed: {reason}; the case means nothing on it"
    case .passesNowUnrecorded:
      "passes now; the run recorded it {outcome}, with no steps to compare"
    case .failsNowUnrecorded:
      "fails now: step {step} '{action}': {mismatches}{class}; the run recorded it {outcome}, "
        + "with no steps to compare"
    case .nowPasses: "now passes"
    case .differs: "differs"
    case .stepPassesNow:
      "{verdict}: step {step} '{action}' passes now, the recording says {recorded}"
    case .stepFailsNow:
      "{verdict}: step {step} '{action}' fails now, the recording says {recorded}: {mismatches}"
    case .passesAsRecorded: "passes, as recorded"
    case .reproducesExactly: "reproduces exactly: step {step} '{action}' fails{class}"
    case .reproducesOtherValues:
      "reproduces (same failing step, other values): step {step} '{action}' fails{class}"
    case .replayClass: "; class {class}"
    case .replayClassNotConfident: "; class {classes} (not confident)"
    case .endingStepFails: "step {step} '{action}' fails"
    case .endingStepMismatches: "step {step} '{action}' fails: {mismatches}"
    case .endingStepNote: "step {step} '{action}' {note}"
    case .endingNowPasses: "now passes, the recording says {recorded}"
    case .endingReproduces: "reproduces: {what}; class {class}"
    case .endingDiffers: "differs: {what}; class {class}, the recording says {recorded}"
    case .exploreHeading:
      "stategate {version} explore: seed {seed}, {budget}, up to {steps} steps a sequence{shard}; "
        + "subjects: {subjects}"
    case .exploreShard: ", shard {shard}"
    case .subjectFamily: "{subject} ({family})"
    case .sequencesOne: "{count} sequence"
    case .sequencesMany: "{count} sequences"
    case .stepsOne: "{count} step"
    case .stepsMany: "{count} steps"
    case .subjectsOne: "{count} subject"
    case .subjectsMany: "{count} subjects"
    case .failuresOne: "{count} failure"
    case .failuresMany: "{count} failures"
    case .exploredCounts: "{sequences}, {steps}"
    case .nothingFound: "nothing found: {explored}"
    case .foundBySequence:
      "found by sequence {sequence} ({explored}); {generated} steps shrunk to {shrunk} in "
        + "{replays} replays"
    case .caseToPaste: "the case, ready to paste (seed {seed}){kept}:"
    case .keptIn: "; kept in {file}"
    case .coverageNotKnown:
      "coverage: not known (the worker exploring it ended before reporting it)"
    case .coverageActions: "actions: {list}"
    case .coverageSituations: "situations: {list}"
    case .neverReached: "never reached: {list}"
    case .exploreTotal: "total: {subjects} explored, {failures}{classes}"
    case .failuresByClass: "; failures by class: {list}"
    case .exploreInterrupted: "interrupted: subjects after the last one shown were not explored"
    case .failingCases: "Failing cases ({count})"
    case .everyCaseHeld: "Every case that ran held its contract."
    case .neverFinished: "the case never finished"
    case .timelineLine: "line"
    case .timelineStep: "step"
    case .timelineExpected: "expected"
    case .timelineObserved: "observed after the step"
    case .timelineVerdict: "verdict"
    case .invariantNote: " (invariant: {invariant})"
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
