import Foundation
import Platform
import ResultFiles
import ResultSchema
import Triage
import XCResult

/// `stategate junit PATH.xcresult`: JUnit from an Xcode result bundle, on Linux.
enum JUnitCommand {
  static let subcommand = Subcommand(
    name: "junit",
    summary: "Write JUnit from an .xcresult bundle (or xcresulttool's JSON of one).",
    usage: " PATH.xcresult",
    options: [Options.output.spec, Options.junit.spec, Options.force.spec],
    run: { arguments, context in
      guard let path = arguments.positionals.first else {
        throw ArgumentError.missingArgument("PATH.xcresult")
      }
      guard arguments.positionals.count == 1 else {
        throw ArgumentError.invalidValue(
          option: "PATH", value: arguments.positionals[1], expected: "one bundle")
      }
      let parsed = try Options(arguments)
      let options = JUnitOptions.chosen(parsed.dialect, io: context.io)
      let bundle: XCResultReport
      do {
        bundle = try XCResultJUnit.read(path)
      } catch let error as XCResultError {
        context.io.writeError("error: \(TerminalText.line(error.description))\n")
        return error.kind == .missing ? .missingInput : .malformedInput
      }
      // A bundle read only in part is not converted: a file of what was read could read green.
      guard bundle.problems.isEmpty else {
        for problem in bundle.problems {
          context.io.writeError("error: \(TerminalText.line(problem))\n")
        }
        context.io.writeError("error: '\(path)' was not read completely; no JUnit written\n")
        return .malformedInput
      }
      let report = XCResultJUnit.report(of: bundle, dialect: options.dialect)
      let bytes: [UInt8]
      do {
        bytes = try JUnitWriter.bytes(of: report)
      } catch {
        throw StateGateError.internalFailure("\(error)")
      }
      if let output = parsed.output {
        try write(bytes, to: output, replacing: parsed.force)
      } else {
        context.io.writeOutput(String(decoding: bytes, as: UTF8.self))
      }
      if let unfinished = bundle.unfinished {
        context.io.writeError("error: \(TerminalText.line(unfinished))\n")
        return .contractFailures
      }
      return .success
    }
  )

  /// Writes `bytes` to `path` whole (a temporary file renamed into place), never replacing a file
  /// that exists unless `replacing`.
  private static func write(_ bytes: [UInt8], to path: String, replacing: Bool)
    throws(StateGateError)
  {
    if !replacing && FileManager.default.fileExists(atPath: path) {
      throw .wouldOverwrite(path: path)
    }
    let directory = PathText.parent(path)
    let temporary = PathText.join(
      directory.isEmpty ? "." : directory, ".\(PathText.lastComponent(path)).\(UUID().uuidString)")
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: temporary), options: .withoutOverwriting)
    } catch {
      throw .cannotWrite(path: path, reason: "cannot create a file beside it")
    }
    do throws(PlatformError) {
      if replacing {
        guard rename(temporary, path) == 0 else { throw PlatformError("rename") }
      } else {
        try Files.renameWithoutReplacing(temporary, to: path)
      }
    } catch {
      try? FileManager.default.removeItem(atPath: temporary)
      if error.code == EEXIST { throw .wouldOverwrite(path: path) }
      throw .cannotWrite(path: path, reason: error.reason)
    }
  }

  /// `junit`'s options, read.
  struct Options {
    static let output = Option<String>(
      "output", short: "o", placeholder: "FILE",
      help: "Where the JUnit goes (default: standard output).")
    static let junit = Option(
      "junit", placeholder: "default|strict",
      help: "The dialect: 'default' adds file and line to each test case; 'strict' validates "
        + "against the Jenkins and Ant schemas.",
      parse: OptionValueReader.choice(JUnitReport.Dialect.self))
    static let force = Flag("force", help: "Replace a file that exists.")

    /// Where the JUnit goes (`nil`: standard output).
    var output: String?
    /// The dialect, if given.
    var dialect: JUnitReport.Dialect?
    /// Whether an existing output file may be replaced.
    var force: Bool

    /// Reads `arguments`.
    init(_ arguments: ParsedArguments) throws(ArgumentError) {
      dialect = try arguments.value(of: Self.junit)
      output = try arguments.value(of: Self.output)
      force = arguments[Self.force]
    }
  }
}
