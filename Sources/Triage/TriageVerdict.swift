/// How far an archived input (or a whole report) can be trusted, worst last.
///
/// One rule decides it, here and nowhere else, for `triage`, `diff`, `history` and `report`
/// alike: an input that could not be read completely and consistently (unreadable, truncated, an
/// unknown schema version, contradicting itself) is `malformed` (exit 65) whatever it held; one
/// read completely whose run did not finish (crashed, interrupted, killed, tests that never
/// ended, tests cancelled before their end, fewer cases than planned) is `incomplete` (exit 1),
/// and so is a folder with an entry
/// that may hold evidence but was not read (a FIFO named `*.xml`, a link to nothing); only inputs
/// read completely, whose runs finished with no failing case, are `passed` (exit 0).
package enum TriageVerdict: Int, Sendable, Codable, Comparable, CustomStringConvertible {
  /// Read completely and consistently; the run finished and no case failed.
  case passed
  /// Read completely and consistently; a case failed or ended in an error.
  case failed
  /// Read completely, but the run it records did not finish, or nothing was tested.
  case incomplete
  /// Not read completely or consistently: unreadable, truncated, or contradicting itself.
  case malformed
  /// The path does not exist, or holds no results.
  case missing

  /// The verdict's name, as outputs print it.
  package var description: String {
    switch self {
    case .passed: "passed"
    case .failed: "failed"
    case .incomplete: "incomplete"
    case .malformed: "malformed"
    case .missing: "missing"
    }
  }

  /// The exit status a command reports for this verdict (sysexits: 0, 1, 65, 66).
  package var exitCode: Int32 {
    switch self {
    case .passed: 0
    case .failed, .incomplete: 1
    case .malformed: 65
    case .missing: 66
    }
  }

  package static func < (left: TriageVerdict, right: TriageVerdict) -> Bool {
    left.rawValue < right.rawValue
  }

  /// The verdict of inputs found together and the folder entries left unread.
  ///
  /// The worst input's verdict; `incomplete` at least when an entry was left unread or when no
  /// input held a case that ran (none, or only skipped ones: nothing was tested); `missing` when
  /// there is nothing at all.
  ///
  /// - Parameters:
  ///   - inputs: The inputs, each judged by ``of(_:)-swift.type.method``.
  ///   - unread: Entries of the folders searched that may hold evidence and were not read.
  /// - Returns: The verdict of the whole.
  package static func of(_ inputs: [TriagedInput], unread: [InputFinder.Skipped]) -> TriageVerdict {
    let floor: TriageVerdict = unread.isEmpty ? .passed : .incomplete
    guard let worst = inputs.map(\.verdict).max() else {
      return unread.isEmpty ? .missing : .incomplete
    }
    if worst < .incomplete && inputs.allSatisfy({ $0.counts.total == $0.counts.skipped }) {
      return .incomplete
    }
    return max(worst, floor)
  }

  /// The verdict of one input.
  package static func of(_ input: TriagedInput) -> TriageVerdict {
    if input.isMissing { return .missing }
    if input.status == .unreadable || !input.problems.isEmpty { return .malformed }
    if input.status != .complete || input.counts.unfinished > 0 || input.counts.cancelled > 0 {
      return .incomplete
    }
    if input.counts.failed + input.counts.errors > 0 { return .failed }
    return .passed
  }
}

extension TriagedInput {
  /// The input's verdict (see ``TriageVerdict``).
  package var verdict: TriageVerdict { TriageVerdict.of(self) }
}
