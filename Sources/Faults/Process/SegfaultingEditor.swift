import Contracts
import ReferenceModels

extension Fault {
  /// A subject that writes through an invalid pointer on Undo.
  public static let segfault = Fault.undoHistory(
    "segfault", in: "reference editor", symptom: "the app crashes on Undo (bad memory access)",
    expectedClass: .crashed
  ) { SegfaultingEditor() }.requiringIsolation()
}

/// Writes through a pointer into the first page of memory on Undo.
final class SegfaultingEditor: ReferenceEditor {
  override func undo() {
    guard let pointer = UnsafeMutablePointer<Int>(bitPattern: 0x10) else { return }
    pointer.pointee = document.value
  }
}
