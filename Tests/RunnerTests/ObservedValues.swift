import Contracts
import Faults
import Foundation
import ReferenceModels

@testable import RunModel
@testable import Runner

/// Checks that a reason quotes only observed state: every `key=value` it names for a state key
/// must appear in some snapshot the case's steps recorded (before or after a step).
enum ObservedValues {
  /// The `key=value` quotes in `reason` that no recorded snapshot of `result` holds.
  static func unobservedQuotes(in reason: String, of result: CaseResult) -> [String] {
    let observed = Set(
      result.steps.flatMap { step in
        (step.before.fields + step.after.fields).map {
          "\($0.key)=\($0.value.spelled(for: $0.key))"
        }
      })
    let separators = CharacterSet(charactersIn: " ;:()'")
    let words = reason.components(separatedBy: separators).map { word in
      word.hasSuffix(",") ? String(word.dropLast()) : word
    }
    return words.filter { word in
      guard let equals = word.firstIndex(of: "="), equals != word.startIndex else { return false }
      let key = String(word[..<equals])
      return isStateKey(key) && !observed.contains(word)
    }
  }

  private static func isStateKey(_ key: String) -> Bool {
    if StateKeys.undoHistory.contains(where: { $0.key == key }) { return true }
    if StateKeys.listKeys.contains(where: { $0.key == key }) { return true }
    let parts = key.split(separator: ".")
    return parts.count == 2 && StateKeys.recordFields.contains { $0.key == parts[1] }
  }
}
