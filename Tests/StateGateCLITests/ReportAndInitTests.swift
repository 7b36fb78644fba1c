import Foundation
import ResultSchema
import StateGateTemplates
import Testing

@testable import StateGateCLI

/// A fresh empty folder.
private func freshFolder(_ name: String) throws -> String {
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("stategate-\(name)-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// Debian's headless Chromium, which `make test` installs (ci/test-deps.sh).
private func chromium() throws -> String {
  let candidates = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"]
  return try #require(
    candidates.first { FileManager.default.isExecutableFile(atPath: $0) },
    "make test installs chromium-headless-shell (ci/test-deps.sh)")
}

/// What Chromium makes of a page: its DOM after rendering, and a screenshot's colours.
private func render(_ page: String) throws -> (dom: String, shot: [String: Any]) {
  let browser = try chromium()
  let profile = try freshFolder("chromium-profile")
  let common = [
    "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
    "--user-data-dir=\(profile)", "--window-size=1200,1600",
  ]
  let dom = try ToolProcess.run(browser, common + ["--dump-dom", "file://\(page)"])
  try #require(dom.status == 0, "\(dom.error)")
  let shot = PathText.join(profile, "shot.png")
  let screenshot = try ToolProcess.run(
    browser, common + ["--screenshot=\(shot)", "file://\(page)"])
  try #require(screenshot.status == 0, "\(screenshot.error)")
  let python = try #require(
    ProcessInfo.processInfo.environment["STATEGATE_PYTHON"],
    "make test sets STATEGATE_PYTHON (ci/python-consumers.sh)")
  let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../ci/png-colours.py").standardized.path
  let colours = try ToolProcess.run(python, [script, shot])
  try #require(colours.status == 0, "\(colours.error)")
  let seen = try #require(
    try JSONSerialization.jsonObject(with: Data(colours.output.utf8)) as? [String: Any])
  return (dom.output, seen)
}

