import Contracts

extension SubjectEntry {
  /// The built-in reference subjects, one per family; what `stategate run` uses unless told
  /// otherwise.
  public static let reference: [SubjectEntry] = [
    .undoHistory(
      "editor",
      summary: "reference editor: buttons, drags, loads, documents, async results, UI layer"
    ) { ReferenceEditor() },
    .optimisticUpdates(
      "favorites",
      summary: "reference favourites list: one in-flight write per record, sessions, sorting"
    ) { ReferenceFavorites() },
  ]
}
