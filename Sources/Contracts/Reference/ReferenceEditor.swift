import UndoKit

/// The reference undo-history subject: an editor with button adjustments, drags, programmatic
/// loads, documents, asynchronous results and a UI layer, built on UndoKit.
///
/// Product rules: a button adjustment and a whole drag are one undo group each; a drag that ends
/// where it began records nothing; a cancelled drag restores its start; Undo and Redo are refused
/// during a drag (rule `refused`); a document switch opens a new document with its own history; a calculation's
/// result applies, as one group, only while the document and revision it captured are current.
///
/// The fault catalogue builds the same editor with one planted bug (``EditorFault``); every
/// `fault` branch below is such a bug, and the reference editor takes none of them.
@MainActor
public final class ReferenceEditor: UndoHistorySubject {
  /// The open document.
  public private(set) var document: EditorDocument
  /// The UI layer showing the open document.
  public let screen: EditorScreen
  private let fault: EditorFault?
  private var dragStart: Int?
  private var calculations: [Int: (documentID: String, revision: Int)] = [:]
  /// The history limit as the user set it.
  private var levels = 0
  /// The value the last undo replaced (only the `redo-survives-edits` fault keeps it).
  private var lastUndone: Int?

  /// Creates an editor showing a new document.
  public convenience init(documentID: String = "untitled", value: Int = 0) {
    self.init(documentID: documentID, value: value, fault: nil)
  }

  /// Creates an editor with a planted bug, for the fault catalogue.
  init(documentID: String = "untitled", value: Int = 0, fault: EditorFault?) {
    let document = EditorDocument(id: documentID, value: value, fault: fault)
    self.document = document
    self.screen = EditorScreen(showing: document, fault: fault)
    self.fault = fault
  }

  public var undoManager: UndoManager { document.history }
  public var value: Int { document.value }
  public var displayedValue: Int { screen.displayedValue }
  public var isUndoEnabled: Bool { screen.isUndoEnabled }
  public var isRedoEnabled: Bool { screen.isRedoEnabled || lastUndone != nil }
  public var dragCancelRule: DragCancelRule? { .restoreStart }
  public var undoDuringDragRule: UndoDuringDragRule? { .refused }
  public var capabilities: Set<SubjectCapability> { [.documents, .asyncResults, .uiLayer] }

  public func adjust(to value: Int) {
    beginEvent()
    guard dragStart == nil else { return }
    let history = document.history
    if fault == .emptyGroupOnSameValue {
      history.beginUndoGrouping()
      document.setValue(value)
      history.setActionName("Adjust")
      history.endUndoGrouping()
      return
    }
    guard value != document.value else { return }
    history.beginUndoGrouping()
    document.setValue(value)
    if fault == .commandSplit {
      history.endUndoGrouping()
      history.beginUndoGrouping()
    }
    history.setActionName("Adjust")
    history.endUndoGrouping()
  }

  public func beginDrag() {
    beginEvent()
    dragStart = document.value
  }

  public func moveDrag(to value: Int) {
    beginEvent()
    guard dragStart != nil else { return }
    if fault == .dragCallbackGroups {
      document.history.beginUndoGrouping()
      document.setValue(value)
      document.history.endUndoGrouping()
      return
    }
    document.apply(value)
  }

  public func endDrag() {
    beginEvent()
    guard let start = dragStart else { return }
    dragStart = nil
    if fault == .dragCallbackGroups {
      return
    }
    if fault == .dragEndLeavesGroupOpen {
      let history = document.history
      history.beginUndoGrouping()
      guard document.value != start else { return }
      history.registerUndo(withTarget: document) { $0.setValue(start) }
      history.setActionName("Drag")
      history.endUndoGrouping()
      return
    }
    document.commitGesture(from: start, actionName: "Drag")
  }

  public func cancelDrag() {
    beginEvent()
    guard let start = dragStart else { return }
    dragStart = nil
    switch fault {
    case .cancelRecordsHistory:
      document.history.beginUndoGrouping()
      document.setValue(start)
      document.history.endUndoGrouping()
    case .cancelKeepsPosition:
      document.commitGesture(from: start, actionName: "Drag")
    default:
      document.apply(start)
    }
  }

  public func load(_ value: Int) {
    beginEvent()
    dragStart = nil
    if fault == .loadRecorded {
      document.history.beginUndoGrouping()
      document.setValue(value)
      document.history.endUndoGrouping()
      return
    }
    document.load(value)
  }

  public func undo() {
    beginEvent()
    guard dragStart == nil, undoManager.groupingLevel == 0 else { return }
    if fault == .redoSurvivesEdits, undoManager.canUndo {
      lastUndone = document.value
    }
    undoManager.undo()
  }

  public func redo() {
    beginEvent()
    guard dragStart == nil, undoManager.groupingLevel == 0 else { return }
    if fault == .redoSurvivesEdits, undoManager.redoCount == 0, let cached = lastUndone {
      lastUndone = nil
      adjust(to: cached)
      return
    }
    lastUndone = nil
    undoManager.redo()
  }

  public func limitHistory(to levels: Int) {
    beginEvent()
    self.levels = levels
    if fault != .levelsIgnored {
      undoManager.levelsOfUndo = levels
    }
  }

  public func switchDocument(to id: String, value: Int) {
    beginEvent()
    dragStart = nil
    switch fault {
    case .historyAcrossSwitch:
      document.reopen(as: id, value: value)
    case .openingIsUndoable:
      let next = EditorDocument(id: id, value: 0, fault: fault)
      document = next
      screen.bind(to: next)
      next.history.beginUndoGrouping()
      next.setValue(value)
      next.history.endUndoGrouping()
    default:
      let next = EditorDocument(id: id, value: value, fault: fault)
      next.history.levelsOfUndo = levels
      document = next
      screen.bind(to: next)
    }
  }

  public func startCalculation(id: Int) {
    beginEvent()
    calculations[id] = (document.id, document.revision)
  }

  public func deliverCalculation(id: Int, result: Int) {
    beginEvent()
    guard let captured = calculations.removeValue(forKey: id), captured.documentID == document.id,
      captured.revision == document.revision || fault == .staleResultApplied,
      dragStart == nil, result != document.value
    else { return }
    let history = document.history
    history.beginUndoGrouping()
    if fault == .resultGroupLeftOpen {
      document.setValue(result)
      return
    }
    document.setValue(result)
    history.setActionName("Calculation")
    history.endUndoGrouping()
  }

  /// A new event starts: work postponed to this run-loop turn runs first.
  private func beginEvent() {
    document.runPostponedWork()
  }
}
