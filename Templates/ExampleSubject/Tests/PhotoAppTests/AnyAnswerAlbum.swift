@testable import PhotoModels

/// The planted bug: an answer settles whatever write of its photo is pending, whatever its ticket,
/// so an old write's late or repeated answer clears the newest tap.
final class AnyAnswerAlbum: AlbumFavorites {
  override func settles(_ write: Write, pending: Write) -> Bool {
    true
  }
}
