import StateGateRecorder
import UndoKit

/// A photo editor's brightness control: a stepper, a slider gesture, and Undo/Redo commands.
///
/// One stepper tap and one whole slider gesture are one undo group each; the gesture records a
/// single inverse when it ends, so a gesture that ends where it began records nothing. Made with a
/// tap window, taps less than the window apart are one group (any other command ends the run);
/// the editor reads time through ``now``, which tests and stategate replace. Every
/// command tells an optional `SessionRecorder` what happened and what the editor then shows.
@MainActor
public final class BrightnessEditor {
  /// The current brightness.
  public private(set) var brightness = 0
  /// The editor's history.
  public let history = UndoManager()
  /// Where the editor records what happens to it; `nil` (the default) records nothing.
  public let recorder: SessionRecorder?
  private var gestureStart: Int?
  /// How long after a stepper tap the next one still joins its group; `nil`: each tap is a group.
  public let tapWindow: Duration?
  /// The time since the editor was made, as it reads it: by default the system's continuous clock.
  public var now: @MainActor () -> Duration
  /// When the last tap of the open run happened, or `nil` when no run is open.
  private var lastTap: Duration?

  /// Creates an editor at brightness 0 with empty history.
  ///
  /// - Parameters:
  ///   - recorder: Where to record the session, if anywhere (created with
  ///     `family: .undoHistory, declaring: [.dragCancelRestores, .dragUndoRefused,
  ///     .dragBackRecordsNothing]`).
  ///   - tapWindow: How long after a tap the next joins its group, if at all.
  public init(recorder: SessionRecorder? = nil, tapWindow: Duration? = nil) {
    let start = ContinuousClock.now
    now = { ContinuousClock.now - start }
    self.tapWindow = tapWindow
    self.recorder = recorder
    history.groupsByEvent = false
  }

  /// A stepper tap: one undo group, or part of the previous tap's within the tap window.
  public func step(to value: Int) {
    recorder?.adjusted(to: value)
    defer { recordShown() }
    guard gestureStart == nil, value != brightness else { return }
    let time = now()
    if let tapWindow, let lastTap, time - lastTap < tapWindow {
      brightness = value
    } else {
      history.beginUndoGrouping()
      set(value)
      history.setActionName("Brightness")
      history.endUndoGrouping()
    }
    lastTap = tapWindow == nil ? nil : time
  }

  /// Sets the history limit to `levels` groups (0: unlimited); it ends the tap run.
  public func limitHistory(to levels: Int) {
    recorder?.limitedHistory(to: levels)
    lastTap = nil
    history.levelsOfUndo = levels
    recordShown()
  }

  /// The slider gesture starts.
  public func sliderBegan() {
    recorder?.dragBegan()
    lastTap = nil
    gestureStart = brightness
    recordShown()
  }

  /// The slider moves: previewed, not recorded.
  public func sliderChanged(to value: Int) {
    recorder?.dragMoved(to: value)
    lastTap = nil
    defer { recordShown() }
    guard gestureStart != nil else { return }
    brightness = value
  }

  /// The slider gesture ends: recorded as one group if the value changed.
  public func sliderEnded() {
    recorder?.dragEnded()
    lastTap = nil
    defer { recordShown() }
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
    recorder?.dragCancelled()
    lastTap = nil
    defer { recordShown() }
    guard let start = gestureStart else { return }
    gestureStart = nil
    brightness = start
  }

  /// Opens a photo with its stored brightness: not undoable.
  public func open(brightness value: Int) {
    recorder?.loaded(value: value)
    lastTap = nil
    gestureStart = nil
    history.removeAllActions()
    brightness = value
    recordShown()
  }

  /// The Undo command; refused during a gesture.
  public func undo() {
    recorder?.undid()
    lastTap = nil
    defer { recordShown() }
    guard gestureStart == nil, history.groupingLevel == 0 else { return }
    history.undo()
  }

  /// The Redo command; refused during a gesture.
  public func redo() {
    recorder?.redid()
    lastTap = nil
    defer { recordShown() }
    guard gestureStart == nil else { return }
    history.redo()
  }

  /// Records what the editor shows: the slider's value and the Undo and Redo menu items, which
  /// are enabled whenever the history can undo or redo (as the adapter declares).
  private func recordShown() {
    guard let recorder else { return }
    recorder.showed(
      value: brightness, display: brightness, level: history.groupingLevel,
      canUndo: history.canUndo, canRedo: history.canRedo, undoEnabled: history.canUndo,
      redoEnabled: history.canRedo)
  }

  private func set(_ value: Int) {
    guard value != brightness else { return }
    let previous = brightness
    history.registerUndo(withTarget: self) { $0.set(previous) }
    brightness = value
  }
}
