import Contracts
import Foundation
import ResultFiles
import ResultSchema
import RunModel

/// Combines the result directories of shards (or reruns) into one: events, JUnit, manifest and
/// summary, refusing to mix runs of different commits or suites unless forced.
package enum ResultMerger {
  /// Why a merge was refused.
  package enum MergeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An input could not be read, or the output not written.
    case results(ResultDirectoryError)
    /// The inputs do not belong together.
    case mismatch(String)

    /// The diagnostic, one line.
    package var description: String {
      switch self {
      case .results(let error): error.description
      case .mismatch(let reason): "refusing to merge: \(reason)"
      }
    }
  }

  /// Merges the finished result directories at `paths` into a new directory in `output`.
  ///
  /// - Parameters:
  ///   - paths: The directories, in the order their cases should appear.
  ///   - output: Where the merged directory goes.
  ///   - prefix: Its name's start; by default the first input's.
  ///   - force: Merge even runs of different commits or suites, or overlapping cases.
  ///   - commandLine: The merge's command line, for the manifest.
  ///   - hostname: For JUnit's `hostname`.
  /// - Returns: The merged directory's path.
  /// - Throws: ``MergeError``.
  package static func merge(
    _ paths: [String], into output: String, prefix: String?, force: Bool, commandLine: [String],
    hostname: String
  ) throws(MergeError) -> String {
    var runs: [RecordedRun] = []
    for path in paths {
      do {
        runs.append(try RecordedRun.read(path))
      } catch {
        throw .results(error)
      }
    }
    guard let first = runs.first else { throw .mismatch("no result directories given") }
    let standardOutput = URL(fileURLWithPath: output).standardizedFileURL.path
    for run in runs {
      let input = URL(fileURLWithPath: run.path).standardizedFileURL.path
      if standardOutput == input || standardOutput.hasPrefix(input + "/") {
        throw .mismatch("the output '\(output)' is inside the input '\(run.path)'")
      }
    }
    let repeated = repeatedFindings(runs)
    if !force {
      try check(runs, repeatedFindings: repeated)
    }
    let name = PathText.lastComponent(first.path)
    let derived = String(name.dropLast(min(name.count, 37)))
    let directory: ResultDirectory
    do {
      directory = try ResultDirectory.create(
        in: output,
        prefix: prefix ?? (ResultDirectoryLayout.isValidPrefix(derived) ? derived : "merged"))
    } catch {
      throw .results(error)
    }
    do {
      let manifest = try writeFiles(
        runs, repeatedFindings: repeated, into: directory, commandLine: commandLine,
        hostname: hostname)
      try directory.writeFile("manifest.json", bytes: try ResultDirectoryWriter.encode(manifest))
      return try directory.finish()
    } catch {
      throw .results(error)
    }
  }

  /// A case of one run, by its place among the runs and its `suite/case@subject`.
  private struct RunCase: Hashable {
    var run: Int
    var key: String
  }

  /// The `suite/case@subject` of a case's records.
  private static func key(_ suite: String, _ name: String, _ subject: String) -> String {
    "\(suite)/\(name)@\(subject)"
  }

  /// The found cases a later shard of one exploration found again.
  ///
  /// A `found-` case is named by a hash of its steps, so shards that shrank the same bug to the
  /// same steps name it alike. Each is kept once, from the first shard, when the later one
  /// recorded the same steps, outcome and class; anything else stays a case that ran twice.
  private static func repeatedFindings(_ runs: [RecordedRun]) -> Set<RunCase> {
    guard runs.count > 1, exploration(runs.map(\.manifest.exploration)) != nil else { return [] }
    /// What a case recorded: its steps' actions, its outcome and its class.
    func recorded(_ run: RecordedRun) -> [String: [String]] {
      var found: [String: [String]] = [:]
      for event in run.events {
        switch event {
        case .caseStarted(let started) where started.case.hasPrefix("found-"):
          found[key(started.suite, started.case, started.subject)] = []
        case .step(let step):
          found[key(step.suite, step.case, step.subject)]?.append(step.action)
        case .caseFinished(let finished):
          found[key(finished.suite, finished.case, finished.subject)]?.append(
            "\(finished.outcome) \(finished.failureClass ?? "")")
        default:
          continue
        }
      }
      return found
    }
    var first: [String: [String]] = [:]
    var repeated: Set<RunCase> = []
    for (index, run) in runs.enumerated() {
      for (key, record) in recorded(run) {
        if let earlier = first[key] {
          if earlier == record { repeated.insert(RunCase(run: index, key: key)) }
        } else {
          first[key] = record
        }
      }
    }
    return repeated
  }

  private static func check(_ runs: [RecordedRun], repeatedFindings: Set<RunCase>)
    throws(MergeError)
  {
    let first = runs[0]
    for run in runs.dropFirst() {
      if run.manifest.ci?.commit != first.manifest.ci?.commit {
        throw .mismatch(
          "'\(first.path)' tested commit \(first.manifest.ci?.commit ?? "unknown") but "
            + "'\(run.path)' tested \(run.manifest.ci?.commit ?? "unknown"); pass --force to merge anyway"
        )
      }
      if Set(run.manifest.suites.map(\.id)) != Set(first.manifest.suites.map(\.id)) {
        throw .mismatch(
          "'\(first.path)' and '\(run.path)' ran different suites; pass --force to merge anyway")
      }
    }
    let shards = runs.compactMap(\.manifest.shard)
    if !shards.isEmpty {
      let parsed = shards.compactMap { shard -> (Int, Int)? in
        let parts = shard.split(separator: "/").compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
      }
      let counts = Set(parsed.map(\.1))
      guard shards.count == runs.count, parsed.count == runs.count, counts.count == 1,
        let count = counts.first
      else {
        throw .mismatch("the inputs are not shards of one plan (\(shards.joined(separator: ", ")))")
      }
      let missing = Set(1...count).subtracting(parsed.map(\.0)).sorted()
      if !missing.isEmpty {
        throw .mismatch(
          "shard \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) is missing; pass --force "
            + "to merge an incomplete set")
      }
    }
    var seenRuns: Set<String> = []
    var seenCases: [String: String] = [:]
    for (index, run) in runs.enumerated() {
      guard seenRuns.insert(run.manifest.runID).inserted else {
        throw .mismatch("run \(run.manifest.runID) is given twice")
      }
      for case .caseStarted(let started) in run.events {
        let key = key(started.suite, started.case, started.subject)
        if repeatedFindings.contains(RunCase(run: index, key: key)) { continue }
        if let other = seenCases[key] {
          throw .mismatch(
            "\(key) ran in both '\(other)' and '\(run.path)'; pass --force to merge anyway")
        }
        seenCases[key] = run.path
      }
    }
  }

  private static func writeFiles(
    _ runs: [RecordedRun], repeatedFindings: Set<RunCase>, into directory: ResultDirectory,
    commandLine: [String], hostname: String
  ) throws(ResultDirectoryError) -> Manifest {
    var counts = Manifest.Counts(passed: 0, failed: 0, skipped: 0, interrupted: 0, notRun: 0)
    var byClass: [String: Int] = [:]
    var subjects: [String] = []
    for run in runs {
      let other = run.manifest.counts
      counts.passed += other.passed
      counts.failed += other.failed
      counts.skipped += other.skipped
      counts.interrupted += other.interrupted
      counts.notRun += other.notRun
      byClass.merge(run.manifest.failuresByClass, uniquingKeysWith: +)
      subjects += run.manifest.subjects.filter { !subjects.contains($0) }
    }
    // A finding a later shard found again is counted once, as it is listed once.
    for (index, run) in runs.enumerated() {
      for case .caseFinished(let finished) in run.events
      where repeatedFindings.contains(
        RunCase(run: index, key: key(finished.suite, finished.case, finished.subject)))
      {
        switch finished.outcome {
        case "passed": counts.passed -= 1
        case "failed": counts.failed -= 1
        case "skipped": counts.skipped -= 1
        case "interrupted": counts.interrupted -= 1
        default: counts.notRun -= 1
        }
        if let failureClass = finished.failureClass, let count = byClass[failureClass] {
          byClass[failureClass] = count > 1 ? count - 1 : nil
        }
      }
    }
    let severity: [Manifest.Status: Int] = [.complete: 0, .interrupted: 1, .crashed: 2]
    let status =
      runs.map(\.manifest.status).max { severity[$0, default: 0] < severity[$1, default: 0] }
      ?? .complete
    let first = runs[0].manifest
    var manifest = Manifest(
      runID: directory.runID.uuidString.lowercased(), toolVersion: first.toolVersion,
      startTime: runs.map(\.manifest.startTime).min() ?? first.startTime,
      endTime: runs.map(\.manifest.endTime).max() ?? first.endTime, status: status,
      subjects: subjects, suites: first.suites, filter: first.filter, counts: counts,
      failuresByClass: byClass, commandLine: commandLine, ci: first.ci)
    manifest.mergedFrom = runs.map(\.manifest.runID)
    // The language the inputs spoke, when they agree.
    let languages = Set(runs.map(\.manifest.language))
    manifest.language = languages.count == 1 ? languages.first ?? nil : nil
    manifest.notObserved = distinct(runs.map { $0.manifest.notObserved })
    manifest.undeclaredCapabilities = undeclaredCapabilities(
      runs.map { $0.manifest.undeclaredCapabilities ?? [] })
    manifest.valueWords = distinct(runs.map { $0.manifest.valueWords })
    manifest.exploration = exploration(runs.map(\.manifest.exploration))
    // Each shard judged the required cases it planned: a case one of them did not run stays
    // unmet in the merged run, so a merge never reads green over lost coverage.
    let required = runs.compactMap(\.manifest.requiredCases)
    manifest.requiredCases = required.isEmpty ? nil : Manifest.RequiredCase.joined(required)
    // Each shard profiled only its own failing subjects: the merged profile joins them with the
    // cases every shard passed or skipped, so a rule one shard broke stays broken.
    let outcomes = runs.flatMap { run in
      run.events.compactMap { event -> ConformanceProfile.RecordedOutcome? in
        guard case .caseFinished(let finished) = event else { return nil }
        return .init(
          suite: finished.suite, caseID: finished.case, subject: finished.subject,
          outcome: finished.outcome)
      }
    }
    let conformance = ConformanceProfile.merged(
      runs.map { $0.manifest.conformance ?? [] }, outcomes: outcomes)
    manifest.conformance = conformance.isEmpty ? nil : conformance

    let events = FileOutput(path: directory.path(of: "events.jsonl"))
    var sequence = 0
    func write(_ record: EventRecord) throws(ResultDirectoryError) {
      do {
        try events.write(Array((try record.jsonLine() + "\n").utf8))
      } catch let error as ResultDirectoryError {
        throw error
      } catch {
        throw .cannotWrite(path: events.path, reason: SystemErrorText.reason(error))
      }
    }
    try events.open()
    sequence += 1
    let planned =
      runs.reduce(0) { total, run in
        total
          + run.events.reduce(0) { count, event in
            if case .runStarted(let started) = event { return count + started.plannedCases }
            return count
          }
      } - repeatedFindings.count
    try write(
      .runStarted(
        .init(
          seq: sequence, runID: manifest.runID, toolVersion: manifest.toolVersion,
          time: manifest.startTime, subjects: subjects, suites: first.suites.map(\.id),
          filter: first.filter, plannedCases: planned)))
    var cases: [CaseEntry] = []
    for (index, run) in runs.enumerated() {
      for event in run.events {
        if let record = event.caseKey,
          repeatedFindings.contains(RunCase(run: index, key: key(record.0, record.1, record.2)))
        {
          continue
        }
        sequence += 1
        switch event {
        case .runStarted, .runFinished:
          sequence -= 1
        case .caseStarted(var record):
          record.seq = sequence
          try write(.caseStarted(record))
          cases.append(CaseEntry(started: record, timestamp: run.manifest.startTime))
        case .step(var record):
          record.seq = sequence
          try write(.step(record))
          cases.lastIndex { $0.matches(record.suite, record.case, record.subject) }.map {
            cases[$0].keep(record)
          }
        case .caseFinished(var record):
          record.seq = sequence
          try write(.caseFinished(record))
          cases.lastIndex { $0.matches(record.suite, record.case, record.subject) }.map {
            cases[$0].finished = record
          }
        }
      }
    }
    sequence += 1
    try write(
      .runFinished(
        .init(seq: sequence, status: status.rawValue, time: manifest.endTime, counts: counts)))
    try events.close()

    var report = junit(
      cases, hostname: hostname, runID: manifest.runID, tool: manifest.toolVersion,
      manifest: manifest)
    report.suites += ResultDirectoryWriter.requiredSuite(
      manifest.requiredCases ?? [], runID: manifest.runID, tool: manifest.toolVersion,
      timestamp: String(manifest.endTime.dropLast()), hostname: hostname)
    try directory.writeJUnit(report)
    try directory.writeFile(
      "summary.md", bytes: Array(summary(manifest, cases, directory.name).utf8))
    return manifest
  }

  /// The shards' warnings for capabilities implemented but not declared: one per subject and
  /// method, with the cases every shard skipped for it; `nil` when there are none.
  private static func undeclaredCapabilities(_ runs: [[Manifest.UndeclaredCapability]])
    -> [Manifest.UndeclaredCapability]?
  {
    var joined: [Manifest.UndeclaredCapability] = []
    for entry in runs.joined() {
      guard
        let at = joined.firstIndex(where: {
          $0.subject == entry.subject && $0.method == entry.method
        })
      else {
        joined.append(entry)
        continue
      }
      let skipped = joined[at].skippedCases + entry.skippedCases
      if let probe = CapabilityProbe.named(entry.method) {
        joined[at] = RunPlan.undeclaredCapability(
          subject: entry.subject, probe: probe, skippedCases: skipped)
      } else {
        joined[at].skippedCases = skipped
      }
    }
    return joined.isEmpty ? nil : joined
  }

  /// The explorations of shards of one `explore` (the same seed, budget and sequence length) as
  /// one, every shard's subjects in order; `nil` when a run explored nothing or they differ.
  private static func exploration(_ runs: [Manifest.Exploration?]) -> Manifest.Exploration? {
    let explored = runs.compactMap { $0 }
    guard var joined = explored.first, explored.count == runs.count,
      explored.allSatisfy({
        $0.seed == joined.seed && $0.budget == joined.budget && $0.maxSteps == joined.maxSteps
      })
    else { return nil }
    joined.subjects = explored.flatMap(\.subjects)
    return joined
  }

  /// The entries of every run, each once, in the order first seen; `nil` when there are none.
  private static func distinct<Entry: Equatable>(_ lists: [[Entry]?]) -> [Entry]? {
    var kept: [Entry] = []
    for entry in lists.compactMap({ $0 }).joined() where !kept.contains(entry) {
      kept.append(entry)
    }
    return kept.isEmpty ? nil : kept
  }

  /// One case of the merged run, rebuilt from its records.
  private struct CaseEntry {
    var started: EventRecord.CaseStarted
    var timestamp: String
    /// The first steps, up to `CaseResult.trailLimit`, and the first failing one wherever it
    /// is: what the JUnit text shows, so merging keeps memory flat however long the cases.
    var steps: [EventRecord.Step] = []
    var stepCount = 0
    var keptFailure = false
    var finished: EventRecord.CaseFinished?

    mutating func keep(_ step: EventRecord.Step) {
      stepCount += 1
      let isFirstFailure = step.verdict == "fail" && !keptFailure
      if steps.count < CaseResult.trailLimit || isFirstFailure {
        steps.append(step)
        keptFailure = keptFailure || step.verdict == "fail"
      }
    }

    func matches(_ suite: String, _ name: String, _ subject: String) -> Bool {
      started.suite == suite && started.case == name && started.subject == subject
    }

    /// The first failing step as ``FailureWriter`` words it, ending with the case's class.
    func failure(source: String?) -> FailureMessage? {
      steps.first { $0.verdict == "fail" }.map {
        FailureWriter.message($0, source: source, failureClass: finished?.failureClass)
      }
    }

    func message(source: String?) -> String {
      failure(source: source)?.headline ?? "failed"
    }

    func trail(source: String?) -> String {
      var lines: [String] = []
      if let finished, let failureClass = finished.failureClass {
        lines += ["\(failureClass): \(finished.reason ?? "")", ""]
      }
      if finished?.outcome == "failed", let failure = failure(source: source) {
        lines += [failure.text(), ""]
      }
      lines.append(started.title)
      for (index, step) in steps.enumerated() {
        if index > 0, step.step > steps[index - 1].step + 1 {
          lines.append(
            "  … steps \(steps[index - 1].step + 1)-\(step.step - 1) are in events.jsonl")
        }
        lines.append(
          "  \(step.verdict == "pass" ? "ok  " : "FAIL") \(step.step). \(step.action)  (line \(step.line))"
        )
      }
      if let last = steps.last?.step, stepCount > last {
        lines.append("  … steps \(last + 1)-\(stepCount) are in events.jsonl")
      }
      return lines.joined(separator: "\n") + "\n"
    }
  }

  private static func junit(
    _ cases: [CaseEntry], hostname: String, runID: String, tool: String,
    manifest: Manifest
  ) -> JUnitReport {
    let paths = JUnitOptions(workingDirectory: FileManager.default.currentDirectoryPath)
    var order: [String] = []
    var groups: [String: [CaseEntry]] = [:]
    for entry in cases {
      let key = "\(entry.started.suite)\u{0}\(entry.started.subject)"
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(entry)
    }
    return JUnitReport(
      suites: order.compactMap { key in
        guard let entries = groups[key], let first = entries.first else { return nil }
        return JUnitReport.Suite(
          name: first.started.suite, package: first.started.subject,
          timestamp: String(first.timestamp.dropLast()), hostname: hostname,
          timeSeconds: entries.reduce(0) { $0 + ($1.finished?.durationSeconds ?? 0) },
          properties: [
            ("subject", first.started.subject), ("family", first.started.family), ("runId", runID),
            ("tool", tool),
          ],
          cases: entries.map { entry in
            let source = manifest.source(
              ofSuite: entry.started.suite, case: entry.started.case,
              subject: entry.started.subject)
            let result: JUnitReport.Result =
              switch entry.finished?.outcome {
              case "passed": .passed
              case "failed":
                .failure(
                  type: entry.finished?.failureClass ?? "unclassified",
                  message: entry.message(source: source),
                  body: entry.trail(source: source))
              case "skipped": .skipped(message: entry.finished?.skipReason ?? "skipped")
              default:
                .error(
                  type: "interrupted", message: "the run stopped during this case",
                  body: entry.trail(source: source))
              }
            return JUnitReport.Case(
              className: entry.started.suite, name: entry.started.case,
              subject: entry.started.subject,
              file: source.map(paths.suiteFile),
              line: (entry.steps.first { $0.verdict == "fail" } ?? entry.steps.first)?.line,
              timeSeconds: entry.finished?.durationSeconds ?? 0, result: result)
          },
          systemOut:
            "merged from several runs; the steps are in events.jsonl\n[[ATTACHMENT|events.jsonl]]\n"
        )
      })
  }

  private static func summary(_ manifest: Manifest, _ cases: [CaseEntry], _ name: String) -> String
  {
    let counts = manifest.counts
    var lines = [
      "## stategate (merged): \(counts.passed + counts.failed + counts.skipped + counts.interrupted) cases, "
        + "\(counts.passed) passed, \(counts.failed) failed, \(counts.skipped) skipped",
      "",
      "Merged from \(manifest.mergedFrom?.count ?? 0) runs · status **\(manifest.status.rawValue)** · results in `\(name)`",
      "",
    ]
    lines += SummaryWriter.noteLines(manifest)
    let failures = cases.filter { $0.finished?.outcome == "failed" }
    if !failures.isEmpty {
      lines += ["| case | class | first failure | reason |", "|---|---|---|---|"]
      for failure in failures {
        let message = failure.failure(
          source: manifest.source(
            ofSuite: failure.started.suite, case: failure.started.case,
            subject: failure.started.subject))
        let name = failure.finished?.failureClass ?? "unclassified"
        let failureClass = FailureClass(rawValue: name).map {
          SummaryWriter.classCell($0, language: manifest.language)
        }
        let ranked = [name] + (failure.finished?.alternatives ?? []).map(\.failureClass)
        let qualifier = SummaryWriter.notConfident(ranked.compactMap(FailureClass.init(rawValue:)))
        lines.append(
          "| `\(failure.started.suite)/\(failure.started.case)` | \(failureClass ?? name)\(qualifier) | "
            + "\(message.map { SummaryWriter.cell($0.lines) } ?? "-") | "
            + "\(SummaryWriter.recordedReason(failure.finished?.reason, language: manifest.language).replacingOccurrences(of: "|", with: "\\|")) |"
        )
      }
    }
    lines += SummaryWriter.conformanceSection(manifest)
    return lines.joined(separator: "\n") + "\n"
  }
}

extension EventRecord {
  /// The suite, case and subject of a case's record; `nil` for a run's.
  fileprivate var caseKey: (String, String, String)? {
    switch self {
    case .caseStarted(let record): (record.suite, record.case, record.subject)
    case .step(let record): (record.suite, record.case, record.subject)
    case .caseFinished(let record): (record.suite, record.case, record.subject)
    case .runStarted, .runFinished: nil
    }
  }
}
