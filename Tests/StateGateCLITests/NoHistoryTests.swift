import Contracts
import RunModel
import Runner
import Testing

@testable import StateGateCLI

/// An undo adapter that implements neither `undoManager` nor `undoHistory` hands over no history:
/// `run` refuses it with one line before anything runs, and anywhere else its cases are skipped
/// with that reason, never run against an empty history.
@MainActor
@Suite("An undo subject that hands over no history")
struct NoHistoryTests {
  /// A model whose adapter forgot to hand its history over.
  final class Forgetful: UndoHistorySubject {
    private(set) var value = 0
    func adjust(to value: Int) { self.value = value }
    func beginDrag() {}
    func moveDrag(to value: Int) { self.value = value }
    func endDrag() {}
    func load(_ value: Int) { self.value = value }
  }

  static let forgetful = SubjectEntry.undoHistory("forgetful", summary: "no history") {
    Forgetful()
  }
  static let reason =
    "subject 'forgetful' hands over no history: implement undoManager (an UndoManager) or "
    + "undoHistory (any UndoHistoryStack)"

  @Test("run exits 65 with one line naming the subject and what to implement")
  func runRefuses() {
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: ["run", "--subject", "forgetful"], io: capture.io(), subjects: [Self.forgetful])
    #expect(status == .malformedInput)
    #expect(capture.error == "error: \(Self.reason)\n")
    #expect(capture.output.isEmpty)
  }

  @Test("Elsewhere every case is skipped with the reason, never run on an empty history")
  func casesSkip() throws {
    #expect(!Forgetful().handsOverHistory)
    let report = ContractRunner(clock: { 0 }).run(
      RunPlan(suites: try BuiltInSuites.load(), subjects: [Self.forgetful]))
    let outcomes = report.suites.flatMap(\.cases).map(\.outcome)
    #expect(!outcomes.isEmpty)
    #expect(outcomes.allSatisfy { $0 == .skipped(reason: Self.reason) })
  }

  @Test("A subject that hands over an undo manager or its own stack hands over a history")
  func referenceSubjectsHandOver() {
    for entry in SubjectEntry.reference {
      guard case .undoHistory(let subject) = entry.make() else { continue }
      #expect(subject.handsOverHistory, "\(entry.name)")
    }
  }
}
