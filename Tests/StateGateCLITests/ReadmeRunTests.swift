import Foundation
import Testing

@testable import StateGateCLI

/// The README's "A real run" block is what `make run` prints today: its header, each suite's
/// count line and the total (times aside), so the first screen a user reads cannot drift.
@MainActor
@Suite("The README's real run")
struct ReadmeRunTests {
  private static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")

  @Test("README shows the header, suite counts and total that 'stategate run' prints")
  func readmeMatchesTheRun() throws {
    let run = runStateGate("run", "--output", freshOutput())
    #expect(run.status == .success, "\(run.error)")
    let readme = try String(contentsOf: Self.readme, encoding: .utf8)
    // The lines that say how much ran, up to their timing (" in 0.084s").
    let counted = run.output.split(separator: "\n").map(String.init).filter {
      $0.hasPrefix("stategate ") || $0.hasPrefix("total: ")
        || ($0.hasPrefix("  ") && $0.contains(" cases: ") && $0.contains(" passed"))
    }
    #expect(counted.count == 4, "\(run.output)")
    for line in counted {
      let stable = line.components(separatedBy: " in ").first ?? line
      #expect(readme.contains(stable), "README.md does not show '\(stable)': update 'A real run'")
    }
  }
}
