import Contracts
import Foundation
import PhotoModels
import StateGateCLI
import StateGateRecorder
import Testing

@testable import PhotoAdapters

/// Sessions with the album's newer actions — a timeout and the album's own read, "favourite
/// selected", the "Favourites only" filter — recorded by the app's models and imported.
@MainActor
@Suite struct RecordedTimeoutAndBatchTests {
  private func recorder() -> SessionRecorder {
    SessionRecorder(family: .optimisticUpdates, declaring: [.sorting, .sessions])
  }

  /// Imports `recorder`'s session against `subject`, with the buggy subjects beside the app's.
  private func importSession(
    _ recorder: SessionRecorder, subject: String, subjects: [SubjectEntry] = []
  ) throws -> (
    status: StateGateCLI.ExitStatus, output: String, corpus: String, stategate: InProcessStateGate
  ) {
    let stategate = try InProcessStateGate()
    let recording = stategate.folder.appendingPathComponent("field.jsonl")
    try recorder.export(to: recording)
    let corpus = stategate.folder.appendingPathComponent("corpus").path
    let status = stategate.run(
      ["import", recording.path, "--subject", subject, "--corpus", corpus],
      subjects: subjects + SubjectEntry.photoApp)
    return (status, stategate.output + stategate.error, corpus, stategate)
  }

  @Test("A timed-out write and the album's own read replay cleanly on the album")
  func timeoutSessionImportsNothing() throws {
    let recorder = recorder()
    let album = AlbumFavorites(recorder: recorder, rereadsAfterTimeout: true)
    album.show([("IMG_0001", false), ("IMG_0002", true)])
    let write = try #require(album.toggle("IMG_0001"))
    album.finish(write, savedValue: nil, timedOut: true)
    let reread = try #require(album.takeStartedRereads().first)
    #expect(album.toggle("IMG_0001") == nil)
    album.refreshed(reread, favorite: true)
    let again = try #require(album.toggle("IMG_0001"))
    album.finish(again, savedValue: false)
    #expect(recorder.requiredCapabilities.contains(.automaticReads))

    let imported = try importSession(recorder, subject: "album")
    defer { imported.stategate.removeFolder() }

    #expect(imported.status == .success, "\(imported.output)")
    #expect(
      imported.output.contains(" steps pass on album: no bug to import"), "\(imported.output)")
  }

  /// "Favourite selected" on two photos, then the "Favourites only" filter showing unstarred
  /// photos while the batch is in flight, then every photo, and the batch answered photo by
  /// photo; then a batch that times out, and the album's own reads of its photos.
  private func driveBatch(_ album: AlbumFavorites) throws {
    album.show([("IMG_0001", false), ("IMG_0002", false), ("IMG_0003", true)])
    let batch = try #require(album.toggleAll(["IMG_0001", "IMG_0002"]))
    album.showOnly(false)
    album.showOnly(nil)
    album.finish(batch, answers: ["IMG_0001": .saved(true), "IMG_0002": .rejected])
    let next = try #require(album.toggleAll(["IMG_0003", "IMG_0001"]))
    album.finish(next, answers: [:])
    for read in album.takeStartedRereads() { album.refreshed(read, favorite: true) }
  }

  @Test("A batch session behind a filter imports as the bug the filter plants, none on the album")
  func batchSessionImports() throws {
    let buggy = recorder()
    try driveBatch(FilterResettingAlbum(recorder: buggy, rereadsAfterTimeout: true))
    #expect(buggy.requiredCapabilities.contains(.batches))
    #expect(buggy.requiredCapabilities.contains(.filtering))
    let subjects: [SubjectEntry] = [
      .optimisticUpdates("album-with-bug", summary: "AlbumFavorites resetting hidden photos") {
        AlbumSubject(album: FilterResettingAlbum(rereadsAfterTimeout: true))
      }
    ]
    let imported = try importSession(buggy, subject: "album-with-bug", subjects: subjects)
    defer { imported.stategate.removeFolder() }
    #expect(imported.status == .contractFailures, "\(imported.output)")
    #expect(imported.output.contains("batch "), "\(imported.output)")
    let files = try FileManager.default.contentsOfDirectory(atPath: imported.corpus)
    let file = try #require(files.first { $0.hasSuffix(".suite") })
    let kept = ["run", "--suite", "\(imported.corpus)/\(file)", "--no-isolation"]
    #expect(
      imported.stategate.run(
        kept + ["--subject", "album"], subjects: subjects + SubjectEntry.photoApp)
        == .success, "\(imported.stategate.output)")

    let correct = recorder()
    try driveBatch(AlbumFavorites(recorder: correct, rereadsAfterTimeout: true))
    let clean = try importSession(correct, subject: "album")
    defer { clean.stategate.removeFolder() }
    #expect(clean.status == .success, "\(clean.output)")
    #expect(clean.output.contains("no bug to import"), "\(clean.output)")
  }
}
