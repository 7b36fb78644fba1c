@testable import PhotoModels

/// A planted bug: the album's own read after a timeout goes out, but the photo does not wait for
/// it, so its answer is dropped and the star stays locked.
final class UnawaitedRereadAlbum: AlbumFavorites {
  override func awaitsReread(_ photo: Photo) -> Bool {
    false
  }
}

/// A planted bug: the "Favourites only" filter drops the write in flight of the photos it hides
/// and shows their confirmed value.
final class FilterResettingAlbum: AlbumFavorites {
  override func keepsStateWhenHidden(_ photo: Photo) -> Bool {
    false
  }
}

/// A planted bug: a timed-out "favourite selected" locks only the first photo of the batch; the
/// others take new taps at once, though their writes may have been saved.
final class FirstPhotoLockingAlbum: AlbumFavorites {
  override func locksAfterTimeout(inBatchAt position: Int) -> Bool {
    position == 0
  }
}
