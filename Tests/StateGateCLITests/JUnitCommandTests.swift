import Foundation
import Testing

@testable import StateGateCLI

/// A bundle of the XCResult tests' fixtures (trainer's, copied there).
func xcresultFixture(_ name: String) -> String {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("XCResultTests/Fixtures/\(name)").path
}

/// `stategate junit` and `stategate triage` on bundles: output and exit statuses.
@Suite @MainActor struct JUnitCommandTests {
  @Test("junit writes a bundle's JUnit to stdout or --output, exit 0")
  func writes() throws {
    let bundle = xcresultFixture("SwiftTesting.xcresult")
    let printed = runStateGate("junit", bundle)
    #expect(printed.status == .success, "\(printed.error)")
    #expect(printed.output.contains("<testcase classname=\"FastlaneTrainerSwiftTestingTests\""))
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("stategate-junit-\(UUID().uuidString).xml").path
    let written = runStateGate("junit", bundle, "--junit", "strict", "--output", file)
    #expect(written.status == .success && written.output.isEmpty)
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains("failures=\"1\"") && !text.contains(" file=\""))
    // An existing file is evidence too: never replaced without --force.
    let again = runStateGate("junit", bundle, "--output", file)
    #expect(again.status == .usage, "\(again.error)")
    #expect(again.error.contains("exists"))
    #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
    let forced = runStateGate("junit", bundle, "--output", file, "--force")
    #expect(forced.status == .success, "\(forced.error)")
    #expect(try String(contentsOfFile: file, encoding: .utf8) != text)
  }

  @Test("junit of a missing or damaged bundle writes nothing: exit 66 or 65")
  func refuses() throws {
    let missing = runStateGate("junit", "/nonexistent/Run.xcresult")
    #expect(missing.status == .missingInput && missing.output.isEmpty)
    #expect(missing.error == "error: '/nonexistent/Run.xcresult': no such file or directory\n")
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("stategate-junit-\(UUID().uuidString)/Empty.xcresult").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let empty = runStateGate("junit", folder)
    #expect(empty.status == .malformedInput && empty.output.isEmpty)
    #expect(empty.error.hasPrefix("error: '\(folder)/Info.plist': missing"))
    #expect(runStateGate("junit").status == .usage)
    #expect(runStateGate("junit", "a.xcresult", "b.xcresult").status == .usage)
  }

  @Test("triage of a bundle: the failing cases, exit 1; its JSON as well")
  func triage() {
    let bundle = runStateGate("triage", xcresultFixture("Test.test_result.xcresult"))
    #expect(bundle.status == .contractFailures)
    #expect(bundle.output.contains("7 cases: 5 passed, 2 failed"))
    #expect(bundle.output.contains("FAIL  TestTests/testFailureJosh1()"))
    let json = runStateGate(
      "triage", xcresultFixture("Xcode16-Mixed-XCTest-SwiftTesting.json"), "--format", "json")
    #expect(json.status == .contractFailures)
    #expect(json.output.contains("\"kind\" : \"xcresult-json\""))
  }
}
