import Contracts
import Foundation
import StateGateCLI
import Testing

/// The confirming adapter docs/subjects.md shows: it passes every built-in case it runs, the
/// confirm cases among them, skips the cases that assume every tap writes at once, and the page
/// shows it as this target holds it.
@MainActor
@Suite("The documented confirmation adapter")
struct DocumentedConfirmationAdapterTests {
  private static let entry = SubjectEntry.optimisticUpdates(
    "unfollow-confirming", summary: "a follow button that asks before it unfollows"
  ) { UnfollowConfirmingSubject() }

  @Test("The documented confirmation adapter passes the built-in suite")
  func passesBuiltInSuite() {
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: ["run", "--subject", "unfollow-confirming", "--suite", "optimistic-updates"],
      io: capture.io(), subjects: [Self.entry])
    #expect(status == .success, "\(capture.output)\(capture.error)")
    for check in [
      "confirm-decline-sends-nothing", "confirm-writes", "confirm-adding-writes-at-once",
      "confirm-second-tap-while-asking", "confirm-answer-while-asking",
      "confirm-session-closes-question", "duplicate-callback",
    ] {
      #expect(capture.output.contains("pass  \(check) "), "\(check): \(capture.output)")
    }
    #expect(
      capture.output.contains(
        [
          "skip  old-session                     is for the confirmation rule ",
          "'never' (taps-write-at-once); subject 'unfollow-confirming' declares ",
          "'before-removing'",
        ].joined()),
      "\(capture.output)")
  }

  @Test("docs/subjects.md shows the confirmation adapter's file verbatim")
  func documentationShowsIt() throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let source = try String(
      contentsOf: tests.appendingPathComponent("UnfollowConfirmingSubject.swift"), encoding: .utf8)
    let page = try String(
      contentsOf: tests.appendingPathComponent("../../docs/subjects.md"), encoding: .utf8)
    let shown = source.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
      .joined(separator: "\n")
    #expect(page.contains("```swift\n" + shown + "```\n"))
  }
}
