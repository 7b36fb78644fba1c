import Contracts
import Foundation
import ReferenceModels

extension Fault {
  /// A subject that writes megabytes of logging on every Undo, and is otherwise correct.
  public static let floodsStandardError = Fault.undoHistory(
    "floods-stderr", in: "reference editor",
    symptom: "the app logs megabytes on every Undo, and works", expectedClass: .unclassified
  ) { FloodingEditor() }.requiringIsolation()
}

/// Writes 4 MB of log lines to standard error before each Undo.
final class FloodingEditor: ReferenceEditor {
  private static let burst = Data(
    (0..<1024).flatMap { _ in Array(repeating: UInt8(ascii: "x"), count: 63) + [10] })

  override func undo() {
    for _ in 0..<64 {
      FileHandle.standardError.write(Self.burst)
    }
    super.undo()
  }
}
