import Contracts
import ReferenceModels

extension Fault {
  /// "Typing at a steady pace still takes several undos": the editor declares an 800 ms window
  /// but coalesces only within half of it.
  public static let windowShorterThanDeclared = Fault.undoHistory(
    "window-shorter-than-declared", in: "reference editor with a typing window",
    symptom: "typing at a steady pace still takes several undos", expectedClass: .groupBoundary
  ) { ShortWindowEditor(coalescingWindow: .typingWindow) }
}

/// The bug: the window the editor applies is half the one it declares.
final class ShortWindowEditor: ReferenceEditor {
  override func joinsTypingRun() -> Bool {
    guard let window = coalescingWindow, let last = typingRunLastAdjusted else { return false }
    return clock.now - last < window / 2
  }
}
