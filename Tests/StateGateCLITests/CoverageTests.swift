import Contracts
import Foundation
import ReferenceModels
import ResultSchema
import Testing
import UndoKit

@testable import StateGateCLI

/// Coverage that vanishes never reads green: a subject that implements a method but leaves its
/// capability undeclared is told so, `run --require` fails when a named case does not run, and
/// `diff` fails when NEW did not run cases OLD ran.
@MainActor
@Suite("Coverage that vanishes is a failure")
struct CoverageTests {
  /// The reference list with `sessions` left out of its declarations: `replaceSession(with:)`
  /// still works, so the cases about sessions are skipped although the adapter does the work.
  @MainActor
  final class ForgetfulFavorites: ReferenceFavorites {
    override var capabilities: Set<SubjectCapability> {
      super.capabilities.subtracting([.sessions])
    }
  }

  /// The article's editor with the rule declared but no Undo of its own: the protocol's default
  /// Undo calls the undo manager, as the article's Undo button does during a drag.
  @MainActor
  final class RuleWithoutUndo: UndoHistorySubject {
    let undoManager = UndoManager()
    private(set) var value = 0
    var undoDuringDragRule: UndoDuringDragRule? { .refused }

    init() { undoManager.groupsByEvent = false }

    func set(_ next: Int) {
      guard next != value else { return }
      let previous = value
      undoManager.registerUndo(withTarget: self) { $0.set(previous) }
      value = next
    }

    func adjust(to next: Int) {
      guard undoManager.groupingLevel == 0, next != value else { return }
      undoManager.beginUndoGrouping()
      set(next)
      undoManager.endUndoGrouping()
    }

    func beginDrag() { undoManager.beginUndoGrouping() }
    func moveDrag(to next: Int) { if undoManager.groupingLevel > 0 { set(next) } }
    func endDrag() { if undoManager.groupingLevel > 0 { undoManager.endUndoGrouping() } }
    func load(_ next: Int) {
      undoManager.removeAllActions()
      value = next
    }
  }

  private let subjects =
    SubjectEntry.reference + [
      SubjectEntry.optimisticUpdates("forgetful", summary: "sessions undeclared") {
        ForgetfulFavorites()
      },
      SubjectEntry.undoHistory("rule-without-undo", summary: "no Undo of its own") {
        RuleWithoutUndo()
      },
    ]

  private func run(_ arguments: [String]) -> (
    status: StateGateCLI.ExitStatus, output: String, error: String, directory: String
  ) {
    let output = freshOutput()
    let capture = CapturedIO()
    let status = StateGate.main(
      arguments: ["run", "--no-isolation", "--output", output] + arguments, io: capture.io(),
      subjects: subjects)
    let directory = runDirectories(in: output).first.map { "\(output)/\($0)" } ?? ""
    return (status, capture.output, capture.error, directory)
  }

  private func manifest(in directory: String) throws -> Manifest {
    let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/manifest.json"))
    return try JSONDecoder().decode(Manifest.self, from: data)
  }

