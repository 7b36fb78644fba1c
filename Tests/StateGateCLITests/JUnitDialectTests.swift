import Contracts
import Foundation
import ResultFiles
import ResultSchema
import Testing

@testable import StateGateCLI

/// A run of three subjects on one suite: every (suite, case) pair repeats, once per subject.
@MainActor
private func runThreeSubjects(_ extra: [String] = [], environment: [String: String] = [:])
  throws -> (status: StateGateCLI.ExitStatus, directory: String)
{
  let output = freshOutput()
  let capture = CapturedIO()
  var io = capture.io(environment: environment)
  io.environment["STATEGATE_OUTPUT"] = output
  let status = StateGate.main(
    arguments: [
      "run", "--suite", "undo-history", "--subject", "editor", "--subject",
      "fault:drag-callback-groups", "--subject", "fault:inverse-assigns-directly", "--print-path",
    ] + extra, io: io)
  let directory = capture.output.trimmingCharacters(in: .whitespacesAndNewlines)
  try #require(!directory.isEmpty, "\(capture.error)")
  return (status, directory)
}

/// How many cases the run of ``runThreeSubjects(_:environment:)`` planned: every undo-history
/// case, once per subject.
private func threeSubjectCases() throws -> Int {
  let suite = try #require(try BuiltInSuites.load().first { $0.id == "undo-history" })
  return 3 * suite.cases.count
}

/// The `failed` count of the manifest in `directory`.
private func failedCount(in directory: String) throws -> Int {
  let data = try #require(
    FileManager.default.contents(atPath: PathText.join(directory, "manifest.json")))
  let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  let counts = try #require(manifest["counts"] as? [String: Any])
  return try #require(counts["failed"] as? Int)
}

/// The repository's copy of a JUnit schema.
private func schema(_ name: String) -> String {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../ResultFilesTests/Fixtures/\(name)").standardized.path
}

/// What the Python consumers made of a JUnit file (ci/junit-consumers.py).
private func consumersView(of junit: String) throws -> [String: Any] {
  let python = try #require(
    ProcessInfo.processInfo.environment["STATEGATE_PYTHON"],
    "make test sets STATEGATE_PYTHON (ci/python-consumers.sh)")
  let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../ci/junit-consumers.py").standardized.path
  let html = FileManager.default.temporaryDirectory
    .appendingPathComponent("stategate-junit2html-\(UUID().uuidString).html").path
  let result = try ToolProcess.run(python, [script, junit, html])
  try #require(result.status == 0, "\(result.error)")
  return try #require(
    try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
}

/// `junit.xml` for every reader: identities, file and line, attachments, the strict dialect.
@MainActor
@Suite("JUnit dialects and identities")
struct JUnitDialectTests {
  @Test("junitparser, xunitparser and junit2html read one identity per suite, subject and case")
  func everyReaderSeesUniqueIdentities() throws {
    let (status, directory) = try runThreeSubjects()
    #expect(status == .contractFailures)
    let view = try consumersView(of: PathText.join(directory, "junit.xml"))
    let suites = try #require(view["suites"] as? [[String: Any]])
    let cases = suites.flatMap { $0["cases"] as? [[String: Any]] ?? [] }
    let planned = try threeSubjectCases()
    #expect(cases.count == planned)
    let identities = cases.map { "\($0["classname"] ?? "")/\($0["name"] ?? "")" }
    #expect(Set(identities).count == cases.count, "junitparser sees duplicate identities")
    #expect(identities.contains("undo-history/grouped-drag [fault:drag-callback-groups]"))
    let xunit = try #require(view["xunitparser"] as? [String: Any])
    let xunitIdentities = try #require(xunit["identities"] as? [String])
    #expect(xunit["tests"] as? Int == planned)
    #expect(Set(xunitIdentities).count == planned, "xunitparser sees duplicate identities")
    let junit2html = try #require(view["junit2html"] as? [String: Any])
    #expect(junit2html["cases"] as? Int == planned)
    let rows = try #require(junit2html["matrixRows"] as? [[String: Any]])
    #expect(rows.count == planned, "junit2html's matrix folds cases into one row")
    let passing = rows.first { $0["identity"] as? String == "undo-history/grouped-drag [editor]" }
    #expect(passing?["outcome"] as? String == "passed")
  }

