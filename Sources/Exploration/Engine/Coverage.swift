/// How often each action and each situation the oracle recognises occurred during an exploration,
/// so a user sees what was reached, and what never was.
public struct Coverage: Codable, Hashable, Sendable {
  /// The action names, in the family's order.
  public let actionNames: [String]
  /// The situation names, in the family's order.
  public let situationNames: [String]
  /// How often each action ran, by position in ``actionNames``.
  public private(set) var actionCounts: [Int]
  /// How often each situation occurred, by position in ``situationNames``.
  public private(set) var situationCounts: [Int]

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

  /// Counts one more occurrence of the situation at `index`.
  mutating func countSituation(_ index: Int) {
    situationCounts[index] += 1
  }

  /// Adds `other`'s counts, which must have the same names.
  mutating func add(_ other: Coverage) {
    for index in actionCounts.indices { actionCounts[index] += other.actionCounts[index] }
    for index in situationCounts.indices { situationCounts[index] += other.situationCounts[index] }
  }

  /// The actions with their counts, in the family's order.
  public var actions: [(name: String, count: Int)] {
    Array(zip(actionNames, actionCounts)).map { ($0.0, $0.1) }
  }

  /// The situations with their counts, in the family's order.
  public var situations: [(name: String, count: Int)] {
    Array(zip(situationNames, situationCounts)).map { ($0.0, $0.1) }
  }

  /// The situations that never occurred.
  public var unreached: [String] {
    situations.filter { $0.count == 0 }.map(\.name)
  }
}
