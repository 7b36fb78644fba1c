import Contracts
import Foundation
import RunModel
import Runner
import Testing

/// One contract case against one subject, as an argument of a parameterised `@Test`: Swift
/// Testing shows it as `SUITE/CASE` and runs it as a test case of its own.
///
/// ```swift
/// @Test(arguments: try ContractCases.builtIn(for: .brightness))
/// @MainActor func builtInSuites(_ contractCase: ContractTestCase) throws {
///   try contractCase.check()
/// }
/// ```
public struct ContractTestCase: Sendable, Identifiable, CustomTestStringConvertible,
  CustomStringConvertible
{
  /// The suite the case belongs to.
  let suite: ContractSuite
  /// The case.
  let contractCase: ContractCase
  /// Makes the fresh subject the case runs against.
  let subject: SubjectEntry
  /// Whether the name shows the subject, because the cases of several subjects are listed.
  let namesSubject: Bool
  /// The cases listed together, which write one result directory when the last has run.
  let batch: CaseBatch

  /// The suite's id, such as `undo-history`.
  public var suiteID: String { suite.id }
  /// The case's id, such as `drag-is-one-undo`.
  public var caseID: String { contractCase.id }
  /// The subject's name, such as `brightness`.
  public var subjectName: String { subject.name }
  /// `SUITE/CASE/SUBJECT`: the same in every run, so Swift Testing can run one argument again.
  public var id: String { "\(suite.id)/\(contractCase.id)/\(subject.name)" }

  /// `SUITE/CASE`, with ` [SUBJECT]` when the cases of several subjects are listed together.
  public var testDescription: String {
    "\(suite.id)/\(contractCase.id)" + (namesSubject ? " [\(subject.name)]" : "")
  }

  /// The same as ``testDescription``.
  public var description: String { testDescription }

  /// Runs the case against a fresh subject and reports it to Swift Testing.
  ///
  /// A failing case records one issue, at the failing step's line of its `.suite` file (for a
  /// built-in suite, at `sourceLocation`, with `builtin:FILE:LINE` in the text), whose text holds
  /// the `stategate[CLASS]` tag, the failing step, the class and the experiment's reason. A case
  /// the subject lacks a capability for records a warning with the reason and is cancelled
  /// (`testCaseCancelled` in the event stream, `skipped` in the result directory): never a pass.
  ///
  /// - Parameter sourceLocation: Where issues of built-in suites point; the call's location.
  /// - Throws: The cancellation of a skipped case (let it propagate out of the test).
  @MainActor
  public func check(sourceLocation: SourceLocation = #_sourceLocation) throws {
    guard !subject.requiresIsolation else {
      Issue.record(
        Comment(rawValue: ContractTests.isolationRequired(subject)), sourceLocation: sourceLocation)
      return
    }
    var events: [RunEvent] = []
    let runner = ContractRunner(
      clock: ContractTests.clock, deidentifier: batch.deidentifier, onEvent: { events.append($0) })
    let result = runner.runCase(contractCase, of: suite, against: subject)
    let verdict = CaseVerdict.of(result, in: suite)
    if let problem = batch.finish(id, result: result, events: events) {
      Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
    }
    try ContractTests.report(verdict, at: sourceLocation, cancelling: true)
  }
}
