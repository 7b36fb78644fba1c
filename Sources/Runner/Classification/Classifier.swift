import Contracts
import RunModel

/// Decides the class of a failing case by experiment: it replays the case, or altered versions of
/// it, on fresh subjects and probes them, and says in the reason what the experiment observed.
///
/// A class is assigned only when an experiment confirmed it; when none did, the verdict is
/// `unclassified` and the reason lists what was tried and seen. The case's id and title are never
/// consulted: the same case gets different classes for different bugs.
@MainActor
struct Classifier {
  let subject: SubjectEntry

  /// Classifies the failure of `contractCase` whose first failing step was `failing`.
  ///
  /// The steps before it are rebuilt by replaying the case, which is also the first experiment:
  /// a failure that does not come back the same way gets no class.
  func classify(_ contractCase: ContractCase, failing: StepRecord) -> Classification {
    let replay = Replay(subject: subject)
    let caseSteps = contractCase.steps
    let through = Array(caseSteps[..<failing.number])
    var steps: [StepRecord] = []
    for _ in 1...2 {
      steps = replay.records(through, closesCase: failing.number == caseSteps.count)
      if let different = FailureContext.difference(failing, replayed: steps) {
        return different
      }
    }
    let context = FailureContext(
      contractCase: contractCase, caseSteps: caseSteps, steps: steps, failing: failing,
      replay: replay,
      rules: SubjectRules(subject.make()))
    let experiments: [Experiment]
    switch failing.action {
    case .undoHistory(let action):
      experiments = UndoHistoryClassifier(context: context, action: action).experiments()
    case .optimistic(let action):
      experiments = OptimisticClassifier(context: context, action: action).experiments()
    }
    var seen: [Reason] = []
    for experiment in experiments {
      switch experiment() {
      case .confirmed(let classification)?:
        // The experiments are tried in order and the first confirmation ends the search: a later
        // one assumes the earlier ones failed, so its confirmation is no independent evidence.
        // Where the evidence of one experiment leaves two explanations standing, that experiment
        // says so itself, with `Classification.ranked(_:)`.
        return classification
      case .notConfirmed(let observation)?:
        seen.append(observation)
      case nil:
        continue
      }
    }
    // The cause may lie before the failing step: an earlier step recorded the history that the
    // failing step only showed.
    if case .undoHistory = failing.action {
      var replays = 0
      if let found = BackwardSearch(context: context).cause(replays: &replays) {
        return found
      }
    }
    let tried = seen.isEmpty ? Reason(.noExperimentApplies) : .joined(seen, separator: "; ")
    return Classification(
      .unclassified,
      Reason(.noExperimentConfirmed, ["action": "\(context.actionLabel)", "tried": tried]))
  }
}

/// What an experiment found: a confirmed class, or what it observed instead.
enum Finding {
  /// The experiment confirmed this class; the reason quotes what it observed.
  case confirmed(Classification)
  /// The experiment did not confirm its hypothesis; this is what it observed.
  case notConfirmed(Reason)
}

/// One experiment: `nil` when it does not apply to the failure.
typealias Experiment = @MainActor () -> Finding?

/// The product rules a subject declares, read from a fresh subject.
struct SubjectRules {
  /// What Undo does during a drag, for undo-history subjects.
  var undoDuringDrag: UndoDuringDragRule?
  /// What a cancelled drag does, for undo-history subjects.
  var dragCancel: DragCancelRule?
  /// What a document keeps when the user switches back to it, for undo-history subjects.
  var documentHistory = DocumentHistoryRule.standard
  /// How long a write may go unanswered, for optimistic-update subjects that declare it.
  var writeTimeout: Duration?
  /// What the row shows while a write is pending, for optimistic-update subjects.
  var display: DisplayRule = .article
  /// What a tap does while a write is pending, for optimistic-update subjects.
  var inFlight: InFlightRule = .article
  /// Whether an unknown outcome keeps the write pending and the app sends it again
  /// (keep-and-retry), for optimistic-update subjects.
  var keepsAndRetries = false
  /// Which taps ask the user to confirm first, for optimistic-update subjects.
  var confirmation: ConfirmationRule = .article

