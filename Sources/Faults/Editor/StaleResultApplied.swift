import Contracts
import ReferenceModels

extension Fault {
  /// "An old calculation overwrote my newer edit": a result is checked against the document but
  /// not against its revision.
  public static let staleResultApplied = Fault.undoHistory(
    "stale-result-applied", in: "reference editor",
    symptom: "an old calculation overwrote my newer edit", expectedClass: .staleResponse
  ) { RevisionBlindEditor() }
}

/// The bug: only the document id is compared.
final class RevisionBlindEditor: ReferenceEditor {
  override func accepts(_ calculation: Calculation) -> Bool {
    calculation.documentID == document.id
  }
}