  private func writeList(_ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("stategate-list-\(UUID().uuidString).txt").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  @Test("A subject that implements replaceSession(with:) but does not declare sessions is told so")
  func undeclaredSessionsAreNamed() throws {
    let result = run(["--subject", "forgetful", "--suite", "optimistic-updates"])
    let skipped = try #require(try BuiltInSuites.load().first { $0.id == "optimistic-updates" })
      .cases.filter { $0.requirements.contains(.sessions) }.count
    #expect(skipped > 0)
    let warning =
      "subject 'forgetful' implements replaceSession(with:) but does not declare capability "
      + "'sessions': \(skipped) cases were skipped; declare it"
    #expect(result.output.contains(warning))
    let summary = try String(contentsOfFile: result.directory + "/summary.md", encoding: .utf8)
    #expect(summary.contains("**Warning:** \(warning)."))
    let entries = try manifest(in: result.directory).undeclaredCapabilities ?? []
    #expect(entries.map(\.capability) == ["sessions"])
    #expect(entries.first?.skippedCases == skipped)
  }

  @Test("Shards' warnings of an undeclared capability merge into one with every skipped case")
  func mergeSumsUndeclaredCapabilities() throws {
    let whole = run(["--subject", "forgetful", "--suite", "optimistic-updates"])
    let shards = freshOutput()
    for index in 1...3 {
      _ = StateGate.main(
        arguments: [
          "run", "--no-isolation", "--output", shards, "--subject", "forgetful", "--suite",
          "optimistic-updates", "--shard", "\(index)/3",
        ], io: CapturedIO().io(), subjects: subjects)
    }
    let directories = runDirectories(in: shards).map { "\(shards)/\($0)" }
    #expect(directories.count == 3)
    let capture = CapturedIO()
    _ = StateGate.main(
      arguments: ["merge", "--output", freshOutput(), "--print-path"] + directories,
      io: capture.io())
    let merged = capture.output.trimmingCharacters(in: .newlines)
    let expected = try #require(try manifest(in: whole.directory).undeclaredCapabilities)
    #expect(!expected.isEmpty)
    // Each shard skipped a part of the cases; the merged warning counts them all.
    #expect(try manifest(in: merged).undeclaredCapabilities == expected, "\(capture.error)")
    let summary = try String(contentsOfFile: merged + "/summary.md", encoding: .utf8)
    #expect(expected.allSatisfy { summary.contains("**Warning:** \($0.message).") }, "\(summary)")
  }

  @Test("The reference subjects implement nothing they leave undeclared")
  func referenceSubjectsDeclareWhatTheyImplement() {
    for entry in SubjectEntry.reference {
      #expect(CapabilityProbe.implementedButUndeclared(by: entry).isEmpty, "\(entry.name)")
    }
  }

  @Test("A declared refusal with the protocol's default Undo fails undo-during-drag-refused")
  func defaultUndoDoesNotCertifyTheRule() {
    let result = run([
      "--subject", "rule-without-undo", "--filter", "undo-history/undo-during-drag-refused",
    ])
    #expect(result.status == .contractFailures)
    #expect(result.output.contains("undo-during-drag-refused"))
    #expect(!result.output.contains("1 passed"))
  }

  @Test("--require fails a run whose required case was skipped, naming the missing capability")
  func requiredSkippedCaseFails() throws {
    let result = run([
      "--subject", "forgetful", "--filter", "optimistic-updates/old-session",
      "--require", "optimistic-updates/old-session", "--filter", "rollback-after-rejection",
    ])
    #expect(result.status == .contractFailures, "\(result.error)")
    #expect(
      result.error.contains(
        "error: required case 'optimistic-updates/old-session@forgetful' did "
          + "not run: skipped: requires sessions; subject 'forgetful' lacks it"))
    let required = try manifest(in: result.directory).requiredCases ?? []
    #expect(
      required.map(\.case) == [
        "optimistic-updates/old-session", "optimistic-updates/old-session-sync",
      ])
    #expect(required.allSatisfy { !$0.ran })
    let summary = try String(contentsOfFile: result.directory + "/summary.md", encoding: .utf8)
    #expect(summary.contains("**Not passed: 2 required cases did not run**"))
    let junit = try String(contentsOfFile: result.directory + "/junit.xml", encoding: .utf8)
    #expect(junit.contains("required optimistic-updates/old-session@forgetful"))
    let triage = runStateGate("triage", result.directory)
    #expect(triage.status == .contractFailures, "\(triage.output)\(triage.error)")
  }

  @Test("--require-list fails a run that filtered a listed case out, and passes when it ran")
  func requiredListedCase() throws {
    let list = try writeList(
      "# cases this job must run\nundo-history/button-tap-one-group  # the basic one\n\n")
    let filtered = run([
      "--subject", "editor", "--filter", "grouped-drag", "--require-list", list,
    ])
    #expect(filtered.status == .contractFailures)
    #expect(filtered.error.contains("did not run: filtered out by --filter 'grouped-drag'"))
    let ran = run([
      "--subject", "editor", "--filter", "button-tap-one-group", "--require-list", list,
    ])
    #expect(ran.status == .success, "\(ran.error)")
    #expect(try manifest(in: ran.directory).requiredCases?.allSatisfy(\.ran) == true)
  }

  @Test("A required name that matches no case is a usage error with the closest names")
  func requiredNameMatchingNothing() {
    let result = runStateGate(
      "run", "--output", freshOutput(), "--require", "undo-history/button-tap-one-grop")
    #expect(result.status == .usage)
    #expect(
      result.error.contains(
        "invalid value 'undo-history/button-tap-one-grop' for '--require'; expected a case of the "
          + "selected suites"))
    #expect(result.error.contains("closest: 'undo-history/button-tap-one-group'"))
    let missing = runStateGate(
      "run", "--output", freshOutput(), "--require-list", "/nonexistent/required.txt")
    #expect(missing.status == .missingInput)
  }

  @Test("diff fails when NEW did not run cases OLD ran, unless they were removed on purpose")
  func diffFailsOnVanishedCoverage() throws {
    let cases = ["--filter", "session", "--filter", "rollback-after-rejection"]
    let old = run(["--subject", "favorites"] + cases).directory
    let new = run(["--subject", "forgetful"] + cases).directory
    let diff = runStateGate("diff", old, new)
    #expect(diff.status == .contractFailures, "\(diff.output)")
    #expect(diff.output.contains("; NEW did not run "))
    #expect(diff.output.contains("'optimistic-updates/old-session'"))
    let excused = runStateGate("diff", old, new, "--removed", "session")
    #expect(excused.status == .success, "\(excused.output)\(excused.error)")
    #expect(excused.output.contains("removed on purpose (--removed): "))
    let list = try writeList("optimistic-updates/*session*\n")
    #expect(runStateGate("diff", old, new, "--removed-list", list).status == .success)
    let unused = runStateGate("diff", old, new, "--removed", "no-such-case", "--removed", "session")
    #expect(unused.status == .success)
    #expect(unused.error.contains("warning: --removed 'no-such-case' names no case OLD ran"))
    let help = runStateGate("diff", "--help")
    #expect(help.output.contains("--removed-list"))
  }
}
