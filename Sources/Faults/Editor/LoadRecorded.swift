import Contracts
import ReferenceModels

extension Fault {
  /// A programmatic load goes through the editing entry point and keeps history.
  public static let loadRecorded = Fault.undoHistory(
    "load-recorded", in: "reference editor",
    symptom: "undo after loading a file brings back the previous file's content",
    expectedClass: .groupBoundary
  ) { RecordingLoadEditor() }
}

/// The bug: loading is written like an edit.
final class RecordingLoadEditor: ReferenceEditor {
  override func load(_ value: Int) {
    _ = endGesture()
    document.history.beginUndoGrouping()
    document.setValue(value)
    document.history.endUndoGrouping()
  }
}
