import Contracts

/// Decides the class of a failing case by experiment: it replays the case, or altered versions of
/// it, on fresh subjects and probes them, and says in the reason what the experiment showed.
///
/// The case's id and title are never consulted: the same case gets different classes for
/// different bugs.
@MainActor
struct Classifier {
  let subject: SubjectEntry

  /// Classifies the failure of `contractCase`, whose run produced `steps`.
  func classify(_ contractCase: ContractCase, steps: [StepRecord]) -> Classification {
    guard let failing = steps.first(where: { !$0.passed }) else {
      return Classification(.unclassified, "no step failed")
    }
    let context = FailureContext(
      contractCase: contractCase, steps: steps, failing: failing, replay: Replay(subject: subject))
    switch failing.action {
    case .undoHistory(let action):
      return UndoHistoryClassifier(context: context, action: action).classify()
    case .optimistic(let action):
      return OptimisticClassifier(context: context, action: action).classify()
    }
  }
}

/// What every experiment needs to know about the failure.
@MainActor
struct FailureContext {
  let contractCase: ContractCase
  let steps: [StepRecord]
  let failing: StepRecord
  let replay: Replay

  /// The steps before the failing one.
  var prefix: [ContractStep] { Array(contractCase.steps[..<(failing.number - 1)]) }
  /// The steps up to and including the failing one.
  var through: [ContractStep] { Array(contractCase.steps[..<failing.number]) }
  /// The failing step as the suite wrote it.
  var step: ContractStep { contractCase.steps[failing.number - 1] }
  /// The keys that did not match.
  var keys: Set<String> { Set(failing.mismatches.map(\.key)) }

  /// The mismatch of `key`, if it did not match.
  func mismatch(_ key: String) -> Mismatch? {
    failing.mismatches.first { $0.key == key }
  }

  /// `'action' (step N)`, for reasons.
  var actionLabel: String { "'\(failing.action)' (step \(failing.number))" }
}
