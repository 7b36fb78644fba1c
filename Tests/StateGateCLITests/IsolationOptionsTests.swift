import Testing

@testable import StateGateCLI

/// `--step-timeout`, `--case-timeout` and `--no-isolation` are one group, declared once
/// (`IsolationOptions`): every command that runs subjects in workers takes the same options and
/// refuses a time limit beside `--no-isolation` in the same words.
@MainActor
@Suite("The isolation options, shared")
struct IsolationOptionsTests {
  /// `command` with `options`, and the recording `import` needs.
  private func run(_ command: String, _ options: [String]) -> (
    status: StateGateCLI.ExitStatus, error: String
  ) {
    let capture = CapturedIO()
    let arguments = [command] + options + (command == "import" ? ["recording.jsonl"] : [])
    let status = StateGate.main(arguments: arguments, io: capture.io())
    return (status, capture.error)
  }

  @Test(
    "run, explore and import refuse a time limit beside --no-isolation alike",
    arguments: ["run", "explore", "import"], ["--step-timeout", "--case-timeout"])
  func sameConflict(command: String, limit: String) {
    let result = run(command, ["--no-isolation", limit, "5s"])
    #expect(result.status == .usage)
    #expect(
      result.error.hasPrefix(
        "error: options '--no-isolation' and '\(limit)' cannot be given together"))
  }

  @Test("The three commands list the group's options, in one order")
  func sameOptions() {
    let tables = [
      RunCommand.Options.table, ExploreCommand.Options.table, ImportCommand.Options.table,
    ]
    for table in tables {
      let names = table.map(\.long).filter {
        ["step-timeout", "case-timeout", "no-isolation"].contains($0)
      }
      #expect(names == ["step-timeout", "case-timeout", "no-isolation"])
    }
  }

  @Test("A bad limit is the same value error in every command")
  func sameValueError() {
    let messages = ["run", "explore", "import"].map {
      run($0, ["--step-timeout", "soon"]).error
    }
    #expect(Set(messages).count == 1, "\(messages)")
    #expect(messages[0].hasPrefix("error: invalid value 'soon' for '--step-timeout'"))
  }
}