  @Test("Each test case names its suite file and line: the first failing step, else its header")
  func fileAndLine() throws {
    let (_, directory) = try runThreeSubjects()
    let view = try consumersView(of: PathText.join(directory, "junit.xml"))
    let cases = (view["suites"] as? [[String: Any]] ?? []).flatMap {
      $0["cases"] as? [[String: Any]] ?? []
    }
    #expect(!cases.isEmpty)
    for testCase in cases {
      #expect(testCase["file"] as? String == "Sources/Contracts/Suites/undo-history.suite")
      #expect(Int(testCase["line"] as? String ?? "") != nil)
    }
    let suite = try String(
      contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/Contracts/Suites/undo-history.suite").path,
      encoding: .utf8
    ).split(separator: "\n", omittingEmptySubsequences: false)
    let failing = try #require(
      cases.first { $0["name"] as? String == "grouped-drag [fault:drag-callback-groups]" })
    let failingLine = try #require(Int(failing["line"] as? String ?? ""))
    #expect(suite[failingLine - 1].contains("drag ended"), "the first failing step's line")
    let passing = try #require(cases.first { $0["name"] as? String == "grouped-drag [editor]" })
    let caseLine = try #require(Int(passing["line"] as? String ?? ""))
    #expect(suite[caseLine - 1].hasPrefix("case grouped-drag "), "a passing case's header line")
  }

  @Test("A failing case attaches events.jsonl by an absolute path, relative to GitLab's checkout")
  func attachments() throws {
    let (_, directory) = try runThreeSubjects()
    let junit = try String(
      contentsOfFile: PathText.join(directory, "junit.xml"), encoding: .utf8)
    let absolute =
      directory.hasPrefix("/")
      ? directory
      : FileManager.default
        .currentDirectoryPath + "/" + directory
    #expect(junit.contains("[[ATTACHMENT|\(absolute)/events.jsonl]]"))
    #expect(FileManager.default.fileExists(atPath: "\(absolute)/events.jsonl"))
    #expect(!junit.contains("[[ATTACHMENT|events.jsonl]]"))
    let project = PathText.parent(absolute)
    let (_, gitlab) = try runThreeSubjects(environment: ["CI_PROJECT_DIR": PathText.parent(project)]
    )
    let relative = String(
      PathText.join(gitlab, "events.jsonl").dropFirst(PathText.parent(project).count + 1))
    let gitlabJUnit = try String(
      contentsOfFile: PathText.join(gitlab, "junit.xml"), encoding: .utf8)
    #expect(gitlabJUnit.contains("[[ATTACHMENT|\(relative)]]\n"))
    #expect(!relative.hasPrefix("/"))
  }

  @Test(
    "--junit strict validates against the Jenkins and the Ant schema and has no file or line",
    arguments: ["jenkins-xunit-junit-10.xsd", "windyroad-JUnit.xsd"])
  func strictDialectValidates(schemaName: String) throws {
    let (_, directory) = try runThreeSubjects(["--junit", "strict"])
    let bytes = try #require(
      FileManager.default.contents(atPath: PathText.join(directory, "junit.xml")))
    let errors = try LibXML2.validate(
      Array(bytes), documentName: "junit.xml", schemaPath: schema(schemaName))
    #expect(errors.isEmpty, "\(errors)")
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(!text.contains(" file=\""))
    #expect(text.contains("name=\"grouped-drag [editor]\""))
  }

  @Test("The default dialect is what the schemas reject: file and line on <testcase>")
  func defaultDialectIsNotStrict() throws {
    let (_, directory) = try runThreeSubjects()
    let bytes = try #require(
      FileManager.default.contents(atPath: PathText.join(directory, "junit.xml")))
    let errors = try LibXML2.validate(
      Array(bytes), documentName: "junit.xml", schemaPath: schema("jenkins-xunit-junit-10.xsd"))
    #expect(errors.contains { $0.description.contains("'file'") })
  }

  @Test("Triage and diff read junit.xml with the same identities as the result directory")
  func triageIdentitiesMatch() throws {
    let (_, directory) = try runThreeSubjects()
    let same = runStateGate("diff", directory, PathText.join(directory, "junit.xml"))
    #expect(same.status == .success, "\(same.output)")
    let failed = try failedCount(in: directory)
    #expect(failed > 10)
    #expect(same.output.contains("new failures: 0\nfixed: 0\nstill failing: \(failed)\n"))
    let json = runStateGate("triage", PathText.join(directory, "junit.xml"), "--format", "json")
    #expect(json.output.contains("\"subject\" : \"fault:drag-callback-groups\""))
    #expect(json.output.contains("\"name\" : \"grouped-drag\""))
  }

  @Test("An unknown --junit dialect is a usage error naming the option, before anything is written")
  func unknownDialect() {
    let output = freshOutput()
    let result = runStateGate("run", "--output", output, "--junit", "xunit2")
    #expect(result.status == .usage)
    #expect(result.error.contains("--junit"))
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
