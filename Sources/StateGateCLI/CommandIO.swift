import Contracts
import Foundation

/// Where a command writes its data and diagnostics, and what it knows of its environment.
///
/// Passed into every command instead of global output hooks, so the whole command line runs in
/// process under test.
public struct CommandIO: Sendable {
  /// Writes data (results, reports) to standard output.
  public var writeOutput: @Sendable (String) -> Void
  /// Writes progress and diagnostics to standard error.
  public var writeError: @Sendable (String) -> Void
  /// The process environment.
  public var environment: [String: String]
  /// Whether standard output is a terminal (colour is used only then, and never with `NO_COLOR`).
  public var outputIsTerminal: Bool
  /// Whether standard error is a terminal (a progress line is shown only then, never in CI).
  public var errorIsTerminal = false
  /// Reads a monotonic clock in seconds, for durations only.
  public var clock: @Sendable () -> Double
  /// The process's full command line, program name first (empty: not known).
  public var commandLine: [String] = []
  /// The executable that serves as a worker process for isolated runs: the process's own for
  /// ``standard``; `nil` runs cases in process (as `run --no-isolation` does).
  public var workerExecutable: String?
  /// The language people-facing output is written in; ``StateGate/main(arguments:io:subjects:)``
  /// sets it from `--language`, else from the locale in ``environment``.
  public var language: Language = .english

  /// Creates an IO value from its parts.
  public init(
    writeOutput: @escaping @Sendable (String) -> Void,
    writeError: @escaping @Sendable (String) -> Void,
    environment: [String: String] = [:],
    outputIsTerminal: Bool = false,
    clock: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }
  ) {
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.environment = environment
    self.outputIsTerminal = outputIsTerminal
    self.clock = clock
  }

  /// The process's own standard output, standard error and environment.
  public static var standard: CommandIO {
    var io = CommandIO(
      writeOutput: { try? FileHandle.standardOutput.write(contentsOf: Data($0.utf8)) },
      writeError: { try? FileHandle.standardError.write(contentsOf: Data($0.utf8)) },
      environment: ProcessInfo.processInfo.environment,
      outputIsTerminal: isatty(STDOUT_FILENO) == 1
    )
    io.commandLine = CommandLine.arguments
    io.errorIsTerminal = isatty(STDERR_FILENO) == 1
    io.workerExecutable = ownExecutable()
    return io
  }

  /// The path of the running executable, if it can be found.
  private static func ownExecutable() -> String? {
    if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
      FileManager.default.isExecutableFile(atPath: resolved)
    {
      return resolved
    }
    return Bundle.main.executablePath
  }

  /// Whether output may be coloured: a terminal, no `NO_COLOR` with a value (an empty one does
  /// not count, as no-color.org says), and not `TERM=dumb`.
  public var usesColor: Bool {
    outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
  }

  /// Whether a progress line may be drawn on standard error: a terminal that is not `TERM=dumb`,
  /// and not a CI job (`CI` set), whose log would keep every redraw.
  public var showsProgress: Bool {
    errorIsTerminal && environment["TERM"] != "dumb" && (environment["CI"] ?? "").isEmpty
  }
}
