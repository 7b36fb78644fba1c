import ResultSchema

/// How a run's `junit.xml` is written: its dialect, and how the paths in it are spelt so that
/// the CI system that reads it can resolve them.
package struct JUnitOptions: Equatable, Sendable {
  /// The dialect (`--junit default|strict`).
  package var dialect: JUnitReport.Dialect
  /// The absolute folder relative paths are read from (the current directory).
  package var workingDirectory: String
  /// The checkout's root, which `file` attributes are relative to: `GITHUB_WORKSPACE`,
  /// `CI_PROJECT_DIR` (GitLab) or `WORKSPACE` (Jenkins), else the working directory.
  package var sourceRoot: String
  /// The folder attachment paths are relative to (GitLab resolves them from `CI_PROJECT_DIR`);
  /// `nil` writes absolute paths, as Jenkins' junit-attachments plugin wants them.
  package var attachmentRoot: String?

  /// Creates options.
  package init(
    dialect: JUnitReport.Dialect = .standard, workingDirectory: String, sourceRoot: String? = nil,
    attachmentRoot: String? = nil
  ) {
    self.dialect = dialect
    self.workingDirectory = workingDirectory
    self.sourceRoot = sourceRoot ?? workingDirectory
    self.attachmentRoot = attachmentRoot
  }

  /// Options for a run in `environment`, started in `workingDirectory`.
  package static func from(
    environment: [String: String], workingDirectory: String,
    dialect: JUnitReport.Dialect = .standard
  ) -> JUnitOptions {
    func nonEmpty(_ name: String) -> String? {
      environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
    let root = nonEmpty("GITHUB_WORKSPACE") ?? nonEmpty("CI_PROJECT_DIR") ?? nonEmpty("WORKSPACE")
    return JUnitOptions(
      dialect: dialect, workingDirectory: workingDirectory, sourceRoot: root,
      attachmentRoot: nonEmpty("CI_PROJECT_DIR"))
  }

  /// `path` made absolute against the working directory.
  package func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : Self.normalized(PathText.join(workingDirectory, path))
  }

  /// The path a CI system shows for the suite `source` (`builtin:NAME` or a path): a built-in
  /// suite's place in the stategate package, `Sources/Contracts/Suites/NAME`; a file relative to
  /// ``sourceRoot`` when it lies inside it, else absolute.
  package func suiteFile(_ source: String) -> String {
    if source.hasPrefix("builtin:") {
      return "Sources/Contracts/Suites/" + source.dropFirst("builtin:".count)
    }
    return Self.relative(absolute(source), to: sourceRoot) ?? absolute(source)
  }

  /// The path of `file` in the result directory `directory`, as an attachment: relative to
  /// ``attachmentRoot`` when set and inside it, else absolute.
  package func attachment(_ file: String, in directory: String) -> String {
    let path = absolute(PathText.join(directory, file))
    guard let root = attachmentRoot else { return path }
    return Self.relative(path, to: absolute(root)) ?? path
  }

  /// `path` relative to `root`, or `nil` when it is not inside it.
  static func relative(_ path: String, to root: String) -> String? {
    let base = normalized(root)
    let full = normalized(path)
    let prefix = base.hasSuffix("/") ? base : base + "/"
    guard full.hasPrefix(prefix), full.count > prefix.count else { return nil }
    return String(full.dropFirst(prefix.count))
  }

  /// `path` without `.` components, repeated slashes and `..` steps that can be resolved.
  static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..":
        if let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
      default: parts.append(part)
      }
    }
    let joined = parts.joined(separator: "/")
    return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
  }
}
