import UndoKit

/// The undo/redo article's editor: an integer position whose changes register their inverse through
/// the same editing entry point, with explicit groups.
@MainActor
final class DemoPositionEditor {
  private(set) var position = 0
  let history = UndoManager()

  init() {
    history.groupsByEvent = false
  }

  func setPosition(_ next: Int) {
    guard next != position else { return }
    let previous = position
    history.registerUndo(withTarget: self) { target in
      target.setPosition(previous)
    }
    position = next
  }
}

/// A drag of N position callbacks as one group, then undo and redo, checked after every step.
@MainActor
struct DragDemo {
  /// The number of position callbacks in the drag.
  var callbacks: Int

  /// What the run printed and whether every expectation held.
  struct Report {
    var text: String
    var holds: Bool
  }

  /// The state the demo checks after each step.
  private struct Observed: Equatable {
    var position: Int
    var groupingLevel: Int
    var canUndo: Bool
    var canRedo: Bool
    var undoCount: Int
    var redoCount: Int

    init(
      _ position: Int, _ level: Int, _ canUndo: Bool, _ canRedo: Bool, _ undos: Int, _ redos: Int
    ) {
      self.position = position
      self.groupingLevel = level
      self.canUndo = canUndo
      self.canRedo = canRedo
      self.undoCount = undos
      self.redoCount = redos
    }
  }

  /// Runs the drag and returns the step-by-step table.
  func run() -> Report {
    let editor = DemoPositionEditor()
    let history = editor.history
    let end = callbacks * 10
    var lines = [
      "stategate demo: one drag of \(callbacks) position callbacks is one undo group",
      "UndoKit UndoManager, groupsByEvent = false, explicit group at the drag's start and end",
      "",
      "step  action                  position  level  canUndo  canRedo  undos  redos  verdict",
    ]
    var failures = 0
    var step = 0
    func check(_ action: String, _ expected: Observed) {
      step += 1
      let actual = Observed(
        editor.position, history.groupingLevel, history.canUndo, history.canRedo,
        history.undoCount, history.redoCount)
      let verdict = actual == expected ? "ok" : "FAIL expected \(describe(expected))"
      if actual != expected { failures += 1 }
      lines.append(
        [
          pad(String(step), 4), pad(action, 22), pad(String(actual.position), 8),
          pad(String(actual.groupingLevel), 5), pad(String(actual.canUndo), 7),
          pad(String(actual.canRedo), 7), pad(String(actual.undoCount), 5),
          pad(String(actual.redoCount), 5), verdict,
        ].joined(separator: "  "))
    }
    history.beginUndoGrouping()
    check("drag began", Observed(0, 1, true, false, 0, 0))
    for callback in 1...callbacks {
      editor.setPosition(callback * 10)
      if callbacks <= 20 || callback == 1 || callback == callbacks {
        check("drag moved to \(callback * 10)", Observed(callback * 10, 1, true, false, 0, 0))
      }
    }
    history.endUndoGrouping()
    check("drag ended", Observed(end, 0, true, false, 1, 0))
    history.undo()
    check("undo", Observed(0, 0, false, true, 0, 1))
    history.redo()
    check("redo", Observed(end, 0, true, false, 1, 0))
    lines.append("")
    lines.append(
      failures == 0
        ? "contract holds: one undo restored 0, one redo restored \(end) (\(step) steps checked)"
        : "contract broken: \(failures) of \(step) steps differ")
    return Report(text: lines.joined(separator: "\n") + "\n", holds: failures == 0)
  }

  private func describe(_ state: Observed) -> String {
    "position \(state.position), level \(state.groupingLevel), canUndo \(state.canUndo), "
      + "canRedo \(state.canRedo), undos \(state.undoCount), redos \(state.redoCount)"
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }
}
