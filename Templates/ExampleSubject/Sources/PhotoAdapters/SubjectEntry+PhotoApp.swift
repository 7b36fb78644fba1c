import Contracts

extension SubjectEntry {
  /// The photo app's own subjects, by the names its `stategate` and its tests use.
  @MainActor
  public static var photoApp: [SubjectEntry] {
    [
      .undoHistory("brightness", summary: "BrightnessEditor (PhotoModels)") { BrightnessSubject() },
      .optimisticUpdates("album", summary: "AlbumFavorites (PhotoModels)") { AlbumSubject() },
    ]
  }
}
