import Contracts
import ReferenceModels
import Testing

@testable import RunModel
@testable import Runner

/// Built-in cases in a subject's own words: a three-valued subject that maps the cases' on/off
/// onto its values runs them, a faulty one fails with its bug's class.
@MainActor
@Suite("Value words")
struct ValueWordsTests {
  private func run(_ subject: SubjectEntry) throws -> [CaseResult] {
    ContractRunner(clock: frozenClock).run(
      RunPlan(suites: try BuiltInSuites.load(), subjects: [subject])
    ).suites.flatMap(\.cases)
  }

  private func ran(_ results: [CaseResult]) -> [CaseResult] {
    results.filter { $0.outcome == .passed || $0.outcome == .failed }
  }

  @Test("The vote arrows (off, up, down; on read as up) pass the built-in optimistic cases")
  func voteArrowsPass() throws {
    let entry = try #require(SubjectEntry.reference.first { $0.name == "vote-arrows" })
    let results = try run(entry)
    #expect(results.count == 79)
    #expect(
      results.allSatisfy { $0.outcome != .failed },
      "\(results.filter { $0.outcome == .failed }.map(\.caseID))")
    // Only the cases naming `requested` (a value it lacks), automatic reads or the pessimistic
    // display are skipped.
    #expect(ran(results).count == 37)
  }

  @Test("Without its words, the same three-valued control skips every case that names on")
  func withoutWordsSkips() throws {
    let plain = SubjectEntry.optimisticUpdates("plain-votes", summary: "") {
      ReferenceFavorites(choices: ReferenceVoteArrows.votes)
    }
    #expect(ran(try run(plain)).count < 5)
  }

  @Test("An independent reaction picker in its words (on as like) passes every case it runs")
  func reactionPickerInItsWords() throws {
    let picker = SubjectEntry.optimisticUpdates("picker-in-words", summary: "") {
      let picker = ReactionPicker()
      picker.caseWords = ["on": "like", "close-friends": "love"]
      return picker
    }
    let results = try run(picker)
    #expect(
      results.allSatisfy { $0.outcome != .failed },
      "\(results.filter { $0.outcome == .failed }.map(\.caseID))")
    // Without its words it runs one built-in case; with them, every one it has the capabilities for.
    #expect(ran(results).count >= 20)
  }

  @Test("A faulty three-valued picker in its words fails with its bug's class")
  func faultyPickerFails() throws {
    let picker = SubjectEntry.optimisticUpdates("picker-restoring", summary: "") {
      let picker = ReactionPickerRestoringBeforeTap()
      picker.caseWords = ["on": "like", "close-friends": "love"]
      return picker
    }
    let failed = try run(picker).filter { $0.outcome == .failed }
    #expect(!failed.isEmpty)
    #expect(failed.map(\.classification?.failureClass).allSatisfy { $0 == .rollback })
    #expect(failed.contains { $0.caseID == "rollback-to-current-confirmed" })
  }

  @Test("A failing step speaks the subject's words")
  func stepsInSubjectWords() throws {
    let entry = try #require(SubjectEntry.reference.first { $0.name == "vote-arrows" })
    let declared = entry.make().declarations
    let suite = try #require(try BuiltInSuites.load().first { $0.id == "optimistic-updates" })
    let original = try #require(suite.cases.first { $0.id == "rollback-after-rejection" })
    let (adapted, note) = declared.adapt(original)
    #expect(note == "cases run in the subject's words: close-friends→down, on→up")
    #expect(adapted.steps[1].text.contains("a.displayed=up"))
    #expect(adapted.steps[0].text == "records a=off b=off")
  }
}
