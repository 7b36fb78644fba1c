import UndoKit

/// `stategate demo`: the undo/redo article's grouped drag on UndoKit, printed and checked step by step.
enum DemoCommand {
  static let subcommand = Subcommand(
    name: "demo",
    summary:
      "Run the undo/redo article's grouped drag on UndoKit and check the state after every step.",
    options: [Options.callbacks.spec],
    run: { arguments, context in
      guard arguments.positionals.isEmpty else {
        throw ArgumentError.unexpectedArgument(arguments.positionals[0])
      }
      let callbacks = try Options(arguments).callbacks
      let report = DragDemo(callbacks: callbacks).run()
      context.io.writeOutput(report.text)
      return report.holds ? .success : .contractFailures
    }
  )

  /// `demo`'s options, read.
  struct Options {
    static let callbacks = Option(
      "callbacks", short: "n", placeholder: "N",
      help: "Position callbacks in the drag (1 to 10000, default 10).",
      parse: OptionValueReader.integer(in: 1...10_000))

    /// How many position callbacks the drag has.
    var callbacks: Int

    /// Reads `arguments`.
    init(_ arguments: ParsedArguments) throws(ArgumentError) {
      callbacks = try arguments.value(of: Self.callbacks) ?? 10
    }
  }
}
