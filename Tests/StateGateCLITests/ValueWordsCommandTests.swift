import Contracts
import Foundation
import ReferenceModels
import Testing

@testable import StateGateCLI

/// `run` refuses a subject whose value words cannot carry its cases before anything is written,
/// and says in the console, summary and `list --subject` that cases ran in the subject's words.
@MainActor
@Suite("Value words on the command line")
struct ValueWordsCommandTests {
  /// The vote arrows with a mapping onto a value they do not have.
  final class MisspeltVotes: ReferenceFavorites {
    init() { super.init(choices: ReferenceVoteArrows.votes) }
    override var valueWords: [String: String] { ["on": "upvote"] }
  }

  @Test("A mapping onto a value the subject lacks stops the run with exit 65, naming both")
  func refused() throws {
    let output = freshOutput()
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: ["run", "--output", output, "--subject", "misspelt", "--no-isolation"],
      io: capture.io(),
      subjects: [SubjectEntry.optimisticUpdates("misspelt", summary: "") { MisspeltVotes() }])
    #expect(status == .malformedInput)
    #expect(status.rawValue == 65)
    #expect(
      capture.error.contains(
        "subject 'misspelt' declares valueWords that cannot run its cases: 'upvote' is not one "
          + "of the subject's values (off, up, down)"))
    #expect(runDirectories(in: output).isEmpty, "nothing is written")
  }

  @Test("The console, summary.md and list --subject say the cases ran in the subject's words")
  func said() throws {
    let output = freshOutput()
    let run = runStateGate("run", "--output", output, "--subject", "vote-arrows")
    #expect(run.status == .success)
    let note = "cases run in the subject's words: close-friends→down, on→up"
    #expect(run.output.contains("note  \(note)"))
    let directory = (output as NSString).appendingPathComponent(
      try #require(runDirectories(in: output).first))
    let summary = try String(
      contentsOfFile: (directory as NSString).appendingPathComponent("summary.md"),
      encoding: .utf8)
    #expect(summary.contains("Subject `vote-arrows`: \(note)."))
    let manifest = try String(
      contentsOfFile: (directory as NSString).appendingPathComponent("manifest.json"),
      encoding: .utf8)
    #expect(manifest.contains("\"valueWords\""))
    let list = runStateGate("list", "--subject", "vote-arrows")
    #expect(list.output.contains("  \(note)\n"))
  }
}

/// The vote adapter docs/subjects.md shows: it passes the built-in suite in its own words, and
/// the page shows it as this target holds it.
@MainActor
@Suite("The documented vote adapter")
struct DocumentedVoteAdapterTests {
  @Test("The documented vote arrows pass the built-in optimistic cases, on read as up")
  func passes() {
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: ["run", "--subject", "votes", "--suite", "optimistic-updates", "--no-isolation"],
      io: capture.io(),
      subjects: [SubjectEntry.optimisticUpdates("votes", summary: "") { VoteArrowsSubject() }])
    #expect(status == .success, "\(capture.output)\(capture.error)")
    for check in ["rollback-after-rejection", "tap-while-pending", "old-ticket", "sync-unblocks"] {
      #expect(capture.output.contains("pass  \(check) "), "\(check): \(capture.output)")
    }
    #expect(capture.output.contains("note  cases run in the subject's words: on→up"))
  }

  @Test("docs/subjects.md shows the vote adapter's file verbatim")
  func documentationShowsIt() throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let source = try String(
      contentsOf: tests.appendingPathComponent("VoteArrowsSubject.swift"), encoding: .utf8)
    let page = try String(
      contentsOf: tests.appendingPathComponent("../../docs/subjects.md"), encoding: .utf8)
    let shown = source.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
      .joined(separator: "\n")
    #expect(page.contains("```swift\n" + shown + "```\n"))
  }
}
