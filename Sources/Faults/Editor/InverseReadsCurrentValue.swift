import Contracts
import ReferenceModels

extension Fault {
  /// The inverse reads a stored "previous value" when it runs instead of capturing it.
  public static let inverseReadsCurrentValue = Fault.undoHistory(
    "inverse-reads-current-value", in: "reference editor",
    symptom: "the second undo jumps to a value the document never had",
    expectedClass: .valueRestoration
  ) { ReferenceEditor(documentType: LateReadingInverseDocument.self) }
}

/// The bug: the handler reads `lastValue` at undo time, by which point it has moved on.
final class LateReadingInverseDocument: EditorDocument {
  private var lastValue = 0

  override func registerInverse(restoring previous: Int) {
    lastValue = previous
    history.registerUndo(withTarget: self) { document in
      document.setValue(document.lastValue)
    }
  }
}
