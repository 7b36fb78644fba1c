import Contracts
import Foundation
import StateGateCLI
import Testing

/// The pessimistic adapter docs/subjects.md shows: it passes every built-in case it runs, the
/// pessimistic cases and the cases of both displays among them, and the page shows it as this
/// target holds it.
@MainActor
@Suite("The documented pessimistic adapter")
struct DocumentedPessimisticAdapterTests {
  private static let entry = SubjectEntry.optimisticUpdates(
    "pessimistic-votes", summary: "a vote button with the pessimistic display"
  ) { PessimisticVotesSubject() }

  @Test("The documented pessimistic adapter passes the built-in suite")
  func passesBuiltInSuite() {
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: ["run", "--subject", "pessimistic-votes", "--suite", "optimistic-updates"],
      io: capture.io(), subjects: [Self.entry])
    #expect(status == .success, "\(capture.output)\(capture.error)")
    for check in [
      "pessimistic-confirmed-while-pending", "pessimistic-refusal-changes-nothing",
      "pessimistic-stale-answer", "pessimistic-session-change", "duplicate-callback",
    ] {
      #expect(capture.output.contains("pass  \(check) "), "\(check): \(capture.output)")
    }
    // The cases of both displays judge it by their `under display-pessimistic` lines.
    for check in ["tap-while-pending", "rollback-after-rejection", "old-session"] {
      #expect(capture.output.contains("pass  \(check) "), "\(check): \(capture.output)")
    }
    // A case of another rule's answer that also needs capabilities the adapter lacks is skipped
    // for the answer it is for, not as if the subject lacked an answer it chose not to give.
    let retry = capture.output.split(separator: "\n").first { $0.contains("retry-until-answered") }
    #expect(
      retry?.hasSuffix(
        "is for the unknown-outcome rule 'keep-and-retry' (unknown-keeps-retrying); subject "
          + "'pessimistic-votes' declares 'withdraw-and-sync'") == true, "\(capture.output)")
  }

  @Test("docs/subjects.md shows the pessimistic adapter's file verbatim")
  func documentationShowsIt() throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let source = try String(
      contentsOf: tests.appendingPathComponent("PessimisticVotesSubject.swift"), encoding: .utf8)
    let page = try String(
      contentsOf: tests.appendingPathComponent("../../docs/subjects.md"), encoding: .utf8)
    let shown = source.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
      .joined(separator: "\n")
    #expect(page.contains("```swift\n" + shown + "```\n"))
  }
}
