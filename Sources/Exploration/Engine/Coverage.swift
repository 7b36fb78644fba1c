/// How often each action and each situation the oracle recognises occurred during an exploration,
/// so a user sees what was reached, and what never was.
package struct Coverage: Codable, Hashable, Sendable {
  /// The action names, in the family's order.
  package let actionNames: [String]
  /// The situation names, in the family's order.
  package let situationNames: [String]
  /// How often each action ran, by position in ``actionNames``.
  package private(set) var actionCounts: [Int]
  /// How often each situation occurred, by position in ``situationNames``.
  package private(set) var situationCounts: [Int]
  /// The situations what the subject declares rules out (a filter's, for a subject without one),
  /// by position in ``situationNames``: never counted as unreached.
  package private(set) var ruledOut: Set<Int> = []

  /// Creates empty counts for the given names.
  init(actions: [String], situations: [String]) {
    actionNames = actions
    situationNames = situations
    actionCounts = Array(repeating: 0, count: actions.count)
    situationCounts = Array(repeating: 0, count: situations.count)
  }

  /// Counts one more run of the action at `index`.
  mutating func countAction(_ index: Int) {
    actionCounts[index] += 1
  }

  /// Marks the situations at `indices` as ruled out by what the subject declares.
  mutating func ruleOut(_ indices: [Int]) {
    ruledOut.formUnion(indices)
  }

  /// Counts one more occurrence of the situation at `index`.
  mutating func countSituation(_ index: Int) {
    situationCounts[index] += 1
  }

  /// Adds `other`'s counts, which must have the same names.
  mutating func add(_ other: Coverage) {
    for index in actionCounts.indices { actionCounts[index] += other.actionCounts[index] }
    for index in situationCounts.indices { situationCounts[index] += other.situationCounts[index] }
    ruledOut.formUnion(other.ruledOut)
  }

  /// The actions with their counts, in the family's order.
  package var actions: [(name: String, count: Int)] {
    Array(zip(actionNames, actionCounts)).map { ($0.0, $0.1) }
  }

  /// The situations with their counts, in the family's order.
  package var situations: [(name: String, count: Int)] {
    Array(zip(situationNames, situationCounts)).map { ($0.0, $0.1) }
  }

  /// The situations that never occurred, but for those the subject's declarations rule out.
  package var unreached: [String] {
    situationNames.indices.filter { situationCounts[$0] == 0 && !ruledOut.contains($0) }
      .map { situationNames[$0] }
  }
}
