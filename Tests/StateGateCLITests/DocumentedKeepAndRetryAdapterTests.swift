import Contracts
import Foundation
import StateGateCLI
import Testing

/// The keep-and-retry adapter docs/subjects.md shows: it passes every built-in case it runs, the
/// retry cases among them, skips the cases that assume an unknown outcome withdraws, and the page
/// shows it as this target holds it.
@MainActor
@Suite("The documented keep-and-retry adapter")
struct DocumentedKeepAndRetryAdapterTests {
  private static let entry = SubjectEntry.optimisticUpdates(
    "offline-checklist", summary: "a to-do checkbox that retries an unknown write"
  ) { OfflineChecklistSubject() }

  @Test("The documented keep-and-retry adapter passes the built-in suite")
  func passesBuiltInSuite() {
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: ["run", "--subject", "offline-checklist", "--suite", "optimistic-updates"],
      io: capture.io(), subjects: [Self.entry])
    #expect(status == .success, "\(capture.output)\(capture.error)")
    for check in [
      "retry-keeps-provisional-after-unknown", "retry-rejection-rolls-back",
      "retry-until-answered", "retry-stale-after-session", "duplicate-callback", "old-session",
    ] {
      #expect(capture.output.contains("pass  \(check) "), "\(check): \(capture.output)")
    }
    let withdraw = capture.output.split(separator: "\n").first {
      $0.contains("skip  unknown-outcome ")
    }
    #expect(
      withdraw?.hasSuffix(
        "is for the unknown-outcome rule 'withdraw-and-sync' (unknown-withdraws); subject "
          + "'offline-checklist' declares 'keep-and-retry'") == true, "\(capture.output)")
  }

  @Test("docs/subjects.md shows the keep-and-retry adapter's file verbatim")
  func documentationShowsIt() throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let source = try String(
      contentsOf: tests.appendingPathComponent("OfflineChecklistSubject.swift"), encoding: .utf8)
    let page = try String(
      contentsOf: tests.appendingPathComponent("../../docs/subjects.md"), encoding: .utf8)
    let shown = source.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
      .joined(separator: "\n")
    #expect(page.contains("```swift\n" + shown + "```\n"))
  }
}
