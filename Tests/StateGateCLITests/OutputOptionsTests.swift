import ResultFiles
import Testing

@testable import StateGateCLI

/// The option groups several commands share, declared once in ``OutputOptions``.
@Suite("Shared output options")
struct OutputOptionsTests {
  @Test("--format lists each command's own formats, defaults to the first, and refuses others")
  func formatIsDerivedFromTheChoices() throws {
    let triage = OutputOptions.format(TriageCommand.Options.Format.self)
    #expect(triage.spec.kind == .value(placeholder: "text|json|markdown"))
    #expect(triage.spec.help == "Output format (default: text).")
    #expect(FaultsCommand.Options.format.spec.kind == .value(placeholder: "text|markdown"))
    #expect(RunCommand.Options.format.spec.kind == .value(placeholder: "text|json"))
    let scanner = ArgumentScanner(options: [triage.spec])
    #expect(try scanner.scan(["--format", "markdown"]).value(of: triage) == .markdown)
    #expect(
      throws: ArgumentError.invalidValue(
        option: "--format", value: "xml", expected: "text, json or markdown")
    ) {
      try scanner.scan(["--format", "xml"]).value(of: triage)
    }
  }

  @Test(
    "run and explore put result directories where --output, else STATEGATE_OUTPUT, else artifacts say",
    arguments: [
      ([String](), [String: String](), "artifacts"),
      ([], ["STATEGATE_OUTPUT": ""], "artifacts"),
      ([], ["STATEGATE_OUTPUT": "ci-results"], "ci-results"),
      (["--output", "mine"], ["STATEGATE_OUTPUT": "ci-results"], "mine"),
      (["-o", "mine"], [:], "mine"),
    ])
  func resultDirectoryFolder(
    arguments: [String], environment: [String: String], folder: String
  ) throws {
    for option in [RunCommand.Options.output, ExploreCommand.Options.output] {
      let parsed = try ArgumentScanner(options: [option.spec]).scan(arguments)
      #expect(
        try OutputOptions.resultDirectory(option, in: parsed, environment: environment) == folder)
    }
    let given = arguments.count == 2 ? arguments[1] : nil
    #expect(ResultDirectoryLayout.folder(given: given, environment: environment) == folder)
  }

  @Test("An empty --output is refused naming the option")
  func emptyOutputIsRefused() throws {
    let option = RunCommand.Options.output
    let parsed = try ArgumentScanner(options: [option.spec]).scan(["--output="])
    #expect(
      throws: ArgumentError.invalidValue(
        option: "--output", value: "", expected: "a directory path")
    ) {
      try OutputOptions.resultDirectory(option, in: parsed, environment: [:])
    }
  }
}
