import UndoKit

/// A photo editor's brightness control: a stepper, a slider gesture, and Undo/Redo commands.
///
/// One stepper tap and one whole slider gesture are one undo group each; the gesture records a
/// single inverse when it ends, so a gesture that ends where it began records nothing.
@MainActor
public final class BrightnessEditor {
  /// The current brightness.
  public private(set) var brightness = 0
  /// The editor's history.
  public let history = UndoManager()
  private var gestureStart: Int?

  /// Creates an editor at brightness 0 with empty history.
  public init() {
    history.groupsByEvent = false
  }

  /// A stepper tap: one undo group.
  public func step(to value: Int) {
    guard gestureStart == nil, value != brightness else { return }
    history.beginUndoGrouping()
    set(value)
    history.setActionName("Brightness")
    history.endUndoGrouping()
  }

  /// The slider gesture starts.
  public func sliderBegan() {
    gestureStart = brightness
  }

  /// The slider moves: previewed, not recorded.
  public func sliderChanged(to value: Int) {
    guard gestureStart != nil else { return }
    brightness = value
  }

  /// The slider gesture ends: recorded as one group if the value changed.
  public func sliderEnded() {
    guard let start = gestureStart else { return }
    gestureStart = nil
    guard brightness != start else { return }
    history.beginUndoGrouping()
    history.registerUndo(withTarget: self) { $0.set(start) }
    history.setActionName("Brightness")
    history.endUndoGrouping()
  }

  /// The slider gesture is cancelled: back to where it began, nothing recorded.
  public func sliderCancelled() {
    guard let start = gestureStart else { return }
    gestureStart = nil
    brightness = start
  }

  /// Opens a photo with its stored brightness: not undoable.
  public func open(brightness value: Int) {
    gestureStart = nil
    history.removeAllActions()
    brightness = value
  }

  /// The Undo command; refused during a gesture.
  public func undo() {
    guard gestureStart == nil, history.groupingLevel == 0 else { return }
    history.undo()
  }

  /// The Redo command; refused during a gesture.
  public func redo() {
    guard gestureStart == nil else { return }
    history.redo()
  }

  private func set(_ value: Int) {
    guard value != brightness else { return }
    let previous = brightness
    history.registerUndo(withTarget: self) { $0.set(previous) }
    brightness = value
  }
}
