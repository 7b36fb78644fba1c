import Contracts
import RunModel

/// One generated sequence in progress on one fresh subject, with the oracle that judges it: it
/// draws steps the oracle allows, performs them, and checks every observation.
///
/// Each family implements one. The engine (generation, replay, shrinking) only sees this protocol,
/// so both families are explored, shrunk and reported the same way.
@MainActor
protocol SequenceRun: AnyObject {
  /// A step, with references to earlier requests and calculations as relative handles.
  associatedtype Step: Hashable & Sendable

  /// Starts a sequence on a fresh subject; `recording` keeps each step's suite text.
  init(subject: ContractSubject, recording: Bool)

  /// Whether `step` may run now: the preconditions generation keeps and shrinking re-checks.
  func allows(_ step: Step) -> Bool
  /// Draws a step the oracle allows now.
  func nextStep(_ random: inout SplitMix64) -> Step
  /// The suite text of `step` as it would run now, before it is performed: what a case names
  /// when the subject crashes or hangs in it (a request it sends is not named).
  func text(of step: Step) -> String
  /// Performs `step` as one event and checks what the subject shows after it.
  ///
  /// - Returns: What differed from the oracle, or `nil` when the step passed.
  func perform(_ step: Step) -> StepFailure?
  /// Steps strictly simpler than `step`, simplest first, for the shrinker; round inputs in `used`
  /// are not offered, so simplifying never makes two inputs equal by chance.
  static func simplifications(of step: Step, avoiding used: Set<Int>) -> [Step]
  /// The numbers `step` gives the subject.
  static func inputs(of step: Step) -> [Int]

  /// The request (or calculation) `step`, just performed, sent or named — an id
  /// ``rebind(_:to:)`` takes; `nil` when it sent none.
  func sent(by step: Step) -> Int?
  /// `step`, an answer, bound to the request (or calculation) `sent` as it must be written now:
  /// its handle's age counted from what was sent since; `nil` when it cannot answer that one.
  /// A step that answers nothing comes back unchanged.
  func rebind(_ step: Step, to sent: Int) -> Step?

  /// How often each action and situation occurred so far.
  var coverage: Coverage { get }
  /// The steps performed so far as a suite writes them (only when recording).
  var actionTexts: [String] { get }
  /// The capabilities and product rules the oracle relied on so far.
  var requirements: Set<SubjectCapability> { get }
  /// Emits the captures `failure` needs, by step number (1-based), and the expectations of its
  /// step, as suite text.
  func statements(for failure: StepFailure) -> (captures: [Int: [String]], expectations: [String])
}

extension SequenceRun {
  /// A family with no requests sends none.
  func sent(by step: Step) -> Int? { nil }
  /// A family with no requests answers none.
  func rebind(_ step: Step, to sent: Int) -> Step? { step }
}

/// What one step showed that the oracle did not allow.
struct StepFailure: Sendable {
  /// The step's number in the sequence performed, from 1.
  var stepNumber: Int
  /// The action's kind, such as `undo` or `respond`, for telling failures apart while shrinking.
  var actionKind: String
  /// Every difference, stated ones first.
  var mismatches: [OracleMismatch]

  /// The kind of the failure of a step that comes while a read the app started by itself waits
  /// for the `read` step naming it: the session does not name the app's own read.
  static let unnamedReadKind = "read started by the app left unnamed"

  /// Whether `other` counts as the same failure for shrinking: the same kind of action fails.
  func resembles(_ other: StepFailure) -> Bool {
    actionKind == other.actionKind
  }

  /// The differences as one line, each once, as the runner prints them.
  var summary: String {
    mismatches.map(\.mismatch).summary
  }
}

/// One value the oracle expected and the subject did not show.
struct OracleMismatch: Sendable, CustomStringConvertible {
  /// What the expected value is: a literal, or the model's value observed after an earlier step.
  enum Expected: Hashable, Sendable {
    /// A value written as is.
    case literal(StateValue)
    /// The value `value` held after step `step` (a capture in the case).
    case valueAfter(step: Int, value: Int)
  }

  /// The state key, as suites write it.
  var key: String
  /// The value the oracle expected.
  var expected: Expected
  /// The value observed; `nil` when the subject did not report the key.
  var actual: StateValue?
  /// Whether the runner checks it as an invariant of the family anyway (not written in a case).
  var isInvariant = false

  /// The mismatch as the runner's ``Mismatch`` holds it: a value after an earlier step is the
  /// capture `vSTEP` the case writes for it.
  var mismatch: Mismatch {
    switch expected {
    case .literal(let value):
      Mismatch(key: key, expected: value, actual: actual)
    case .valueAfter(let step, let value):
      Mismatch(key: key, expected: .int(value), capture: "v\(step)", actual: actual)
    }
  }

  /// The mismatch as every output phrases it: `expected value=20 (v3), got 16`.
  var description: String { mismatch.description }
}
