import Foundation

/// A case as a run hands it to its worker processes: its steps packed (a few bytes a step, lines
/// and columns included), so a worker neither parses suite text nor the run writes it.
package struct CaseWireForm: Codable, Hashable, Sendable {
  /// The case's id.
  package var id: String
  /// The case's title.
  package var title: String
  /// The capabilities the case requires, by name.
  package var requirements: [String]
  /// The line of the case's header in its suite file.
  package var line: Int
  /// How many steps the packed bytes hold.
  package var stepCount: Int
  /// The words the packed bytes name by position.
  package var words: [String]
  /// The packed steps.
  package var steps: Data
}

extension ContractCase {
  /// The case in the form workers receive.
  package var wireForm: CaseWireForm {
    let packed =
      switch storage {
      case .packed(let packed): packed
      case .expanded(let steps): PackedSteps(steps)
      }
    return CaseWireForm(
      id: id, title: title, requirements: requirements.map(\.rawValue), line: line,
      stepCount: packed.count, words: packed.words, steps: Data(packed.bytes))
  }

  /// The case a worker received; `nil` unless `wireForm` is well formed (every step complete,
  /// every word it names present).
  ///
  /// - Parameter wireForm: The case as ``wireForm`` wrote it.
  package init?(wireForm: CaseWireForm) {
    guard
      let packed = PackedSteps(
        bytes: Array(wireForm.steps), words: wireForm.words, count: wireForm.stepCount)
    else { return nil }
    self.init(
      id: wireForm.id, title: wireForm.title,
      requirements: wireForm.requirements.map(SubjectCapability.init(rawValue:)), steps: [],
      line: wireForm.line)
    storage = .packed(packed)
  }

  /// Every word the case's steps spell, each once: what a suite author typed.
  ///
  /// Words are ids, names, keys and text values; numbers and flags are not words.
  public var typedWords: [String] {
    switch storage {
    case .packed(let packed): packed.words
    case .expanded(let steps): PackedSteps(steps).words
    }
  }
}
