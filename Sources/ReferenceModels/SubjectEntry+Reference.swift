import Contracts

extension Duration {
  /// The reference editor's typing window: adjustments less than 800 ms apart are one group.
  public static let typingWindow = Duration.milliseconds(800)
}

extension [OptimisticValue] {
  /// The reference follow list's choices: not following (`off`), following (`on`) and
  /// following as a close friend (`close-friends`).
  public static let followChoices: [OptimisticValue] = [.off, .on, "close-friends"]
}

extension SubjectEntry {
  /// The built-in reference subjects: the editor, the favourites list, the favourites list that
  /// rereads a record by itself after an unknown outcome, the pessimistic favourites list, the
  /// favourites list where the latest tap wins, the favourites list that queues the latest tap,
  /// the offline-first favourites list that keeps and retries a write whose outcome is unknown,
  /// the favourites list that asks before it removes, the favourites list where several rows
  /// may show one entity, the editor with a typing window and the inspector editing a selection, the follow list, the
  /// vote arrows, the editor whose history is its own stack, the editor whose documents keep
  /// their own history; what `stategate run` uses unless told otherwise.
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
    .optimisticUpdates(
      "favorites-pessimistic",
      summary: "reference favourites list with the pessimistic display: the confirmed value "
        + "and a saving indicator until the answer"
    ) { PessimisticFavorites() },
    .optimisticUpdates(
      "favorites-latest-wins",
      summary: "reference favourites list where the latest tap wins: every tap sends, and only "
        + "the latest write's answer settles"
    ) { LatestWinsFavorites() },
    .optimisticUpdates(
      "favorites-queue-latest",
      summary: "reference favourites list that queues the latest tap while a write is pending "
        + "and sends it when that write is answered"
    ) { QueueLatestFavorites() },
    .optimisticUpdates(
      "favorites-offline",
      summary: "reference offline-first favourites list: an unknown outcome keeps the "
        + "provisional value and the write is sent again until it is answered"
    ) { OfflineFavorites() },
    .optimisticUpdates(
      "favorites-confirming",
      summary: "reference favourites list that asks before it removes: a tap that takes a star "
        + "off writes only once the user confirms, and a declined question sends nothing"
    ) { ConfirmingFavorites() },
    .optimisticUpdates(
      "favorites-shared",
      summary: "reference favourites list where several rows may show one entity (a boost and "
        + "its original post): a write through one row shows in all of them, one answer settles "
        + "them all"
    ) { SharedFavorites() },
    .undoHistory(
      "typing-editor",
      summary: "reference editor with an 800 ms typing window: quick adjustments are one group"
    ) { ReferenceEditor(coalescingWindow: .typingWindow) },
    .undoHistory(
      "selection-editor",
      summary: "reference inspector: several selected items edited at once, one group for all"
    ) { ReferenceInspector() },
    .optimisticUpdates(
      "follows",
      summary: "reference follow list: follow or close friends; a private account answers requested"
    ) { ReferenceFavorites(choices: .followChoices, serverValues: ["requested"]) },
    .optimisticUpdates(
      "vote-arrows",
      summary: "reference vote arrows: no vote, up or down; the built-in cases run with on as up"
    ) { ReferenceVoteArrows() },
    .undoHistory(
      "snapshot-editor",
      summary: "reference editor whose history is its own value-typed stack of snapshots"
    ) { SnapshotEditor() },
    .undoHistory(
      "tabbed-editor",
      summary: "reference editor with tabs: each open document keeps its own history"
    ) { TabbedEditor() },
  ]
}