  @MainActor
  init(_ subject: ContractSubject) {
    if case .undoHistory(let subject) = subject {
      undoDuringDrag = subject.undoDuringDragRule
      dragCancel = subject.dragCancelRule
      documentHistory = subject.documentHistoryRule
    }
    if case .optimistic(let subject) = subject {
      writeTimeout = subject.writeTimeout
      display = subject.displayRule
      inFlight = subject.inFlightRule
      keepsAndRetries = subject.unknownOutcomeRule == .keepAndRetry
      confirmation = subject.confirmationRule
    }
  }
}

/// What every experiment needs to know about the failure.
@MainActor
struct FailureContext {
  let contractCase: ContractCase
  /// The case's steps as the suite wrote them, unpacked once.
  let caseSteps: [ContractStep]
  let steps: [StepRecord]
  let failing: StepRecord
  let replay: Replay
  let rules: SubjectRules

  /// The steps before the failing one.
  var prefix: [ContractStep] { Array(caseSteps[..<(failing.number - 1)]) }
  /// The steps up to and including the failing one.
  var through: [ContractStep] { Array(caseSteps[..<failing.number]) }
  /// The failing step as the suite wrote it.
  var step: ContractStep { caseSteps[failing.number - 1] }
  /// The keys that did not match, stated or invariant.
  var keys: Set<String> { Set(failing.mismatches.map(\.key)) }
  /// The records of the steps before the failing one.
  var earlierRecords: ArraySlice<StepRecord> { steps[..<(failing.number - 1)] }

  /// The first mismatch of `key` that states an exact value (`key=value` or an invariant), if
  /// it did not match.
  func mismatch(_ key: String) -> Mismatch? {
    failing.mismatches.first { $0.key == key && $0.relation == .equal }
  }

  /// The failing steps with the step at `number` (1-based) left out.
  func through(without number: Int) -> [ContractStep] {
    var steps = through
    steps.remove(at: number - 1)
    return steps
  }

  /// `'action' (step N)`, for reasons.
  var actionLabel: String { "'\(failing.action)' (step \(failing.number))" }

  /// What kinds of mismatch `record` holds: each missed key, and whether an invariant or a
  /// stated expectation missed it.
  private static func kinds(of record: StepRecord) -> Set<String> {
    Set(record.mismatches.map { "\($0.key) \($0.invariant == nil ? "stated" : "invariant")" })
  }

  /// An `unclassified` verdict when a replay on a fresh subject did not reproduce `failing`
  /// (the model depends on something outside the steps); `nil` when it did.
  static func difference(_ failing: StepRecord, replayed: [StepRecord]) -> Classification? {
    let actionLabel = "'\(failing.action)' (step \(failing.number))"
    guard let again = replayed.last, replayed.count == failing.number else {
      return Classification(.unclassified, Reason(.replayStopped, ["step": "\(failing.number)"]))
    }
    // The same state with the same kinds of mismatch — the same keys missed, stated or
    // invariant — is the same failure; the exact list may differ in what it quotes.
    if again.after == failing.after && Self.kinds(of: again) == Self.kinds(of: failing) {
      return nil
    }
    let changed = failing.after.fields.filter { again.after[$0.key] != $0.value }.map(\.key)
    let shown =
      changed.isEmpty
      ? Reason(.differentMismatches)
      : Reason(
        .replayShowedInstead,
        [
          "replayed": Reason(again.after.quoting(changed)),
          "recorded": Reason(failing.after.quoting(changed)),
        ])
    return Classification(
      .unclassified, Reason(.notReproduced, ["action": Reason(actionLabel), "shown": shown]))
  }
}
