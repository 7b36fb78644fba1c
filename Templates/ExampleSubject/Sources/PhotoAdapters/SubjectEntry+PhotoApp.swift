import Contracts

extension SubjectEntry {
  /// The photo app's own subjects, by the names its `stategate` and its tests use (not bound to
  /// the main actor, so a `@Test(arguments:)` list can name them; each subject is made on it).
  public static var photoApp: [SubjectEntry] {
    [
      .undoHistory("brightness", summary: "BrightnessEditor (PhotoModels)") { BrightnessSubject() },
      .optimisticUpdates("album", summary: "AlbumFavorites (PhotoModels)") { AlbumSubject() },
    ]
  }
}
