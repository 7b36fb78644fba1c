import Contracts
import PhotoModels
import StateGateCLI
import Testing

@testable import PhotoAdapters

/// `explore` finds and classifies a bug planted in the album's automatic re-read, its filter and
/// its batches, and finds nothing in the correct album.
@MainActor
@Suite struct ListBugExplorationTests {
  /// The album with a planted bug (a fresh one for every sequence), beside the team's correct
  /// subjects.
  private func subjects(_ makeAlbum: @escaping @MainActor @Sendable () -> AlbumFavorites)
    -> [SubjectEntry]
  {
    [
      .optimisticUpdates("album-with-bug", summary: "AlbumFavorites with a planted bug") {
        AlbumSubject(album: makeAlbum())
      }
    ] + SubjectEntry.photoApp
  }

  /// Explores `subject` for 3000 sequences and returns the exit status and the output.
  private func explore(_ subject: String, in subjects: [SubjectEntry]) throws -> (
    StateGateCLI.ExitStatus, String
  ) {
    let stategate = try InProcessStateGate()
    defer { stategate.removeFolder() }
    let corpus = stategate.folder.appendingPathComponent("corpus").path
    let status = stategate.run(
      [
        "explore", "--subject", subject, "--seed", "1", "--cases", "3000", "--no-isolation",
        "--corpus", corpus,
      ], subjects: subjects)
    return (status, stategate.output + stategate.error)
  }

  @Test("A re-read whose answer the photo does not wait for is found as unknown-outcome")
  func unawaitedRereadIsFound() throws {
    let (status, output) = try explore(
      "album-with-bug", in: subjects { UnawaitedRereadAlbum(rereadsAfterTimeout: true) })
    #expect(status == .contractFailures, "\(output)")
    #expect(output.contains("unknown-outcome: "), "\(output)")
    #expect(output.contains("automatic-reads"), "\(output)")
  }

  @Test("A filter that resets hidden photos is found as record-identity")
  func filterResettingHiddenPhotosIsFound() throws {
    let (status, output) = try explore(
      "album-with-bug", in: subjects { FilterResettingAlbum(rereadsAfterTimeout: true) })
    #expect(status == .contractFailures, "\(output)")
    #expect(output.contains("record-identity: filtering changed"), "\(output)")
  }

  @Test("A timed-out batch that locks only its first photo is found as unknown-outcome")
  func batchLockingOnePhotoIsFound() throws {
    let (status, output) = try explore(
      "album-with-bug", in: subjects { FirstPhotoLockingAlbum(rereadsAfterTimeout: true) })
    #expect(status == .contractFailures, "\(output)")
    #expect(output.contains("failures by class: unknown-outcome 1"), "\(output)")
    #expect(output.contains(" unknown => "), "\(output)")
    #expect(output.contains("requires batches"), "\(output)")
  }

  @Test("The correct album, re-reading, filtering and batching, shows no failure")
  func correctAlbumPasses() throws {
    let (status, output) = try explore("album", in: SubjectEntry.photoApp)
    #expect(status == .success, "\(output)")
  }
}
