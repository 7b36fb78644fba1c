import Contracts
import Foundation
import StateGateCLI
import Testing

/// The optimistic adapter docs/subjects.md shows: it compiles, it passes the built-in suite, and
/// the page shows it as this target holds it.
@MainActor
@Suite("The documented optimistic adapter")
struct DocumentedAdapterTests {
  private static let entry = SubjectEntry.optimisticUpdates(
    "article-favorites", summary: "the optimistic-updates article's FavoriteState as a subject"
  ) { ArticleFavoritesSubject() }

  @Test("The article's FavoriteState behind the documented adapter passes the built-in suite")
  func passesBuiltInSuite() {
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: ["run", "--subject", "article-favorites", "--suite", "optimistic-updates"],
      io: capture.io(), subjects: [Self.entry])
    #expect(status == .success, "\(capture.output)\(capture.error)")
    // The article's own three checks run, the session check among them; cases that need a
    // capability the adapter does not declare are skipped, not passed.
    for check in ["rollback-after-rejection", "duplicate-callback", "old-session", "sync-unblocks"]
    {
      #expect(capture.output.contains("pass  \(check) "), "\(check): \(capture.output)")
    }
    #expect(capture.output.contains("skip  cancel-is-unknown "), "\(capture.output)")
  }

  @Test("docs/subjects.md shows the adapter's file verbatim")
  func documentationShowsIt() throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let source = try String(
      contentsOf: tests.appendingPathComponent("ArticleFavoritesSubject.swift"), encoding: .utf8)
    let page = try String(
      contentsOf: tests.appendingPathComponent("../../docs/subjects.md"), encoding: .utf8)
    let shown = source.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
      .joined(separator: "\n")
    #expect(page.contains("```swift\n" + shown + "```\n"))
  }
}
