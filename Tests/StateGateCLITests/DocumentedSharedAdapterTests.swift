import Contracts
import Foundation
import StateGateCLI
import Testing

/// The shared-entity adapter docs/subjects.md shows: it compiles, it passes the built-in suite
/// with the shared cases, and the page shows it as this target holds it.
@MainActor
@Suite("The documented shared-entity adapter")
struct DocumentedSharedAdapterTests {
  private static let entry = SubjectEntry.optimisticUpdates(
    "shared-article-favorites", summary: "the article's favourites behind rows that share posts"
  ) { SharedArticleFavoritesSubject() }

  @Test("The documented adapter passes the built-in suite, the shared cases among them")
  func passesBuiltInSuite() {
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: ["run", "--subject", "shared-article-favorites", "--suite", "optimistic-updates"],
      io: capture.io(), subjects: [Self.entry])
    #expect(status == .success, "\(capture.output)\(capture.error)")
    for check in [
      "shared-write-shows-in-every-row", "shared-rejection-rolls-back-every-row",
      "shared-stale-after-session", "shared-tap-gated-through-other-row",
      "shared-sync-settles-every-row", "rollback-after-rejection",
    ] {
      #expect(capture.output.contains("pass  \(check) "), "\(check): \(capture.output)")
    }
  }

  @Test("docs/subjects.md shows the adapter's file verbatim")
  func documentationShowsIt() throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let source = try String(
      contentsOf: tests.appendingPathComponent("SharedArticleFavoritesSubject.swift"),
      encoding: .utf8)
    let page = try String(
      contentsOf: tests.appendingPathComponent("../../docs/subjects.md"), encoding: .utf8)
    let shown = source.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
      .joined(separator: "\n")
    #expect(page.contains("```swift\n" + shown + "```\n"))
  }
}
