import UndoKit

/// The reference undo-history subject: an editor with button adjustments, drags, programmatic
/// loads, documents, asynchronous results and a UI layer, built on UndoKit.
///
/// Product rules: a button adjustment and a whole drag are one undo group each; a drag that ends
/// where it began records nothing; a cancelled drag restores its start; Undo and Redo are refused
/// during a drag; a document switch opens a new document with its own history; a calculation's
/// result applies, as one group, only while the document and revision it captured are current.
@MainActor
public final class ReferenceEditor: UndoHistorySubject {
  /// The open document.
  public private(set) var document: EditorDocument
  /// The UI layer showing the open document.
  public let screen: EditorScreen
  private var dragStart: Int?
  private var calculations: [Int: (documentID: String, revision: Int)] = [:]

  /// Creates an editor showing a new document.
  public init(documentID: String = "untitled", value: Int = 0) {
    let document = EditorDocument(id: documentID, value: value)
    self.document = document
    self.screen = EditorScreen(showing: document)
  }

  public var undoManager: UndoManager { document.history }
  public var value: Int { document.value }
  public var displayedValue: Int { screen.displayedValue }
  public var isUndoEnabled: Bool { screen.isUndoEnabled }
  public var isRedoEnabled: Bool { screen.isRedoEnabled }
  public var dragCancelRule: DragCancelRule? { .restoreStart }
  public var capabilities: Set<SubjectCapability> { [.documents, .asyncResults] }

  public func adjust(to value: Int) {
    guard dragStart == nil, value != document.value else { return }
    let history = document.history
    history.beginUndoGrouping()
    document.setValue(value)
    history.setActionName("Adjust")
    history.endUndoGrouping()
  }

  public func dragBegan() {
    dragStart = document.value
  }

  public func dragMoved(to value: Int) {
    guard dragStart != nil else { return }
    document.apply(value)
  }

  public func dragEnded() {
    guard let start = dragStart else { return }
    dragStart = nil
    document.commitGesture(from: start, actionName: "Drag")
  }

  public func dragCancelled() {
    guard let start = dragStart else { return }
    dragStart = nil
    document.apply(start)
  }

  public func load(_ value: Int) {
    dragStart = nil
    document.load(value)
  }

  public func undo() {
    guard dragStart == nil, undoManager.groupingLevel == 0 else { return }
    undoManager.undo()
  }

  public func redo() {
    guard dragStart == nil, undoManager.groupingLevel == 0 else { return }
    undoManager.redo()
  }

  public func switchDocument(to id: String, value: Int) {
    dragStart = nil
    let next = EditorDocument(id: id, value: value)
    document = next
    screen.bind(to: next)
  }

  public func startCalculation(id: Int) {
    calculations[id] = (document.id, document.revision)
  }

  public func deliverCalculation(id: Int, result: Int) {
    guard let captured = calculations.removeValue(forKey: id),
      captured.documentID == document.id, captured.revision == document.revision,
      dragStart == nil, result != document.value
    else { return }
    let history = document.history
    history.beginUndoGrouping()
    document.setValue(result)
    history.setActionName("Calculation")
    history.endUndoGrouping()
  }
}
