/// One realistic bug planted in the reference editor; `--subject fault:<name>` runs it.
///
/// Each fault changes one behaviour of ``ReferenceEditor`` and says the symptom a user would
/// report and the class its failures must get.
public enum EditorFault: String, CaseIterable, Sendable {
  /// Every drag callback registers its own group.
  case dragCallbackGroups = "drag-callback-groups"
  /// The drag's end returns early when the drag ended at its start, after opening the group.
  case dragEndLeavesGroupOpen = "drag-end-leaves-group-open"
  /// The undo handler assigns the value directly instead of calling the editing entry point.
  case inverseAssignsDirectly = "inverse-assigns-directly"
  /// The undo handler reads a stored "previous value" at undo time instead of capturing it.
  case inverseReadsCurrentValue = "inverse-reads-current-value"
  /// The undo handler registers its inverse on the next run-loop turn, after the undo is over.
  case inverseRegisteredLate = "inverse-registered-late"
  /// Opening a document sets its stored value through the editing entry point.
  case openingIsUndoable = "opening-is-undoable"
  /// A button adjustment opens its group before the same-value guard.
  case emptyGroupOnSameValue = "empty-group-on-same-value"
  /// A programmatic load goes through the editing entry point and keeps history.
  case loadRecorded = "load-recorded"
  /// A document switch reuses the old document's history.
  case historyAcrossSwitch = "history-across-switch"
  /// A calculation's result is applied without checking the revision.
  case staleResultApplied = "stale-result-applied"
  /// A calculation's result opens a group and never closes it, so the user's next action merges
  /// into it.
  case resultGroupLeftOpen = "result-group-left-open"
  /// A cancelled drag restores its start through the editing entry point, leaving history.
  case cancelRecordsHistory = "cancel-records-history"
  /// A cancelled drag keeps its position although the editor declares restore-start.
  case cancelKeepsPosition = "cancel-keeps-position"
  /// Redo replays a cached value when the undo manager has nothing to redo.
  case redoSurvivesEdits = "redo-survives-edits"
  /// The UI layer refreshes after user edits but not after undo and redo.
  case uiStaleAfterUndo = "ui-stale-after-undo"
  /// The history limit is stored in a setting that never reaches the undo manager.
  case levelsIgnored = "levels-ignored"
  /// A button adjustment records its label change as a second group.
  case commandSplit = "command-split"

  /// What a user would report.
  public var symptom: String {
    switch self {
    case .dragCallbackGroups: "one drag takes ten undos"
    case .dragEndLeavesGroupOpen:
      "after a drag that ends where it began, the next edit is undone together with it"
    case .inverseAssignsDirectly: "undo works but redo is gone"
    case .inverseReadsCurrentValue: "the second undo jumps to a value the document never had"
    case .inverseRegisteredLate: "redo is greyed out right after undo"
    case .openingIsUndoable: "undo right after opening a document empties it"
    case .emptyGroupOnSameValue: "Undo is enabled although nothing changed"
    case .loadRecorded: "undo after loading a file brings back the previous file's content"
    case .historyAcrossSwitch: "undo in one document changes another"
    case .staleResultApplied: "an old calculation overwrote my newer edit"
    case .resultGroupLeftOpen: "undoing my next edit also undid the calculation"
    case .cancelRecordsHistory: "cancelling a drag leaves an entry in the undo menu"
    case .cancelKeepsPosition: "cancelling a drag does not put the object back"
    case .redoSurvivesEdits: "redo brings back something I had already replaced"
    case .uiStaleAfterUndo: "undo changes the document but the canvas does not move"
    case .levelsIgnored: "the history limit setting has no effect"
    case .commandSplit: "the first undo after a button tap does nothing visible"
    }
  }

  /// The class every failure this fault causes must get.
  public var expectedClass: FailureClass {
    switch self {
    case .dragCallbackGroups, .dragEndLeavesGroupOpen, .openingIsUndoable, .emptyGroupOnSameValue,
      .loadRecorded, .historyAcrossSwitch, .resultGroupLeftOpen, .cancelRecordsHistory,
      .levelsIgnored, .commandSplit:
      .groupBoundary
    case .inverseAssignsDirectly, .inverseRegisteredLate, .redoSurvivesEdits: .redoAvailability
    case .inverseReadsCurrentValue, .cancelKeepsPosition: .valueRestoration
    case .staleResultApplied: .staleResponse
    case .uiStaleAfterUndo: .uiBinding
    }
  }
}
