import Contracts
import Foundation
import ResultSchema
import StateGateTemplates

/// `stategate init ci PLATFORM` and `stategate init hook pre-push` (or, shorter, `init PLATFORM` and
/// `init pre-push`): ready files from the compiled-in templates, never written over an existing
/// file without `--force`.
enum InitCommand {
  /// One file `init` can write.
  struct Target: Equatable {
    /// The words after `init`, such as `ci github`.
    var words: [String]
    /// The template under `Templates/`.
    var template: String
    /// Where it goes, relative to the project (for the hook: to git's hooks folder).
    var destination: String
    /// Whether it must be executable.
    var isExecutable: Bool
    /// What to do next, one line.
    var nextStep: String
  }

  static let targets: [Target] = [
    Target(
      words: ["ci", "github"], template: "github-actions/stategate.yml",
      destination: ".github/workflows/stategate.yml", isExecutable: false,
      nextStep: "commit it; pull requests then show ::error annotations at failing suite lines"),
    Target(
      words: ["ci", "gitlab"], template: "gitlab/stategate.gitlab-ci.yml",
      destination: ".gitlab/stategate.gitlab-ci.yml", isExecutable: false,
      nextStep:
        "include it from .gitlab-ci.yml: 'include: { local: .gitlab/stategate.gitlab-ci.yml }'"),
    Target(
      words: ["ci", "jenkins"], template: "jenkins/Jenkinsfile", destination: "Jenkinsfile",
      isExecutable: false,
      nextStep:
        "point a multibranch pipeline at the repository (needs the JUnit and Copy Artifact plugins)"
    ),
    Target(
      words: ["ci", "xcode-cloud"], template: "xcode-cloud/ci_pre_xcodebuild.sh",
      destination: "ci_scripts/ci_pre_xcodebuild.sh", isExecutable: true,
      nextStep: "commit ci_scripts/ next to your .xcodeproj; Xcode Cloud runs it before xcodebuild"),
    Target(
      words: ["hook", "pre-push"], template: "hooks/pre-push", destination: "pre-push",
      isExecutable: true,
      nextStep: "git push now runs the suites and refuses new failures ('--no-verify' skips)"),
  ]

  static let subcommand = Subcommand(
    name: "init",
    summary: "Write a CI job (github, gitlab, jenkins, xcode-cloud) or a pre-push hook.",
    usage: " [ci] github|gitlab|jenkins|xcode-cloud | [hook] pre-push",
    options: [Options.product.spec, Options.directory.spec, Options.force.spec],
    run: { arguments, context in try run(arguments, io: context.io) }
  )

  static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitStatus {
    let words = arguments.positionals
    guard !words.isEmpty, words != ["ci"], words != ["hook"] else {
      throw ArgumentError.missingArgument("PLATFORM")
    }
    guard words.count <= 2 else { throw ArgumentError.unexpectedArgument(words[2]) }
    // `ci github` or just `github`; `hook pre-push` or just `pre-push`.
    let name = words.count == 2 && ["ci", "hook"].contains(words[0]) ? words[1] : words.joined()
    guard let target = targets.first(where: { $0.words.last == name }) else {
      throw ArgumentError.unknown(
        "CI platform or hook", option: "init", value: name, among: targets.compactMap(\.words.last),
        listing: "stategate init --help")
    }
    let options = try Options(arguments)
    let product = options.product
    guard !product.isEmpty,
      product.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
    else {
      throw ArgumentError.invalidValue(
        option: "--product", value: product, expected: "a product name (letters, digits, - _ .)")
    }
    let project = options.directory ?? FileManager.default.currentDirectoryPath
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: project, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw StateGateError.missingInput("'\(project)': no such project folder")
    }
    let destination =
      target.words[0] == "hook"
      ? try hooksFolder(in: project) + "/" + target.destination
      : project + "/" + target.destination
    let text = TemplateFile.named(target.template).text
      .replacingOccurrences(of: "example-stategate", with: product)
    try write(text, to: destination, executable: target.isExecutable, force: options.force)
    io.writeOutput(destination + "\n")
    io.writeError("stategate: wrote \(destination); \(target.nextStep)\n")
    return .success
  }

  /// Git's hooks folder for the repository `project` is in.
  private static func hooksFolder(in project: String) throws -> String {
    guard
      let path = CIContextDetector.git([
        "-C", project, "rev-parse", "--path-format=absolute", "--git-path", "hooks",
      ])
    else {
      throw StateGateError.missingInput(
        "'\(project)' is not inside a git repository (or git is not installed)")
    }
    return path
  }

  /// Writes `text` to `path` through a temporary file and a rename, so a reader never sees half
  /// a file; an existing file is kept unless `force`.
  private static func write(_ text: String, to path: String, executable: Bool, force: Bool) throws {
    if !force && FileManager.default.fileExists(atPath: path) {
      throw StateGateError.wouldOverwrite(path: path)
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    let temporary = folder.appendingPathComponent(".stategate-init-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: temporary)
      try FileManager.default.setAttributes(
        [.posixPermissions: executable ? 0o755 : 0o644], ofItemAtPath: temporary.path)
      if force {
        guard rename(temporary.path, path) == 0 else {
          throw StateGateError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
      } else {
        // Never replace a file that appeared meanwhile.
        guard link(temporary.path, path) == 0 else {
          let reason = errno == EEXIST ? nil : String(cString: strerror(errno))
          try? FileManager.default.removeItem(at: temporary)
          throw reason.map { StateGateError.cannotWrite(path: path, reason: $0) }
            ?? StateGateError.wouldOverwrite(path: path)
        }
        try FileManager.default.removeItem(at: temporary)
      }
    } catch let error as StateGateError {
      throw error
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw StateGateError.cannotWrite(path: path, reason: SystemErrorText.reason(error))
    }
  }

  /// `init`'s options, read.
  struct Options {
    static let product = Option<String>(
      "product", placeholder: "NAME",
      help: "The executable product of your package that runs stategate (default: stategate).")
    static let directory = Option<String>(
      "directory", short: "C", placeholder: "DIR",
      help: "The project to write into (default: the current directory).")
    static let force = Flag("force", help: "Replace a file that exists.")

    /// The product that runs stategate.
    var product: String
    /// The project to write into, if given.
    var directory: String?
    /// Whether an existing file is replaced.
    var force: Bool

    /// Reads `arguments`.
    init(_ arguments: ParsedArguments) throws(ArgumentError) {
      product = try arguments.value(of: Self.product) ?? "stategate"
      directory = try arguments.value(of: Self.directory)
      force = arguments[Self.force]
    }
  }
}
