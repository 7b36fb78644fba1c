import Contracts
import Foundation
import PhotoModels
import StateGateCLI
import StateGateRecorder
import Testing

@testable import PhotoAdapters

/// A session recorded by the app's own models, exported and imported with `stategate import`, as
/// a bug report from the field would be.
@MainActor
@Suite struct RecordedSessionImportTests {
  /// The album as the app drives it in a session that ends with a repeated answer: the network
  /// layer delivers the answer to the first of two taps twice.
  func driveAlbum(_ album: AlbumFavorites) throws {
    album.show([("IMG_0001", false), ("IMG_0002", true), ("IMG_0003", false)])
    for round in 0..<12 {
      let id = "IMG_000\(round % 3 + 1)"
      let write = try #require(album.toggle(id))
      album.finish(write, savedValue: album.photos.first { $0.id == id }?.shown)
      if round == 5 { album.sort(by: ["IMG_0003", "IMG_0001", "IMG_0002"]) }
    }
    let refresh = try #require(album.refresh("IMG_0001"))
    album.refreshed(refresh, favorite: true)
    let first = try #require(album.toggle("IMG_0002"))
    album.finish(first, savedValue: false)
    _ = try #require(album.toggle("IMG_0002"))
    album.finish(first, savedValue: false)
  }

  @Test("A stale answer planted in the album imports as a shrunk stale-response case")
  func plantedStaleAnswerImports() throws {
    let recorder = SessionRecorder(family: .optimisticUpdates, declaring: [.sorting, .sessions])
    try driveAlbum(AnyAnswerAlbum(recorder: recorder))
    let stategate = try InProcessStateGate()
    defer { stategate.removeFolder() }
    let recording = stategate.folder.appendingPathComponent("field.jsonl")
    try recorder.export(to: recording)
    let corpus = stategate.folder.appendingPathComponent("corpus").path
    let subjects =
      [
        .optimisticUpdates("album-with-bug", summary: "AlbumFavorites with the planted bug") {
          AlbumSubject(album: AnyAnswerAlbum())
        }
      ] + SubjectEntry.photoApp

    let status = stategate.run(
      ["import", recording.path, "--subject", "album-with-bug", "--corpus", corpus],
      subjects: subjects)

    #expect(status == .contractFailures, "\(stategate.output)\(stategate.error)")
    #expect(stategate.output.contains("stale-response: "), "\(stategate.output)")
    #expect(stategate.output.contains("; shrunk to 5 in "), "\(stategate.output)")
    let files = try FileManager.default.contentsOfDirectory(atPath: corpus)
    let file = try #require(files.first { $0.hasSuffix(".suite") })
    let suite = try SuiteReader.read(contentsOf: "\(corpus)/\(file)")
    #expect(suite.cases.count == 1)
    // The case fails on the model with the bug and passes on the fixed one.
    let kept = ["run", "--suite", "\(corpus)/\(file)", "--no-isolation"]
    #expect(
      stategate.run(kept + ["--subject", "album-with-bug"], subjects: subjects) == .contractFailures
    )
    #expect(
      stategate.run(kept + ["--subject", "album"], subjects: subjects) == .success,
      "\(stategate.output)")
  }

  @Test("The same session recorded by the correct album shows no bug to import")
  func correctAlbumImportsNothing() throws {
    let recorder = SessionRecorder(family: .optimisticUpdates, declaring: [.sorting, .sessions])
    try driveAlbum(AlbumFavorites(recorder: recorder))
    let stategate = try InProcessStateGate()
    defer { stategate.removeFolder() }
    let recording = stategate.folder.appendingPathComponent("field.jsonl")
    try recorder.export(to: recording)
    let corpus = stategate.folder.appendingPathComponent("corpus").path

    let status = stategate.run(
      ["import", recording.path, "--subject", "album", "--corpus", corpus],
      subjects: SubjectEntry.photoApp)

    #expect(status == .success, "\(stategate.output)\(stategate.error)")
    #expect(stategate.output.contains("no bug to import"), "\(stategate.output)")
    #expect(!FileManager.default.fileExists(atPath: corpus))
  }

  @Test("A brightness session with a history limit, drags, undo and redo replays cleanly")
  func brightnessSessionImportsNothing() throws {
    let recorder = SessionRecorder(
      family: .undoHistory,
      declaring: [.dragCancelRestores, .dragUndoRefused, .dragBackRecordsNothing])
    let editor = BrightnessEditor(recorder: recorder)
    editor.open(brightness: 10)
    editor.limitHistory(to: 2)
    editor.step(to: 20)
    editor.sliderBegan()
    for value in stride(from: 20, through: 60, by: 10) { editor.sliderChanged(to: value) }
    editor.undo()
    editor.sliderEnded()
    editor.sliderBegan()
    editor.sliderChanged(to: 5)
    editor.sliderCancelled()
    editor.undo()
    editor.redo()
    editor.undo()
    #expect(String(decoding: recorder.exportedData(), as: UTF8.self).contains("\"levels\""))
    let stategate = try InProcessStateGate()
    defer { stategate.removeFolder() }
    let recording = stategate.folder.appendingPathComponent("field.jsonl")
    try recorder.export(to: recording)

    let status = stategate.run(
      [
        "import", recording.path, "--corpus",
        stategate.folder.appendingPathComponent("corpus").path,
      ],
      subjects: SubjectEntry.photoApp)

    #expect(status == .success, "\(stategate.output)\(stategate.error)")
    #expect(
      stategate.output.contains(" steps pass on brightness: no bug to import"),
      "\(stategate.output)")
  }
}
