import UndoKit

/// `stategate demo`: the seed article's grouped drag on UndoKit, printed and checked step by step.
enum DemoCommand {
  static let subcommand = Subcommand(
    name: "demo",
    summary: "Run the seed's grouped drag on UndoKit and check the state after every step.",
    options: [
      OptionSpec(
        "callbacks", short: "n", kind: .value(placeholder: "N"),
        help: "Position callbacks in the drag (1 to 10000, default 10).")
    ],
    run: { arguments, context in
      guard arguments.positionals.isEmpty else {
        throw ArgumentError.unexpectedArgument(arguments.positionals[0])
      }
      let callbacks = try arguments.integer("callbacks", in: 1...10_000, default: 10)
      let report = DragDemo(callbacks: callbacks).run()
      context.io.writeOutput(report.text)
      return report.holds ? .success : .contractFailures
    }
  )
}
