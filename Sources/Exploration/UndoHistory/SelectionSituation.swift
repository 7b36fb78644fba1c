/// A situation the selection oracle recognises and counts, so a user sees what an exploration of
/// a subject with a selection reached.
enum SelectionSituation: Int, CaseIterable {
  case severalSelected, mixedEdited, groupOfSeveral, dragOnSeveral, undoOfSeveral, redoOfSeveral
  case selectWithRedoPending, historyNotJudged, switchWithHistory, staleResult, resultApplied
  case adjustmentCoalesced, windowClosedByWait, runBackToStart, emptyRunDropped, keptLimitTold

  /// The situation as coverage prints it.
  var name: String {
    switch self {
    case .severalSelected: "several items selected"
    case .mixedEdited: "mixed selection edited"
    case .groupOfSeveral: "one group for several items"
    case .dragOnSeveral: "drag on several items"
    case .undoOfSeveral: "undo of several items"
    case .redoOfSeveral: "redo of several items"
    case .selectWithRedoPending: "selection changed with redo pending"
    case .historyNotJudged: "history not judged (no rule declared)"
    case .switchWithHistory: "document switch with history"
    case .staleResult: "stale result discarded"
    case .resultApplied: "result applied as one group"
    case .adjustmentCoalesced: "adjustment of the selection coalesced"
    case .windowClosedByWait: "coalescing window closed by a wait"
    case .runBackToStart: "coalesced run ended where it began"
    case .emptyRunDropped: "undo of an unchanged run left no redo"
    case .keptLimitTold: "new document's history limit told apart"
    }
  }
}
