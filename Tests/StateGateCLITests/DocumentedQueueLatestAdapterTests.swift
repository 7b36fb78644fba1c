import Contracts
import Foundation
import StateGateCLI
import Testing

/// The queue-latest adapter docs/subjects.md shows: it passes every built-in case it runs, the
/// queue-latest cases among them, skips the cases that assume one write at a time, and the page
/// shows it as this target holds it.
@MainActor
@Suite("The documented queue-latest adapter")
struct DocumentedQueueLatestAdapterTests {
  private static let entry = SubjectEntry.optimisticUpdates(
    "queued-bookmarks", summary: "a bookmark button that queues the latest tap"
  ) { QueuedBookmarksSubject() }

  @Test("The documented queue-latest adapter passes the built-in suite")
  func passesBuiltInSuite() {
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: ["run", "--subject", "queued-bookmarks", "--suite", "optimistic-updates"],
      io: capture.io(), subjects: [Self.entry])
    #expect(status == .success, "\(capture.output)\(capture.error)")
    for check in [
      "queue-latest-tap-queues", "queue-latest-answer-sends-queued",
      "queue-latest-newer-tap-replaces", "queue-latest-queued-success-settles",
      "queue-latest-queued-rejection-rolls-back", "queue-latest-session-drops-queue",
      "duplicate-callback", "old-session",
    ] {
      #expect(capture.output.contains("pass  \(check) "), "\(check): \(capture.output)")
    }
    let gate = capture.output.split(separator: "\n").first {
      $0.contains("skip  tap-while-pending ")
    }
    #expect(
      gate?.hasSuffix(
        "is for the in-flight rule 'one-write' (one-write-in-flight); subject 'queued-bookmarks' "
          + "declares 'queue-latest'") == true, "\(capture.output)")
  }

  @Test("docs/subjects.md shows the queue-latest adapter's file verbatim")
  func documentationShowsIt() throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let source = try String(
      contentsOf: tests.appendingPathComponent("QueuedBookmarksSubject.swift"), encoding: .utf8)
    let page = try String(
      contentsOf: tests.appendingPathComponent("../../docs/subjects.md"), encoding: .utf8)
    let shown = source.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
      .joined(separator: "\n")
    #expect(page.contains("```swift\n" + shown + "```\n"))
  }
}
