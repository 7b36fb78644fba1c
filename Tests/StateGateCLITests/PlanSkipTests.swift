import Contracts
import Foundation
import ReferenceModels
import RunModel
import Runner
import Testing
import UndoKit

@testable import StateGateCLI

/// Skips are decided in one place, by the plan from what a fresh subject declares: `stategate
/// list --subject` shows before a run exactly the skips the run then reports, for both families.
@MainActor
@Suite("Skips decided by the plan")
struct PlanSkipTests {
  /// A favourites list that declares the latest-wins answer of the in-flight rule.
  final class LatestWinsList: OptimisticUpdateSubject {
    let list = LatestWinsFavorites()
    var inFlightRule: InFlightRule { .latestWins }
    func load(_ records: [RecordValue]) { list.load(records) }
    func tap(record id: String) -> AnyHashable? { list.tap(record: id) }
    func respond(to request: AnyHashable, with outcome: ServerOutcome) {
      list.respond(to: request, with: outcome)
    }
    func startSync(record id: String) -> AnyHashable? { list.startSync(record: id) }
    func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
      list.respond(toSync: request, with: outcome)
    }
    var order: [String] { list.order }
    func state(of id: String) -> RecordState? { list.state(of: id) }
  }

  static let latestWins = SubjectEntry.optimisticUpdates("latest", summary: "latest wins") {
    LatestWinsList()
  }
  static let bare = SubjectEntry.undoHistory("bare", summary: "no rules") {
    NotObservedTests.BareModel()
  }

  @Test("A case for another answer of a product rule is skipped with the rule named")
  func ruleAnswerSkip() throws {
    let suite = try SuiteReader.parse(
      """
      suite s family optimistic
      case for-latest requires latest-tap-wins
        records a=off
        tap a as r1 => sent=yes
      case for-any
        records a=off
        tap a as r1 => sent=yes
      """, source: "rules.suite")
    let favorites = try #require(SubjectEntry.reference.first { $0.name == "favorites" })
    let report = ContractRunner(clock: { 0 }).run(
      RunPlan(suites: [suite], subjects: [favorites, Self.latestWins]))
    let outcomes = report.suites.flatMap(\.cases).map(\.outcome)
    #expect(
      outcomes == [
        .skipped(
          reason: "is for the in-flight rule 'latest-wins' (latest-tap-wins); subject 'favorites' "
            + "declares 'one-write'"),
        .passed, .passed, .passed,
      ])
  }

  @Test("An undo case for a drag rule the subject does not declare names the missing rule")
  func undeclaredRuleSkip() throws {
    let suite = try SuiteReader.parse(
      """
      suite s family undo
      case keeps requires drag-cancel-keeps
        adjust 1 => value=1
      """, source: "rules.suite")
    let report = ContractRunner(clock: { 0 }).run(RunPlan(suites: [suite], subjects: [Self.bare]))
    #expect(
      report.suites.flatMap(\.cases).map(\.outcome) == [
        .skipped(
          reason: "is for the drag-cancel rule 'keep-current' (drag-cancel-keeps); subject 'bare' "
            + "declares no drag-cancel rule")
      ])
  }

  @Test("A case requiring two answers of one rule is refused at its line")
  func twoAnswersRefused() {
    #expect(throws: SuiteReadError.self) {
      try SuiteReader.parse(
        """
        suite s family optimistic
        case both requires one-write-in-flight latest-tap-wins
          records a=off
        """, source: "both.suite")
    }
    do {
      _ = try SuiteReader.parse(
        """
        suite s family optimistic
        case both requires one-write-in-flight latest-tap-wins
          records a=off
        """, source: "both.suite")
    } catch {
      #expect(String(describing: error).contains("both.suite:2"))
      #expect(String(describing: error).contains("answers of the one in-flight rule"))
    }
  }

  @Test(
    "list --subject shows the run's own skips, case by case, for every built-in subject",
    arguments: [
      "favorites", "follows", "vote-arrows", "editor", "selection-editor",
      "fault:stale-result-applied",
      "fault:cancel-as-rejection",
    ])
  func listShowsTheRunsSkips(subjectName: String) throws {
    let subject = try #require(StateGate.builtInSubjects.first { $0.name == subjectName })
    let suites = try BuiltInSuites.load()
    let listed = ListCommand.renderPlan(suites: suites, subjects: [subject])
    let report = ContractRunner(clock: { 0 }).run(RunPlan(suites: suites, subjects: [subject]))
    var expected: [String] = []
    for result in report.suites.flatMap(\.cases) {
      if case .skipped(let reason) = result.outcome {
        expected.append("skip \(result.caseID)|\(reason)")
      } else {
        expected.append("run  \(result.caseID)")
      }
    }
    let shown = listed.split(separator: "\n").compactMap { line -> String? in
      let text = line.drop { $0 == " " }
      guard text.hasPrefix("run  ") || text.hasPrefix("skip ") else { return nil }
      guard text.hasPrefix("skip ") else { return String(text) }
      let parts = text.dropFirst(5).split(separator: " ", maxSplits: 1)
      return "skip \(parts[0])|\(parts[1].drop { $0 == " " })"
    }
    #expect(shown == expected)
    #expect(!expected.isEmpty)
  }

  @Test("A rule's answer reads one way in a skip reason, list --subject and list's rules line")
  func oneAnswerPhrase() throws {
    let rule = try #require(
      ProductRule.all(in: .optimisticUpdates).first { $0.name == "in-flight" })
    let declared = try #require(rule.defaultChoice)
    let other = try #require(rule.choices.first { $0.rawValue == "latest-tap-wins" })
    let subject = try #require(StateGate.builtInSubjects.first { $0.name == "favorites" })
    let planned = ListCommand.renderPlan(suites: try BuiltInSuites.load(), subjects: [subject])
    // The skip reason quotes the answer; list --subject and list say what it is in parentheses.
    #expect(rule.answerLabel(of: other, quoted: true) == "'latest-wins' (latest-tap-wins)")
    #expect(planned.contains("is for the in-flight rule 'latest-wins' (latest-tap-wins); "))
    let bySubject = rule.answerLabel(of: declared, note: "the article's, by default")
    #expect(bySubject == "one-write (one-write-in-flight, the article's, by default)")
    #expect(planned.contains("rule in-flight (\(rule.question)): \(bySubject)\n"), "\(planned)")
    let listed = runStateGate("list")
    let inRulesLine = "in-flight=" + rule.answerLabel(of: declared, note: "the default")
    #expect(listed.output.contains("rules: \(inRulesLine); "), "\(listed.output)")
  }

  @Test("list --subject with an unknown name is a usage error naming the option")
  func unknownSubject() {
    let capture = CapturedIO()
    let status = StateGate.main(arguments: ["list", "--subject", "nope"], io: capture.io())
    #expect(status == .usage)
    #expect(capture.error.contains("unknown subject 'nope' for '--subject'"))
    #expect(!capture.error.contains("did you mean"))
  }
}
