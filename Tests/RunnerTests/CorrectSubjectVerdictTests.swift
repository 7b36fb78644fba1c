import Contracts
import ReferenceModels
import Testing

@testable import RunModel
@testable import Runner

/// A correct subject under a case that expects otherwise than its declarations: the case fails,
/// but the verdict does not blame the model with a class; it says what the subject declared.
@MainActor
@Suite("Verdicts on correct subjects under wrong expectations")
struct CorrectSubjectVerdictTests {
  private func failure(_ text: String, on name: String) throws -> CaseResult {
    let suite = try SuiteReader.parse(text, source: "mine.suite")
    let subject = try #require(SubjectEntry.reference.first { $0.name == name })
    let result = ContractRunner(clock: { 0 }).runCase(suite.cases[0], of: suite, against: subject)
    #expect(result.outcome == .failed)
    return result
  }

  @Test("Adjustments within the declared window are not called a coalescing bug")
  func typingWithinWindow() throws {
    let result = try failure(
      """
      suite s family undo
      case c
        requires coalescing-window
        adjust 10
        wait 100ms
        adjust 20 => undos=2
      """, on: "typing-editor")
    #expect(result.classification?.failureClass == .unclassified)
    #expect(
      result.classification?.reason.contains("within the 800ms window the subject declares") == true
    )
  }

  @Test("A read the app started while it needed one, left unnamed, is the case's omission")
  func unnamedDueRead() throws {
    let result = try failure(
      """
      suite s family optimistic
      case c
        records a=off
        tap a as r1
        respond r1 unknown => a.displayed=off
      """, on: "favorites-rereading")
    #expect(result.classification?.failureClass == .unclassified)
    #expect(result.classification?.reason.contains("name it with 'read <id> as <name>'") == true)
  }

  @Test("'read' where no read is due is not an unknown-outcome bug")
  func readNotDue() throws {
    let result = try failure(
      """
      suite s family optimistic
      case c
        records a=off
        read a as s1 => sent=yes
      """, on: "favorites-rereading")
    #expect(result.classification?.failureClass == .unclassified)
    #expect(result.classification?.reason.contains("no read of a was due") == true)
  }
}
