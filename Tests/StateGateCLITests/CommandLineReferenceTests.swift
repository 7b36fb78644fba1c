import Foundation
import Testing

@testable import StateGateCLI

/// docs/command-line.md's generated part is what the option tables say, so every option of every
/// command is documented (`import --replay-limit`, `init --directory`, `demo --callbacks` were
/// not).
@MainActor
@Suite("The command-line reference")
struct CommandLineReferenceTests {
  private static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../docs/command-line.md").standardized

  @Test("docs/command-line.md holds the generated reference, current with every option table")
  func pageIsCurrent() throws {
    let text = try String(contentsOf: Self.page, encoding: .utf8)
    let generated = CommandLineReference.markdown()
    guard let begin = text.range(of: CommandLineReference.beginMarker),
      let end = text.range(of: CommandLineReference.endMarker)
    else {
      Issue.record("docs/command-line.md has no generated part between the markers")
      return
    }
    let current = String(text[begin.lowerBound..<end.upperBound]) + "\n"
    if current != generated,
      ProcessInfo.processInfo.environment["STATEGATE_REGENERATE_DOCS"] == "1"
    {
      let updated = text.replacingCharacters(
        in: begin.lowerBound..<end.upperBound, with: generated.dropLast())
      try updated.write(to: Self.page, atomically: true, encoding: .utf8)
      return
    }
    #expect(
      current == generated,
      "docs/command-line.md is out of date: run STATEGATE_REGENERATE_DOCS=1 swift test --filter CommandLineReferenceTests"
    )
  }

  @Test("Every option of every command is in the reference")
  func everyOptionListed() {
    let generated = CommandLineReference.markdown()
    for command in StateGate.subcommands {
      #expect(generated.contains("### `\(command.name)`"))
      for option in command.options {
        #expect(generated.contains("--\(option.long)"), "\(command.name) --\(option.long)")
      }
    }
  }
}
