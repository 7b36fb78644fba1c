import Contracts
import ReferenceModels

extension Fault {
  /// "Cancelling a drag does not put the object back", although the editor declares that it does.
  public static let cancelKeepsPosition = Fault.undoHistory(
    "cancel-keeps-position", in: "reference editor",
    symptom: "cancelling a drag does not put the object back", expectedClass: .valueRestoration
  ) { PositionKeepingCancelEditor() }
}

/// The bug: a cancel is handled like the end of the drag.
final class PositionKeepingCancelEditor: ReferenceEditor {
  override func cancelDrag() {
    endDrag()
  }
}
