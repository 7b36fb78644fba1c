import Contracts
import Testing

@testable import StateGateCLI

/// The command line: dispatch, help generated from the option tables, errors and exit statuses.
@MainActor
@Suite("Command line")
struct CommandLineTests {
  @Test("The demo checks every step of the seed's drag and exits 0")
  func demoPasses() {
    let result = runStateGate("demo")
    #expect(result.status == .success)
    #expect(result.output.contains("contract holds: one undo restored 0, one redo restored 100"))
    let stepLines = result.output.split(separator: "\n").filter { $0.hasSuffix("  ok") }
    #expect(stepLines.count == 14)
    #expect(result.error.isEmpty)
  }

  @Test(
    "The demo takes the number of callbacks in all three spellings",
    arguments: [["demo", "--callbacks", "3"], ["demo", "--callbacks=3"], ["demo", "-n", "3"]])
  func demoCallbacksOption(arguments: [String]) {
    let capture = CapturedIO()
    let status = StateGate.main(arguments: arguments, io: capture.io())
    #expect(status == .success)
    #expect(capture.output.contains("one redo restored 30"))
  }

  @Test("Output is deterministic: two runs print the same bytes")
  func demoIsDeterministic() {
    #expect(runStateGate("demo", "-n", "25").output == runStateGate("demo", "-n", "25").output)
  }

  @Test(
    "Usage errors exit 64 with one error line naming the word",
    arguments: [
      (["dmo"], "error: unknown command 'dmo'; did you mean 'demo'?"),
      (
        ["demo", "--callbaks", "3"],
        "error: unknown option '--callbaks'; did you mean '--callbacks'?"
      ),
      (["demo", "--callbacks"], "error: option '--callbacks' needs a value"),
      (
        ["demo", "--callbacks", "0"],
        "error: invalid value '0' for '--callbacks'; expected a whole number from 1 to 10000"
      ),
      (
        ["demo", "--callbacks", "2", "-n", "3"],
        "error: option '--callbacks' was given more than once"
      ),
      (["demo", "--help=yes"], "error: option '--help' takes no value"),
      (["demo", "extra"], "error: unexpected argument 'extra'"),
      (["--verison"], "error: unknown option '--verison'; did you mean '--version'?"),
    ])
  func usageErrors(arguments: [String], message: String) {
    let capture = CapturedIO()
    let status = StateGate.main(arguments: arguments, io: capture.io())
    #expect(status == .usage)
    #expect(capture.error == message + "\n")
    #expect(capture.output.isEmpty)
  }

  @Test("Help is generated from the option table and lists every option")
  func helpListsOptions() {
    let result = runStateGate("demo", "--help")
    #expect(result.status == .success)
    for option in DemoCommand.subcommand.options {
      #expect(result.output.contains("--\(option.long)"))
      #expect(result.output.contains(option.help))
    }
    #expect(runStateGate("help", "demo").output == result.output)
  }

  @Test("The overview lists every command and the exit statuses")
  func overview() {
    let result = runStateGate("--help")
    #expect(result.status == .success)
    for command in StateGate.subcommands {
      #expect(result.output.contains(command.name))
    }
    #expect(result.output.contains("64 usage"))
    let bare = runStateGate()
    #expect(bare.status == .usage)
    #expect(bare.error == result.output)
  }

  @Test("--version prints the tool's version")
  func version() {
    #expect(runStateGate("--version").output == "stategate \(StateGate.version)\n")
  }

  @Test("The scanner treats everything after -- as positional")
  func doubleDash() throws {
    let scanner = ArgumentScanner(options: [OptionSpec("flag", help: "A flag.")])
    let parsed = try scanner.scan(["a", "--flag", "--", "--flag", "-x"])
    #expect(parsed.has("flag"))
    #expect(parsed.positionals == ["a", "--flag", "-x"])
  }

  @Test("Colour is used only on a terminal and never with NO_COLOR")
  func colourRules() {
    let capture = CapturedIO()
    #expect(capture.io(terminal: true).usesColor)
    #expect(!capture.io(terminal: false).usesColor)
    #expect(!capture.io(environment: ["NO_COLOR": "1"], terminal: true).usesColor)
  }

  @Test("Edit distance counts insertions, deletions and substitutions")
  func editDistances() {
    #expect(Spelling.distance("demo", "demo") == 0)
    #expect(Spelling.distance("dmo", "demo") == 1)
    #expect(Spelling.distance("kitten", "sitting") == 3)
    #expect(Spelling.distance("", "abc") == 3)
    #expect(Spelling.closest(to: "zzzzzz", in: ["demo"]) == nil)
  }
}