/// `stategate report` and `stategate init`.
@MainActor
@Suite("report and init commands")
struct ReportAndInitTests {
  @Test(
    "report renders a failing run: the screenshot is not blank, the DOM holds the first bad step")
  func reportRendersInChromium() throws {
    let output = freshOutput()
    let run = runStateGate(
      "run", "--output", output, "--subject", "fault:drag-callback-groups", "--subject",
      "fault:rollback-to-snapshot", "--filter", "ten-callback", "--filter", "rollback-to",
      "--print-path")
    let directory = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    let page = PathText.join(try freshFolder("report"), "report.html")
    let report = runStateGate("report", directory, "-o", page)
    #expect(report.status == .success, "\(report.error)")
    #expect(report.output == page + "\n")
    let (dom, shot) = try render(page)
    #expect((shot["colours"] as? Int ?? 0) > 50, "\(shot)")
    #expect((shot["notBackground"] as? Double ?? 0) > 0.05, "the screenshot is blank: \(shot)")
    let row = try #require(
      dom.range(of: "<tr class=\"bad\" id=\"first-bad-step-1\">").map { dom[$0.lowerBound...] })
    let firstRow = String(row.prefix { $0 != "\n" }.prefix(600))
    #expect(
      firstRow.contains("<td>12</td><td>38</td><td class=\"step\">drag ended</td>"), "\(firstRow)")
    #expect(firstRow.contains("<span class=\"expected\">undos=1</span>"))
    #expect(firstRow.contains("<span class=\"actual\">undos=10</span>"))
    #expect(dom.contains("undo-history/ten-callback-drag [fault:drag-callback-groups]"))
    #expect(dom.contains("<span class=\"class\">group-boundary</span>"))
    #expect(
      dom.contains("The history's groups do not match user actions"), "the class's explanation")
    #expect(dom.contains("<svg class=\"classes\""))
    #expect(dom.contains("<span class=\"actual\">a.displayed=off</span>"), "the second case's step")
  }

  @Test("The page is self-contained: no script, no link, no external address")
  func reportIsSelfContained() throws {
    let output = freshOutput()
    let run = runStateGate(
      "run", "--output", output, "--subject", "fault:second-tap-sends", "--filter",
      "tap-while-pending", "--print-path")
    let directory = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    let page = PathText.join(try freshFolder("report"), "report.html")
    _ = runStateGate("report", directory, "--output", page)
    let html = try String(contentsOfFile: page, encoding: .utf8)
    for forbidden in ["<script", "<link", "src=", "href=", "url(", "@import"] {
      #expect(!html.contains(forbidden), "the page has '\(forbidden)'")
    }
    let addresses = html.components(separatedBy: "://").dropFirst()
      .filter { !$0.hasPrefix("www.w3.org/2000/svg\"") }
    #expect(addresses.isEmpty, "external addresses: \(addresses.map { $0.prefix(40) })")
    #expect(html.contains("Content-Security-Policy\" content=\"default-src 'none'"))
  }

  @Test("report over a folder of runs draws the history: one row per run and a trend chart")
  func reportTrend() throws {
    let output = freshOutput()
    _ = runStateGate("run", "--output", output, "--filter", "grouped-drag")
    _ = runStateGate(
      "run", "--output", output, "--subject", "fault:drag-callback-groups", "--filter",
      "grouped-drag")
    let page = PathText.join(try freshFolder("trend"), "trend.html")
    let report = runStateGate("report", output, "-o", page)
    #expect(report.status == .success, "\(report.error)")
    let (dom, shot) = try render(page)
    #expect((shot["notBackground"] as? Double ?? 0) > 0.01, "\(shot)")
    #expect(dom.contains("<svg class=\"trend\""))
    #expect(dom.components(separatedBy: "<td class=\"status-complete\">complete</td>").count == 3)
    #expect(dom.contains("group-boundary 1"))
  }

  @Test("report refuses to replace a file, a missing input, and a folder with no runs")
  func reportErrors() throws {
    let folder = try freshFolder("report-errors")
    let page = PathText.join(folder, "report.html")
    try Data("keep".utf8).write(to: URL(fileURLWithPath: page))
    let output = freshOutput()
    let run = runStateGate("run", "--output", output, "--filter", "grouped-drag", "--print-path")
    let directory = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    let refused = runStateGate("report", directory, "-o", page)
    #expect(refused.status == .usage)
    #expect(refused.error.contains("'\(page)' exists; pass --force"))
    #expect(try String(contentsOfFile: page, encoding: .utf8) == "keep")
    #expect(runStateGate("report", directory, "-o", page, "--force").status == .success)
    #expect(
      runStateGate("report", PathText.join(folder, "nothing"), "-o", page).status == .missingInput)
    let empty = runStateGate(
      "report", try freshFolder("empty"), "-o", PathText.join(folder, "x.html"))
    #expect(empty.status == .missingInput)
    #expect(empty.error.contains("no result directories found"))
  }

  @Test(
    "init writes each template with the product's name and never overwrites without --force",
    arguments: [
      (["ci", "github"], ".github/workflows/stategate.yml", "github-actions/stategate.yml"),
      (["ci", "gitlab"], ".gitlab/stategate.gitlab-ci.yml", "gitlab/stategate.gitlab-ci.yml"),
      (["ci", "jenkins"], "Jenkinsfile", "jenkins/Jenkinsfile"),
      (
        ["ci", "xcode-cloud"], "ci_scripts/ci_pre_xcodebuild.sh", "xcode-cloud/ci_pre_xcodebuild.sh"
      ),
    ])
  func initWritesTemplates(words: [String], destination: String, template: String) throws {
    let project = try freshFolder("init")
    let first = runStateGate(["init"] + words + ["-C", project, "--product", "photos-gate"])
    #expect(first.status == .success, "\(first.error)")
    let path = PathText.join(project, destination)
    #expect(first.output == path + "\n")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let expected = TemplateFile.named(template).text
      .replacingOccurrences(of: "example-stategate", with: "photos-gate")
    #expect(text == expected)
    #expect(text.contains("photos-gate"))
    try Data("mine".utf8).write(to: URL(fileURLWithPath: path))
    let again = runStateGate(["init"] + words + ["-C", project])
    #expect(again.status == .usage)
    #expect(again.error == "error: '\(path)' exists; pass --force to replace it\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine")
    let forced = runStateGate(["init"] + words + ["-C", project, "--force"])
    #expect(forced.status == .success)
    #expect(try String(contentsOfFile: path, encoding: .utf8) != "mine")
  }

  @Test("init hook pre-push writes an executable hook into git's hooks folder")
  func initHook() throws {
    let project = try freshFolder("hook")
    let git = try ToolProcess.run("/usr/bin/env", ["git", "init", "-q", project])
    try #require(git.status == 0, "\(git.error)")
    let result = runStateGate("init", "hook", "pre-push", "-C", project)
    #expect(result.status == .success, "\(result.error)")
    let hook = PathText.join(project, ".git/hooks/pre-push")
    #expect(result.output == hook + "\n")
    #expect(FileManager.default.isExecutableFile(atPath: hook))
    let outside = runStateGate("init", "hook", "pre-push", "-C", try freshFolder("no-git"))
    #expect(outside.status == .missingInput)
    #expect(outside.error.contains("is not inside a git repository"))
  }

  @Test(
    "init refuses unknown platforms with the nearest names, in one short line",
    arguments: [
      (["ci", "gitlba"], "unknown CI platform or hook 'gitlba' for 'init'; did you mean 'gitlab'"),
      (["githb"], "did you mean 'github'"), (["ci"], "missing argument PLATFORM"),
      (["hook", "post-commit"], "('stategate init --help' shows all 5)"), ([], "missing"),
      (["ci", "github", "extra"], "unexpected argument 'extra'"),
    ])
  func initUsageErrors(words: [String], message: String) {
    let result = runStateGate(["init"] + words)
    #expect(result.status == .usage)
    #expect(result.error.contains(message), "\(result.error)")
    #expect(result.error.split(separator: "\n").count == 1 && result.error.count < 200)
  }

  @Test("init takes the README's short words: 'init github', 'init pre-push'")
  func initShortWords() throws {
    let project = try freshFolder("short-words")
    let result = runStateGate("init", "github", "-C", project)
    #expect(result.status == .success, "\(result.error)")
    #expect(result.output == PathText.join(project, ".github/workflows/stategate.yml") + "\n")
  }

  @Test("An unwritable project folder is one line in stategate's voice, not Foundation's dump")
  func initUnwritableFolder() {
    let result = runStateGate("init", "ci", "github", "-C", "/proc")
    #expect(result.status == .ioError)
    #expect(
      result.error
        == "error: cannot write '/proc/.github/workflows/stategate.yml': no such file or directory\n"
    )
    #expect(!result.error.contains("Domain="))
  }

  @Test(
    "An unknown subject, class or suite is one short line with the nearest names",
    arguments: [
      (
        ["run", "--subject", "favs"],
        "did you mean 'favorites', 'favorites-shared' or 'favorites-offline'?"
      ),
      (["run", "--subject", "edtor"], "did you mean 'editor'"),
      (
        ["explain", "group-bondary"],
        "unknown failure class 'group-bondary' for 'CLASS'; did you mean 'group-boundary'"
      ),
      (
        ["show-suite", "undo"],
        "unknown built-in suite 'undo' for 'NAME'; did you mean 'undo-history'"
      ),
    ])
  func unknownNames(arguments: [String], message: String) {
    let result = runStateGate(arguments)
    #expect(result.status == .usage)
    #expect(result.error.contains(message), "\(result.error)")
    #expect(result.error.split(separator: "\n").count == 1 && result.error.count < 240)
  }
}

/// Runs `stategate` in process with an argument array.
@MainActor
private func runStateGate(_ arguments: [String]) -> (
  status: StateGateCLI.ExitStatus, output: String, error: String
) {
  let capture = CapturedIO()
  let status = StateGate.main(arguments: arguments, io: capture.io())
  return (status, capture.output, capture.error)
}
