/// A situation the undo-history oracle recognises and counts, so a user sees what an exploration
/// reached: where two rules meet, and where the product's own rules decide.
enum UndoSituation: Int, CaseIterable {
  case undoDuringDrag, redoDuringDrag, resultDuringGesture, switchDuringDrag, oldCallback
  case switchWithRedoPending, loadWithRedoPending, editWithRedoPending, staleResult
  case resultApplied, resultDeliveredTwice, undoWithNothingToUndo, redoWithNothingToRedo
  case limitReached, limitLowered, dragBackToStart, cancelledDrag, inputNormalised
  case historyNotJudged, resultAfterGesture
  case adjustmentCoalesced, windowClosedByWait, runEndedByAction, switchBack
  // Rules met across steps: a limit set in one document, then a switch, then more edits than it.
  case limitReachedAfterOpening, limitReachedAfterSwitchBack

  /// The situation as coverage prints it.
  var name: String {
    switch self {
    case .undoDuringDrag: "undo during a drag"
    case .redoDuringDrag: "redo during a drag"
    case .resultDuringGesture: "result during a gesture"
    case .switchDuringDrag: "switch during a drag"
    case .oldCallback: "old drag callback after a switch or cancel"
    case .switchWithRedoPending: "switch with redo pending"
    case .loadWithRedoPending: "load with redo pending"
    case .editWithRedoPending: "edit with redo pending"
    case .staleResult: "stale result delivered"
    case .resultApplied: "result applied"
    case .resultDeliveredTwice: "result delivered twice"
    case .undoWithNothingToUndo: "undo with nothing to undo"
    case .redoWithNothingToRedo: "redo with nothing to redo"
    case .limitReached: "history limit reached"
    case .limitLowered: "limit lowered below the depth"
    case .dragBackToStart: "drag back to its start"
    case .cancelledDrag: "cancelled drag"
    case .inputNormalised: "input normalised by the model"
    case .historyNotJudged: "history not judged (no rule declared)"
    case .resultAfterGesture: "held result applied after the gesture"
    case .adjustmentCoalesced: "adjustment coalesced into the previous one"
    case .windowClosedByWait: "coalescing window closed by a wait"
    case .runEndedByAction: "coalescing run ended by another action"
    case .switchBack: "switch back to a document left open"
    case .limitReachedAfterOpening: "history limit reached in a document opened after it was set"
    case .limitReachedAfterSwitchBack: "history limit reached in a document switched back to"
    }
  }
}
