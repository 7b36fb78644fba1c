import ResultSchema

/// Finds inputs that are the same run read twice (a result directory and its `junit.xml`, a
/// Swift Testing stream and the JUnit file of the same `swift test`), so each run counts once.
///
/// Two inputs are one run when they carry the same stategate run id, or when a JUnit file and a
/// Swift Testing stream in one folder hold the same cases with the same outcomes. The richer form
/// is kept (directory, then stream, then JUnit); the other is marked ``TriagedInput/sameRunAs``.
enum SameRun {
  static func mark(_ inputs: [TriagedInput]) -> [TriagedInput] {
    var result = inputs
    let rank: [TriageInputKind: Int] = [
      .resultDirectory: 0, .partialDirectory: 1, .swiftTestingEvents: 2, .junit: 3,
    ]
    let order = result.indices.sorted {
      (rank[result[$0].kind, default: 9], $0) < (rank[result[$1].kind, default: 9], $1)
    }
    var kept: [Int] = []
    for index in order {
      let input = result[index]
      guard !input.isMissing, input.status != .unreadable else { continue }
      if let match = kept.first(where: { isSameRun(result[$0], input) }) {
        result[index].sameRunAs = result[match].path
      } else {
        kept.append(index)
      }
    }
    return result
  }

  private static func isSameRun(_ kept: TriagedInput, _ other: TriagedInput) -> Bool {
    if let runID = kept.runID, runID == other.runID { return true }
    guard kept.kind == .swiftTestingEvents, other.kind == .junit,
      PathText.parent(kept.path) == PathText.parent(other.path), !kept.outcomes.isEmpty
    else { return false }
    return kept.outcomes == other.outcomes
  }
}
