import Contracts
import Exploration
import Faults
import Foundation
import RecordingImport
import ReferenceModels
import RunModel
import Runner
import StateGateRecorder
import Testing

@MainActor
@Suite struct RecordingImportTests {
  private var favorites: SubjectEntry {
    get throws { try #require(SubjectEntry.reference.first { $0.name == "favorites" }) }
  }

  private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "recording-import-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A fresh optimistic-update subject made by `entry`.
  static func optimistic(_ entry: SubjectEntry) -> any OptimisticUpdateSubject {
    guard case .optimistic(let subject) = entry.make() else {
      preconditionFailure("'\(entry.name)' is not an optimistic-update subject")
    }
    return subject
  }

  private func importer(_ subject: SubjectEntry) -> RecordingImporter {
    RecordingImporter(subject: subject) { contractCase, suite in
      ContractRunner(clock: { 0 }).runCase(contractCase, of: suite, against: subject)
    }
  }

  /// Records a long session on the buggy model, with one stale answer in the middle.
  private func buggyRecording(in directory: URL) throws -> URL {
    let session = FieldSession(Self.optimistic(Fault.oldTicketAccepted.subject))
    session.run(rounds: 1200, staleAnswer: true)
    let url = directory.appendingPathComponent("field.jsonl")
    try session.recorder.export(to: url)
    return url
  }

  @Test("A long session with one stale answer imports as a case of a few steps, stale-response")
  func longSessionShrinksToStaleResponse() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = try buggyRecording(in: directory)
    let recording = try RecordingReader.read(path: url.path)
    #expect(recording.eventCount > 2500)
    let fault = Fault.oldTicketAccepted.subject
    let outcome = try importer(fault).importRecording(recording, path: url.path)
    guard case .failed(let imported) = outcome else {
      Issue.record("the stale answer was not found: \(String(describing: outcome))")
      return
    }
    #expect(imported.contractCase.steps.count <= 6)
    #expect(imported.failureClass == .staleResponse)
    #expect(imported.suiteText.contains("# Class stale-response"))
    // The case fails on the buggy model and passes on the reference.
    let suite = ContractSuite(
      id: imported.suiteID, family: .optimisticUpdates, title: "imported", source: "test",
      cases: [imported.contractCase])
    let onFault = ContractRunner(clock: { 0 }).runCase(
      imported.contractCase, of: suite, against: fault)
    #expect(onFault.outcome == .failed)
    let onReference = ContractRunner(clock: { 0 }).runCase(
      imported.contractCase, of: suite, against: try favorites)
    #expect(onReference.outcome == .passed)
  }

  @Test("An undo-history session shrinks to the empty group a same-value adjustment records")
  func undoSessionShrinksToGroupBoundary() throws {
    let recorder = SessionRecorder(family: .undoHistory)
    for round in 0..<300 {
      recorder.adjusted(to: 10 * (1 + round % 9))
      if round % 5 == 0 {
        recorder.dragBegan()
        recorder.dragMoved(to: 30)
        recorder.dragEnded()
      }
      if round % 3 == 0 { recorder.undid() }
    }
    let recording = try RecordingReader.parse(recorder.exportedData(), path: "undo.jsonl")
    let fault = Fault.emptyGroupOnSameValue.subject
    guard
      case .failed(let imported) = try importer(fault).importRecording(
        recording, path: "undo.jsonl")
    else {
      Issue.record("the empty group was not found")
      return
    }
    #expect(imported.contractCase.steps.count <= 5)
    #expect(imported.failureClass == .groupBoundary)
    guard let editor = SubjectEntry.reference.first(where: { $0.name == "editor" }),
      case .passed = try importer(editor).importRecording(recording, path: "undo.jsonl")
    else {
      Issue.record("the session fails on the reference editor")
      return
    }
  }

