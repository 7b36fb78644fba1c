import ResultFiles
import RunModel
import Runner

/// What a run tells the CI system it runs in, beyond its log.
///
/// On GitHub Actions: an `::error` workflow command per failing case, which the pull request
/// shows at the suite line of the first failing step. On GitLab and Jenkins: where their
/// test-report feature finds the JUnit report. On a plain terminal: nothing.
///
/// The lines go to standard error, which the GitHub runner reads for workflow commands as it
/// reads standard output, so `--format json` and `--print-path` keep standard output as data.
@MainActor
final class CIAnnotationOutput: RunOutput {
  private let io: CommandIO
  private let junit: JUnitOptions

  /// Wanted by `run` (which writes junit.xml); writes only where a CI system is recognised.
  init?(_ request: OutputRequest) {
    guard request.command == .run, let junit = request.junit else { return nil }
    io = request.io
    self.junit = junit
  }

  func finish(_ run: FinishedRun) {
    guard let report = run.report, let plan = run.plan else { return }
    Self.write(report, plan: plan, directory: run.directory, junit: junit, io: io)
  }

  /// The CI systems stategate speaks to.
  enum Platform: Equatable {
    case github
    case gitlab
    case jenkins
  }

  /// The platform `environment` belongs to, if any.
  static func platform(in environment: [String: String]) -> Platform? {
    if environment["GITHUB_ACTIONS"] == "true" { return .github }
    if environment["GITLAB_CI"] == "true" { return .gitlab }
    if !(environment["JENKINS_URL"] ?? "").isEmpty { return .jenkins }
    return nil
  }

  /// Writes what the CI system in `io`'s environment reads about a finished run.
  ///
  /// - Parameters:
  ///   - report: What the run produced.
  ///   - plan: The plan it ran (for each suite's file and each case's line).
  ///   - directory: The run's result directory.
  ///   - junit: How paths are spelt for the CI system.
  ///   - io: Where to write, and the environment.
  static func write(
    _ report: RunReport, plan: RunPlan, directory: String, junit: JUnitOptions, io: CommandIO
  ) {
    switch platform(in: io.environment) {
    case .github:
      for line in githubLines(report, plan: plan, junit: junit) {
        io.writeError(line + "\n")
      }
    case .gitlab:
      let path = junit.attachment("junit.xml", in: directory)
      io.writeError(
        "stategate: JUnit report for GitLab's test report (artifacts:reports:junit): \(path)\n")
    case .jenkins:
      let root = io.environment["WORKSPACE"] ?? junit.workingDirectory
      let path = JUnitOptions(workingDirectory: junit.workingDirectory, attachmentRoot: root)
        .attachment("junit.xml", in: directory)
      io.writeError("stategate: JUnit report for Jenkins' junit step: \(path)\n")
    case nil:
      break
    }
  }

  /// One `::error file=…,line=…,title=…::…` line per failing case, in report order.
  static func githubLines(_ report: RunReport, plan: RunPlan, junit: JUnitOptions) -> [String] {
    var entries: [String: (file: String?, source: String, lines: [String: Int])] = [:]
    for entry in plan.entries {
      let key = entry.suite.id + "\u{0}" + entry.subject.name
      guard entries[key] == nil else { continue }
      let source = entry.suite.source
      entries[key] = (
        source.hasPrefix("builtin:") ? nil : placeable(junit.suiteFile(source)), source,
        Dictionary(entry.cases.map { ($0.id, $0.line) }, uniquingKeysWith: { first, _ in first })
      )
    }
    return report.suites.flatMap(\.cases).filter { $0.outcome == .failed }.map { result in
      let entry = entries[result.suiteID + "\u{0}" + result.subject]
      let line = result.firstFailure?.line ?? entry?.lines[result.caseID]
      var properties: [String] = []
      // A file and line only where the repository has the file: a built-in suite, or one outside
      // the checkout, is annotated on the workflow step, and the message says where to look.
      if let file = entry?.file {
        properties.append("file=\(escapeProperty(file))")
        if let line { properties.append("line=\(line)") }
      }
      properties.append(
        "title="
          + escapeProperty(
            TerminalText.line("\(result.suiteID)/\(result.caseID) [\(result.subject)]")))
      let failureClass = result.classification?.failureClass.rawValue ?? "unclassified"
      // The verdict and its reason first, then the failure's details as the console shows them.
      let failure = result.failureMessage(source: entry?.source)
      var message = "\(failureClass): " + TerminalText.line(failure?.headline ?? "failed")
      if let reason = result.classification?.reason {
        message += "\n" + TerminalText.line(reason)
      }
      for detail in failure?.details ?? [] {
        message += "\n" + TerminalText.line(detail)
      }
      return "::error \(properties.joined(separator: ","))::\(escapeData(message))"
    }
  }

  /// `path` when a repository checkout can hold it (relative, inside the source root), else
  /// `nil`.
  private static func placeable(_ path: String) -> String? {
    path.hasPrefix("/") || path.hasPrefix("..") ? nil : TerminalText.line(path)
  }

  /// A workflow command's message: `%`, carriage returns and line feeds encoded.
  static func escapeData(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  /// A workflow command's property value: as a message, and `:` and `,` encoded too.
  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A")
      .replacingOccurrences(of: ",", with: "%2C")
  }
}
