import Foundation

/// The newest run of each case across archived inputs (`triage --latest`): an old failure a later
/// run passed is superseded, and only what each case's newest run says decides the gate.
///
/// Newest is decided by the runs' recorded start times (``RunOrder``), never by file times, and
/// fails closed: when a case ran in several inputs and their order cannot be known (a start time
/// missing, or two runs that started at the same instant) the case is listed as unordered and the
/// verdict is `incomplete` at least. A skipped run supersedes nothing (it verified nothing). An
/// input that could not be read completely (malformed, missing) is never superseded; a run that
/// did not finish counts against the gate unless a finished run started strictly after it.
package struct LatestRuns: Sendable, Codable, Equatable {
  /// An old failing run of a case that a later passing run of it supersedes.
  package struct Superseded: Sendable, Codable, Equatable {
    /// The case's identity.
    package var identity: String
    /// The input of the old run.
    package var path: String
    /// How the old run ended.
    package var outcome: TriageOutcome
    /// The input of the case's newest run.
    package var newerPath: String
    /// When the newest run started.
    package var newerStartTime: String?
  }

  /// Runs whose order cannot be known, so their newest cannot be told.
  package struct Unordered: Sendable, Codable, Equatable {
    /// The case's identity, or `nil` for a run as a whole.
    package var identity: String?
    /// The inputs concerned.
    package var paths: [String]
    /// Why the order is unknown.
    package var reason: String
  }

  /// Old failures that a later passing run supersedes, by identity then path.
  package var superseded: [Superseded]
  /// Cases (and runs) whose newest run cannot be told.
  package var unordered: [Unordered]
  /// The cases whose newest run failed, erred, never ended or was cancelled, sorted.
  package var failing: [String]
  /// Runs that did not finish and that no finished run started after.
  package var unfinishedRuns: [String]
  /// The verdict of the whole, judged by each case's newest run.
  package var verdict: TriageVerdict
  /// Why, one line.
  package var verdictReason: String

  /// Judges `report`'s inputs by each case's newest run.
  ///
  /// - Parameter report: Inputs triaged with their outcomes collected.
  /// - Returns: The judgement; its verdict replaces the report's.
  package static func judge(_ report: TriageReport) -> LatestRuns {
    let unjudgeable = report.inputs.filter { $0.verdict >= .malformed }
    let candidates = report.counted.filter { $0.verdict < .malformed }
    let dates = candidates.map { RunOrder.date($0.startTime) }
    var runs: [String: [Int]] = [:]
    for (index, input) in candidates.enumerated() {
      for identity in input.outcomes.keys { runs[identity, default: []].append(index) }
    }
    var superseded: [Superseded] = []
    var unordered: [Unordered] = []
    var failing: [String] = []
    var tested = false
    // Cases skipped in every run: verified by none, so a pass never counts them.
    var neverRan = 0
    var caseVerdict = TriageVerdict.passed
    for (identity, indices) in runs.sorted(by: { $0.key < $1.key }) {
      // A skipped run verified nothing: it supersedes nothing, unless nothing else ran.
      let ran = indices.filter { candidates[$0].outcomes[identity] != .skipped }
      guard !ran.isEmpty else {
        neverRan += 1
        continue
      }
      tested = true
      var newest = ran[0]
      if ran.count > 1 {
        let paths = ran.map { candidates[$0].path }
        guard ran.allSatisfy({ dates[$0] != nil }) else {
          unordered.append(
            Unordered(
              identity: identity, paths: paths,
              reason: "it ran in several inputs and not all of them record when they started"))
          continue
        }
        let ordered = ran.sorted { (dates[$0] ?? .distantPast) > (dates[$1] ?? .distantPast) }
        if dates[ordered[0]] == dates[ordered[1]] {
          unordered.append(
            Unordered(
              identity: identity, paths: [ordered[0], ordered[1]].map { candidates[$0].path },
              reason: "two of its runs started at the same recorded time"))
          continue
        }
        newest = ordered[0]
        let newestOutcome = candidates[newest].outcomes[identity] ?? .passed
        for older in ordered.dropFirst() {
          let outcome = candidates[older].outcomes[identity] ?? .passed
          if newestOutcome == .passed && isFailing(outcome) {
            superseded.append(
              Superseded(
                identity: identity, path: candidates[older].path, outcome: outcome,
                newerPath: candidates[newest].path, newerStartTime: candidates[newest].startTime))
          }
        }
      }
      switch candidates[newest].outcomes[identity] ?? .passed {
      case .passed, .skipped: break
      case .failed, .error:
        failing.append(identity)
        caseVerdict = max(caseVerdict, .failed)
      case .unfinished, .cancelled:
        failing.append(identity)
        caseVerdict = max(caseVerdict, .incomplete)
      }
    }
    // A run that did not finish may have stopped before cases it would have run: it counts
    // unless a finished run started strictly after it.
    let unfinishedRuns = candidates.indices.filter { index in
      guard candidates[index].status != .complete else { return false }
      guard let date = dates[index] else { return true }
      return !candidates.indices.contains { other in
        candidates[other].status == .complete && (dates[other].map { $0 > date } ?? false)
      }
    }.map { candidates[$0].path }
    var verdict = max(caseVerdict, unjudgeable.map(\.verdict).max() ?? .passed)
    if !unordered.isEmpty || !unfinishedRuns.isEmpty || !report.unread.isEmpty || !tested {
      verdict = max(verdict, .incomplete)
    }
    if report.inputs.isEmpty { verdict = report.verdict }
    var reasons: [String] = []
    if !unjudgeable.isEmpty {
      reasons.append(
        "not read completely or consistently (never superseded): "
          + unjudgeable.prefix(3).map { "'\($0.path)'" }.joined(separator: ", "))
    }
    if !failing.isEmpty {
      reasons.append("\(failing.count) case(s) failing in their newest run")
    }
    if !unordered.isEmpty {
      reasons.append(
        "the newest run of \(unordered.count) case(s) cannot be told (their runs' order is not "
          + "known)")
    }
    if !unfinishedRuns.isEmpty {
      reasons.append(
        "the run did not finish in "
          + unfinishedRuns.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
          + " and no finished run started after it")
    }
    if !report.unread.isEmpty { reasons.append(report.unreadReason) }
    if !tested && !report.inputs.isEmpty && unjudgeable.isEmpty {
      reasons.append("no case ran: nothing was tested")
    }
    if verdict == .passed {
      reasons.append(
        (neverRan == 0
          ? "the newest run of every case passed"
          : "the newest run of every case that ran passed; \(neverRan) of \(runs.count) cases "
            + "skipped in every run, not verified")
          + (superseded.isEmpty ? "" : " (\(superseded.count) older failure(s) superseded)"))
    }
    return LatestRuns(
      superseded: superseded, unordered: unordered, failing: failing,
      unfinishedRuns: unfinishedRuns, verdict: verdict,
      verdictReason: reasons.joined(separator: "; "))
  }

  /// Whether an outcome counts against the gate.
  static func isFailing(_ outcome: TriageOutcome) -> Bool {
    switch outcome {
    case .failed, .error, .unfinished, .cancelled: true
    case .passed, .skipped: false
    }
  }

  /// The run that supersedes the failing case `identity` of the input at `path`, if any.
  package func supersession(of identity: String, in path: String) -> Superseded? {
    superseded.first { $0.identity == identity && $0.path == path }
  }
}
