import Testing

@testable import StateGateCLI

/// The readers options share, and the typed options read through them: the forms each accepts
/// and the message for what it refuses.
@MainActor
@Suite("Option values")
struct OptionValueReaderTests {
  @Test(
    "A time limit takes 0 and up, in seconds, ms, s or m",
    arguments: [("0", 0.0), ("10s", 10), ("500ms", 0.5), ("2m", 120), ("1.5", 1.5)])
  func limitsRead(text: String, seconds: Double) throws {
    #expect(try OptionValueReader.duration(text, option: "--step-timeout", use: .limit) == seconds)
  }

  @Test("A time limit refuses what is no duration", arguments: ["-1", "abc", "inf", "10h", ""])
  func limitsRefuse(text: String) {
    #expect(
      throws: ArgumentError.invalidValue(
        option: "--step-timeout", value: text,
        expected: "a duration such as 10s, 500ms or 2m (0: no limit)")
    ) {
      try OptionValueReader.duration(text, option: "--step-timeout", use: .limit)
    }
  }

  @Test(
    "A time budget is more than 0 and at most a day",
    arguments: [("30", 30.0), ("1.5s", 1.5), ("2m", 120), ("86400", 86_400), ("500ms", 0.5)])
  func budgetsRead(text: String, seconds: Double) throws {
    #expect(try OptionValueReader.duration(text, option: "--time", use: .budget) == seconds)
  }

  @Test(
    "A time budget refuses 0, more than a day and what is no duration",
    arguments: ["0", "0s", "86401", "1441m", "-5", "nan", "soon"])
  func budgetsRefuse(text: String) {
    #expect(
      throws: ArgumentError.invalidValue(
        option: "--time", value: text, expected: "a duration such as 30s, 2m or 500ms")
    ) {
      try OptionValueReader.duration(text, option: "--time", use: .budget)
    }
  }

  @Test("A shard is I/N with 1 <= I <= N", arguments: ["0/4", "5/4", "2", "a/b", "1/0", "1/2/3"])
  func shardsRefuse(text: String) throws {
    #expect(
      throws: ArgumentError.invalidValue(
        option: "--shard", value: text, expected: "I/N with 1 <= I <= N, such as 2/4")
    ) {
      try OptionValueReader.shard(text, option: "--shard")
    }
    #expect(
      try OptionValueReader.shard("2/4", option: "--shard") == ShardChoice(index: 2, count: 4))
  }

  @Test("A choice offers its words in order")
  func choicesOfferTheirWords() {
    #expect(
      throws: ArgumentError.invalidValue(
        option: "--format", value: "xml", expected: "text or json")
    ) {
      try OptionValueReader.choice(OutputFormat.self)("xml", "--format")
    }
    #expect(
      throws: ArgumentError.invalidValue(
        option: "--format", value: "xml", expected: "text, json or markdown")
    ) {
      try OptionValueReader.choice(TriageCommand.Options.Format.self)("xml", "--format")
    }
  }

  @Test("Typed options read what the scanner found, by their declaration")
  func typedOptionsRead() throws {
    let scanner = ArgumentScanner(options: RunCommand.Options.table)
    let parsed = try scanner.scan(["-j", "3", "--filter", "a", "-f", "b", "--keep-ids"])
    #expect(try parsed.value(of: RunCommand.Options.jobs) == 3)
    #expect(try parsed.values(of: RunCommand.Options.filter) == ["a", "b"])
    #expect(parsed[RunCommand.Options.keepIDs])
    #expect(!parsed[RunCommand.Options.isolation.noIsolation])
    #expect(parsed.isGiven(RunCommand.Options.jobs))
    #expect(!parsed.isGiven(RunCommand.Options.shard))
    #expect(
      throws: ArgumentError.invalidValue(
        option: "--jobs", value: "0", expected: "a whole number from 1 to 256")
    ) {
      try scanner.scan(["--jobs=0"]).value(of: RunCommand.Options.jobs)
    }
  }

  // A loop, not `arguments:`: the subcommands are main-actor state.
  @Test("Every subcommand's table names each option once")
  func tablesNameOptionsOnce() {
    for command in StateGate.subcommands {
      let options = command.options + [Subcommand.helpOption.spec]
      #expect(Set(options.map(\.long)).count == options.count, "\(command.name)")
      let shorts = options.compactMap(\.short)
      #expect(Set(shorts).count == shorts.count, "\(command.name)")
    }
  }
}
