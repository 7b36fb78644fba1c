import Contracts
import Foundation
import StateGateCLI
import Testing

/// The latest-wins adapter docs/subjects.md shows: it passes every built-in case it runs, the
/// latest-wins cases among them, skips the cases that assume one write at a time, and the page
/// shows it as this target holds it.
@MainActor
@Suite("The documented latest-wins adapter")
struct DocumentedLatestWinsAdapterTests {
  private static let entry = SubjectEntry.optimisticUpdates(
    "latest-likes", summary: "a like button that sends every tap"
  ) { LatestLikesSubject() }

  @Test("The documented latest-wins adapter passes the built-in suite")
  func passesBuiltInSuite() {
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: ["run", "--subject", "latest-likes", "--suite", "optimistic-updates"],
      io: capture.io(), subjects: [Self.entry])
    #expect(status == .success, "\(capture.output)\(capture.error)")
    for check in [
      "latest-wins-second-tap-supersedes", "latest-wins-superseded-answer-ignored",
      "latest-wins-latest-success-settles", "latest-wins-rejection-rolls-back",
      "latest-wins-stale-after-session", "duplicate-callback", "old-session",
    ] {
      #expect(capture.output.contains("pass  \(check) "), "\(check): \(capture.output)")
    }
    let gate = capture.output.split(separator: "\n").first {
      $0.contains("skip  tap-while-pending ")
    }
    #expect(
      gate?.hasSuffix(
        "is for the in-flight rule 'one-write' (one-write-in-flight); subject 'latest-likes' "
          + "declares 'latest-wins'") == true, "\(capture.output)")
  }

  @Test("docs/subjects.md shows the latest-wins adapter's file verbatim")
  func documentationShowsIt() throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let source = try String(
      contentsOf: tests.appendingPathComponent("LatestLikesSubject.swift"), encoding: .utf8)
    let page = try String(
      contentsOf: tests.appendingPathComponent("../../docs/subjects.md"), encoding: .utf8)
    let shown = source.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
      .joined(separator: "\n")
    #expect(page.contains("```swift\n" + shown + "```\n"))
  }
}