  @Test("A session that shows no bug on the subject imports as nothing")
  func cleanSessionImportsNothing() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let session = FieldSession(ReferenceFavorites())
    session.run(rounds: 100, staleAnswer: true)
    let url = directory.appendingPathComponent("clean.jsonl")
    try session.recorder.export(to: url)
    let recording = try RecordingReader.read(path: url.path)
    let outcome = try importer(try favorites).importRecording(recording, path: url.path)
    guard case .passed = outcome else {
      Issue.record("a clean session was imported as a failure")
      return
    }
  }

  @Test("Ids never appear in clear in any file written")
  func idsNeverInClear() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = try buggyRecording(in: directory)
    let recording = try RecordingReader.read(path: url.path)
    let outcome = try importer(Fault.oldTicketAccepted.subject).importRecording(
      recording, path: url.path)
    guard case .failed(let imported) = outcome else {
      Issue.record("nothing imported")
      return
    }
    let corpus = directory.appendingPathComponent("corpus").path
    _ = try RegressionCorpus.write(
      suiteText: imported.suiteText, fileName: "imported-\(imported.hash).suite",
      hash: imported.hash, to: corpus)
    let files = try #require(FileManager.default.subpaths(atPath: directory.path))
    #expect(files.count >= 2)
    for file in files {
      let path = directory.appendingPathComponent(file).path
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      else { continue }
      let text = try String(contentsOfFile: path, encoding: .utf8)
      for id in FieldSession.ids {
        #expect(!text.contains(id), "'\(id)' in \(file)")
      }
      for part in ["user-", "photo-", "album-", "example.com", "secret", "private", "@"] {
        #expect(!text.contains(part), "'\(part)' in \(file)")
      }
    }
  }

  /// A damaged copy of a good recording, and the kind of refusal it must get.
  enum Damage: String, CaseIterable {
    case lastLineCut, trailerMissing, linesSwapped, valueFlipped, lineRemoved, versionTwo

    var kind: RecordingReadError.Kind {
      switch self {
      case .lastLineCut, .trailerMissing, .lineRemoved: .truncated
      case .linesSwapped: .reordered
      case .valueFlipped: .tampered
      case .versionTwo: .unknownVersion
      }
    }

    func apply(to text: String) -> String {
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      lines.removeLast()
      switch self {
      case .lastLineCut:
        return lines.joined(separator: "\n") + "\n" + "{\"kind\":\"event"
      case .trailerMissing:
        return lines.dropLast().joined(separator: "\n") + "\n"
      case .linesSwapped:
        lines.swapAt(5, 6)
      case .valueFlipped:
        let index = lines.firstIndex { $0.contains("saved on") } ?? 3
        lines[index] = lines[index].replacingOccurrences(of: "saved on", with: "saved off")
      case .lineRemoved:
        lines.remove(at: 7)
      case .versionTwo:
        lines[0] = lines[0].replacingOccurrences(of: "\"version\":1", with: "\"version\":2")
      }
      return lines.joined(separator: "\n") + "\n"
    }
  }

  @Test("Refuses a damaged recording with one line saying why", arguments: Damage.allCases)
  func refusesDamagedRecordings(damage: Damage) throws {
    let session = FieldSession(ReferenceFavorites())
    session.run(rounds: 20, staleAnswer: false)
    let text = String(decoding: session.recorder.exportedData(), as: UTF8.self)
    #expect(throws: Never.self) {
      try RecordingReader.parse(Data(text.utf8), path: "good.jsonl")
    }
    do {
      _ = try RecordingReader.parse(Data(damage.apply(to: text).utf8), path: "bad.jsonl")
      Issue.record("a recording with \(damage) was accepted")
    } catch {
      #expect(error.kind == damage.kind, "\(error)")
      #expect(!error.description.contains("\n"))
      #expect(error.description.hasPrefix("'bad.jsonl' is not a recording"))
    }
  }

  @Test("Refuses a missing recording")
  func refusesMissing() {
    #expect(throws: RecordingReadError.self) {
      try RecordingReader.read(path: "/nonexistent/recording.jsonl")
    }
  }
}
