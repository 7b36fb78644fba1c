import Contracts
import UndoKit

/// The reference undo-history subject: an editor with button adjustments, drags, programmatic
/// loads, documents, asynchronous results and a UI layer, built on UndoKit.
///
/// Product rules: a button adjustment and a whole drag are one undo group each; a drag that ends
/// where it began records nothing; a cancelled drag restores its start; Undo and Redo are refused
/// during a drag; a document switch opens a new document with its own history; a calculation's
/// result applies, as one group, only while the document and revision it captured are current.
/// Made with a typing window (``coalescingWindow``), consecutive button adjustments less than the
/// window apart are one group, as typing is; any other action ends the run.
///
/// Every user action and every decision a real editor makes — how a document is opened, whether
/// a result still applies, how it is applied — is an `open` member, so a variant can change one
/// decision (the catalogue of planted bugs does).
@MainActor
open class ReferenceEditor: UndoHistorySubject {
  /// What a calculation captured when it started.
  public struct Calculation: Hashable, Sendable {
    /// The document it was started in.
    public var documentID: String
    /// That document's revision then.
    public var revision: Int
  }

  /// The open document.
  public private(set) var document: EditorDocument
  /// The UI layer showing the open document.
  public let screen: EditorScreen
  /// The kind of document the editor opens.
  public let documentType: EditorDocument.Type
  /// Where the drag in progress began, if one is in progress.
  public private(set) var dragStart: Int?
  /// The window within which consecutive adjustments are one group, or `nil`: each is its own.
  public let coalescingWindow: Duration?
  /// The clock the editor reads time from: its own until the runner gives it one.
  public private(set) var clock: any ContractClock = VirtualClock()
  /// When the last adjustment of the open typing run happened, or `nil` when no run is open.
  public private(set) var typingRunLastAdjusted: Duration?
  /// The calculations started and not yet delivered, by id.
  public private(set) var calculations: [Int: Calculation] = [:]

  /// Creates an editor showing a new document.
  ///
  /// - Parameters:
  ///   - documentID: The first document's identity.
  ///   - value: Its stored value.
  ///   - documentType: The kind of document to open.
  ///   - screen: The UI layer to show the documents on.
  ///   - coalescingWindow: The typing window, or `nil` for a group per adjustment.
  public init(
    documentID: String = "untitled", value: Int = 0,
    documentType: EditorDocument.Type = EditorDocument.self, screen: EditorScreen = EditorScreen(),
    coalescingWindow: Duration? = nil
  ) {
    self.coalescingWindow = coalescingWindow
    self.documentType = documentType
    self.document = documentType.init(id: documentID, value: value)
    self.screen = screen
    screen.bind(to: document)
  }

  public var undoManager: UndoManager { document.history }
  public var value: Int { document.value }
  public var displayedValue: Int { screen.displayedValue }
  open var isUndoEnabled: Bool { screen.isUndoEnabled }
  open var isRedoEnabled: Bool { screen.isRedoEnabled }
  open var dragCancelRule: DragCancelRule? { .restoreStart }
  open var undoDuringDragRule: UndoDuringDragRule? { .refused }
  open var unchangedDragRule: UnchangedDragRule? { .recordsNothing }
  open var capabilities: Set<SubjectCapability> { [.documents, .asyncResults, .uiLayer] }

  /// Reads time from `clock` from now on.
  open func useClock(_ clock: any ContractClock) {
    self.clock = clock
  }

  /// A button sets the value: one group, unless the value is already there; within the typing
  /// window of the previous adjustment, part of that adjustment's group.
  open func adjust(to value: Int) {
    guard dragStart == nil, value != document.value else { return }
    if joinsTypingRun() {
      document.apply(value)
    } else {
      document.history.beginUndoGrouping()
      document.setValue(value)
      document.history.setActionName("Adjust")
      document.history.endUndoGrouping()
    }
    typingRunLastAdjusted = coalescingWindow == nil ? nil : clock.now
  }

  /// Whether an adjustment now joins the open typing run: a window is declared, a run is open,
  /// and less than the window has passed since the run's last adjustment.
  open func joinsTypingRun() -> Bool {
    guard let window = coalescingWindow, let last = typingRunLastAdjusted else { return false }
    return clock.now - last < window
  }

  /// Ends the open typing run: the next adjustment starts a group of its own.
  public func endTypingRun() {
    typingRunLastAdjusted = nil
  }

  open func beginDrag() {
    endTypingRun()
    dragStart = document.value
  }

  /// A drag callback previews the position; nothing is recorded until the drag ends.
  open func moveDrag(to value: Int) {
    endTypingRun()
    guard dragStart != nil else { return }
    document.apply(value)
  }

  /// The whole drag becomes one group, or nothing if it ended where it began.
  open func endDrag() {
    endTypingRun()
    guard let start = endGesture() else { return }
    document.commitGesture(from: start, actionName: "Drag")
  }

  /// A cancelled drag returns to its start and records nothing.
  open func cancelDrag() {
    endTypingRun()
    guard let start = endGesture() else { return }
    document.apply(start)
  }

  open func load(_ value: Int) {
    endTypingRun()
    dragStart = nil
    document.load(value)
  }

  /// Undo, refused during a drag; it ends the typing run.
  open func undo() {
    endTypingRun()
    guard dragStart == nil, undoManager.groupingLevel == 0 else { return }
    undoManager.undo()
  }

  /// Redo, refused during a drag; it ends the typing run.
  open func redo() {
    endTypingRun()
    guard dragStart == nil, undoManager.groupingLevel == 0 else { return }
    undoManager.redo()
  }

  open func limitHistory(to levels: Int) {
    endTypingRun()
    undoManager.levelsOfUndo = levels
  }

  open func switchDocument(to id: String, value: Int) {
    endTypingRun()
    dragStart = nil
    let next = openDocument(id: id, value: value)
    document = next
    screen.bind(to: next)
  }

  /// Opens document `id` with its stored value, with a history of its own that keeps the
  /// editor's history limit.
  open func openDocument(id: String, value: Int) -> EditorDocument {
    let next = documentType.init(id: id, value: value)
    next.history.levelsOfUndo = document.history.levelsOfUndo
    return next
  }

  open func startCalculation(id: Int) {
    endTypingRun()
    calculations[id] = Calculation(documentID: document.id, revision: document.revision)
  }

  open func deliverCalculation(id: Int, result: Int) {
    endTypingRun()
    guard let calculation = calculations.removeValue(forKey: id), accepts(calculation),
      dragStart == nil, result != document.value
    else { return }
    applyResult(result)
  }

  /// Whether a result of `calculation` may still be applied: its document and revision are
  /// current.
  open func accepts(_ calculation: Calculation) -> Bool {
    calculation.documentID == document.id && calculation.revision == document.revision
  }

  /// Applies a valid result as one group of its own.
  open func applyResult(_ result: Int) {
    document.history.beginUndoGrouping()
    document.setValue(result)
    document.history.setActionName("Calculation")
    document.history.endUndoGrouping()
  }

  /// Ends the drag in progress and returns where it began, or `nil` if none was in progress.
  public func endGesture() -> Int? {
    defer { dragStart = nil }
    return dragStart
  }
}
