import Contracts
import ReferenceModels

extension Fault {
  /// "The history limit setting has no effect": it is stored, never applied.
  public static let levelsIgnored = Fault.undoHistory(
    "levels-ignored", in: "reference editor", symptom: "the history limit setting has no effect",
    expectedClass: .groupBoundary
  ) { IgnoredLimitEditor() }
}

/// The bug: the limit goes into a setting that never reaches the undo manager.
final class IgnoredLimitEditor: ReferenceEditor {
  private(set) var historyLimitSetting = 0

  override func limitHistory(to levels: Int) {
    historyLimitSetting = levels
  }
}
