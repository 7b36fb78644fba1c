import Contracts

extension SubjectEntry {
  /// The built-in reference subjects: the editor, the favourites list, and the favourites list
  /// that rereads a record by itself after an unknown outcome; what `stategate run` uses unless
  /// told otherwise.
  public static let reference: [SubjectEntry] = [
    .undoHistory(
      "editor",
      summary: "reference editor: buttons, drags, loads, documents, async results, UI layer"
    ) { ReferenceEditor() },
    .optimisticUpdates(
      "favorites",
      summary: "reference favourites list: one in-flight write per record, sessions, sorting"
    ) { ReferenceFavorites() },
    .optimisticUpdates(
      "favorites-rereading",
      summary: "reference favourites list that rereads a record by itself after an unknown outcome"
    ) { ReferenceFavorites(rereadsAutomatically: true) },
  ]
}
