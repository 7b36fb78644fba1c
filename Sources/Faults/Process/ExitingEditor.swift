import Contracts
import Foundation
import ReferenceModels

extension Fault {
  /// A subject that ends its process on Undo.
  public static let exits = Fault.undoHistory(
    "exits", in: "reference editor", symptom: "the app quits on Undo", expectedClass: .crashed
  ) { ExitingEditor() }.requiringIsolation()
}

/// Calls `exit(3)` on Undo.
final class ExitingEditor: ReferenceEditor {
  override func undo() {
    exit(3)
  }
}
