import Contracts
import Foundation
import Platform
import ResultFiles
import ResultSchema
import RunModel

/// Writes a run into its ``ResultDirectory``: `events.jsonl` as the run goes (each record
/// written straight to the system, so a killed run leaves a readable prefix), then
/// `junit.xml`, `summary.md` and `manifest.json`, then renames the directory into place.
///
/// The recorder is a pure consumer of the runner's events. The first write error stops all
/// further writing and is reported by ``finish(report:status:endDate:)``.
@MainActor
package final class ResultDirectoryWriter {
  /// What the recorder needs to know beyond the events.
  package struct Context: Sendable {
    /// `stategate <version>`.
    package var toolVersion: String
    /// The exact command line, program name first.
    package var commandLine: [String]
    /// The `--filter` patterns.
    package var filter: [String]
    /// The machine's name, for JUnit's `hostname`.
    package var hostname: String
    /// When the run started.
    package var startDate: Date
    /// The CI context, if any.
    package var ci: Manifest.CIContext?
    /// The suites selected before filtering and sharding (the same in every shard).
    package var suites: [ContractSuite]
    /// `i/n` for a shard.
    package var shard: String?
    /// The JUnit dialect and how its paths are spelt (`nil`: the standard dialect, paths from
    /// the current directory).
    package var junit: JUnitOptions?
    /// What an exploration did (`stategate explore` only), for the manifest.
    package var exploration: Manifest.Exploration?
    /// The language the run speaks to people in, for the manifest (`Language`'s identifier).
    package var language: String?

    /// Creates a context.
    package init(
      toolVersion: String, commandLine: [String], filter: [String], hostname: String,
      startDate: Date, ci: Manifest.CIContext?, suites: [ContractSuite], shard: String? = nil,
      junit: JUnitOptions? = nil
    ) {
      self.junit = junit
      self.suites = suites
      self.shard = shard
      self.toolVersion = toolVersion
      self.commandLine = commandLine
      self.filter = filter
      self.hostname = hostname
      self.startDate = startDate
      self.ci = ci
    }
  }

  /// The directory being written.
  package let directory: ResultDirectory
  private let context: Context
  private var events: FileOutput?
  private let stepEncoder = StepEncoder()
  /// How many times a case was looked up by its id (its title when it starts, its file and line
  /// in `junit.xml`): a constant number per case, so recording is linear in cases.
  package private(set) var caseLookups = 0
  private var sequence = 0
  private var plan: RunPlan?
  private var suiteStarts: [Date] = []
  /// The crash record's templates: for a crash between cases, and during one.
  private var crashTemplates: (between: CrashRecordTemplate?, during: CrashRecordTemplate?)?
  /// Each planned suite's case titles by case id, and its family, so recording a case costs the
  /// same however many cases a suite holds.
  private var titles: [String: [String: String]] = [:]
  private var families: [String: String] = [:]
  /// Each planned suite's cases' declared requirements, by case id (cases without any omitted).
  private var requirements: [String: [String: [String]]] = [:]
  /// Counts of the cases finished so far, for the crash record.
  private var finished = OutcomeCounts([])
  /// The failure classes the run cannot observe, per subject.
  private var notObserved: [Manifest.NotObserved] = []
  /// The first error; once set, nothing more is written.
  package private(set) var firstError: ResultDirectoryError?

  /// Creates a recorder for `directory`, which must be new and empty.
  package init(directory: ResultDirectory, context: Context) {
    self.directory = directory
    self.context = context
  }

  /// Records one runner event.
  package func record(_ event: RunEvent) {
    switch event {
    case .runStarted(let plan):
      self.plan = plan
      for entry in plan.entries where titles[entry.suite.id] == nil {
        families[entry.suite.id] = entry.suite.family.rawValue
        titles[entry.suite.id] = Dictionary(
          entry.suite.cases.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        requirements[entry.suite.id] = Dictionary(
          entry.suite.cases.filter { !$0.requirements.isEmpty }.map {
            ($0.id, $0.requirements.map(\.rawValue))
          }, uniquingKeysWith: { first, _ in first })
      }
      notObserved = Self.notObserved(in: plan)
      do {
        events = try FileOutput(creating: directory.path(of: "events.jsonl"), buffered: true)
      } catch {
        firstError = firstError ?? error
      }
      append(
        .runStarted(
          .init(
            seq: nextSequence(), runID: directory.runID.uuidString.lowercased(),
            toolVersion: context.toolVersion, time: Self.iso8601(context.startDate),
            subjects: uniqueSubjects(plan), suites: uniqueSuites(plan).map(\.id),
            filter: context.filter, plannedCases: plan.caseCount)))
      armCrashRecord()
      flushEvents()
    case .suiteStarted:
      suiteStarts.append(Date())
    case .caseStarted(let suiteID, let caseID, let subject):
      caseLookups += 1
      let title = titles[suiteID]?[caseID] ?? caseID
      append(
        .caseStarted(
          .init(
            seq: nextSequence(), suite: suiteID, family: families[suiteID] ?? "", case: caseID,
            title: title, subject: subject, requires: requirements[suiteID]?[caseID])))
      prepareCrashRecord(running: (suiteID, caseID, subject))
      flushEvents()
    case .stepFinished(let suiteID, let caseID, let subject, let step):
      CrashRecord.setStep(step.number)
      appendLine(
        stepEncoder.bytes(
          of: step, seq: nextSequence(), suite: suiteID, case: caseID, subject: subject))
    case .stepEncoded(_, _, _, let step):
      CrashRecord.setStep(step.number)
      appendLine(Self.placing(step.record, at: nextSequence()))
    case .caseFinished(let result):
      var skipReason: String?
      if case .skipped(let reason) = result.outcome {
        skipReason = reason
      }
      append(
        .caseFinished(
          .init(
            seq: nextSequence(), suite: result.suiteID, case: result.caseID,
            subject: result.subject, outcome: result.outcome.name,
            failureClass: result.classification?.failureClass.rawValue,
            reason: result.classification?.reason,
            alternatives: result.classification.flatMap { classification in
              classification.alternatives.isEmpty
                ? nil
                : classification.alternatives.map {
                  .init(failureClass: $0.failureClass.rawValue, reason: $0.reason)
                }
            },
            skipReason: skipReason,
            firstFailureStep: result.outcome == .failed ? result.firstFailure?.number : nil,
            durationSeconds: Self.rounded(result.durationSeconds))))
      flushEvents()
      finished.add(result)
      prepareCrashRecord(running: nil)
    case .suiteFinished, .runFinished:
      break
    }
  }

  /// Writes the closing record, `junit.xml`, `summary.md` and `manifest.json`, and renames the
  /// directory into place.
  ///
  /// - Parameters:
  ///   - report: What the run produced.
  ///   - status: How the run ended.
  ///   - endDate: When it ended.
  /// - Returns: The directory's final path.
  /// - Throws: The first ``ResultDirectoryError`` of the run; the directory then stays under its
  ///   temporary name, so nothing takes it for a finished run.
  package func finish(report: RunReport, status: Manifest.Status, endDate: Date)
    throws(ResultDirectoryError) -> String
  {
    CrashRecord.disarm()
    let counts = Self.counts(report)
    append(
      .runFinished(
        .init(
          seq: nextSequence(), status: status.rawValue, time: Self.iso8601(endDate),
          counts: counts)))
    if let events {
      do {
        try events.close()
      } catch {
        firstError = firstError ?? error
      }
    }
    if let firstError {
      throw firstError
    }
    try directory.writeJUnit(junitReport(report, status: status, notRun: counts.notRun))
    let manifest = manifest(report, status: status, counts: counts, endDate: endDate)
    let summary = SummaryWriter.markdown(
      report: report, manifest: manifest, directoryName: directory.name)
    try directory.writeFile("summary.md", bytes: Array(summary.utf8))
    try directory.writeFile("manifest.json", bytes: try Self.encode(manifest))
    return try directory.finish()
  }

  /// Prepares a `crashed` manifest and arms the fatal-signal handler that writes it and renames
  /// the directory, so a subject that traps still leaves a finished, honest directory.
  private func armCrashRecord() {
    let report = RunReport(suites: [], durationSeconds: 0, plannedCases: plan?.caseCount ?? 0)
    let crashed = manifest(
      report, status: .crashed, counts: crashCounts(running: false), endDate: context.startDate)
    guard let bytes = try? Self.encode(crashed) else { return }
    CrashRecord.arm(
      manifest: bytes, at: directory.path(of: "manifest.json"), renaming: directory.temporaryPath,
      to: directory.finalPath)
  }

  /// Prepares the `crashed` manifest for a crash from now on: the counts of the cases finished so
  /// far, the case `running` (which then counts as failed, class `crashed`) and the last step it
  /// completed, filled in by the handler.
  private func prepareCrashRecord(running: (suite: String, case: String, subject: String)?) {
    CrashRecord.setStep(0)
    if crashTemplates == nil {
      let report = RunReport(suites: [], durationSeconds: 0, plannedCases: plan?.caseCount ?? 0)
      let base = manifest(
        report, status: .crashed, counts: crashCounts(running: false), endDate: context.startDate)
      crashTemplates = (
        CrashRecordTemplate(base, namesCase: false, encode: Self.encode),
        CrashRecordTemplate(base, namesCase: true, encode: Self.encode)
      )
    }
    guard let template = running == nil ? crashTemplates?.between : crashTemplates?.during else {
      return
    }
    var byClass = Dictionary(
      uniqueKeysWithValues: finished.perClass.map { ($0.key.rawValue, $0.value) })
    if running != nil {
      byClass[FailureClass.crashed.rawValue, default: 0] += 1
    }
    let (head, tail) = template.fill(
      counts: crashCounts(running: running != nil), classes: byClass, running: running)
    CrashRecord.update(head: head, tail: running == nil ? nil : tail)
  }

  /// The counts a crash now would leave: the finished cases, the running one as failed.
  private func crashCounts(running: Bool) -> Manifest.Counts {
    let planned = plan?.caseCount ?? 0
    let failed = finished.failed + (running ? 1 : 0)
    let done = finished.total + (running ? 1 : 0)
    return Manifest.Counts(
      passed: finished.passed, failed: failed, skipped: finished.skipped,
      interrupted: finished.interrupted, notRun: max(0, planned - done))
  }

  /// The failure classes the planned subjects cannot observe.
  private static func notObserved(in plan: RunPlan) -> [Manifest.NotObserved] {
    plan.subjects.flatMap { subject in
      plan.unobservedClasses(of: subject).map {
        Manifest.NotObserved(
          subject: subject.name, failureClass: $0.failureClass.rawValue, reason: $0.reason)
      }
    }
  }

  // MARK: - Building the files

  private func manifest(
    _ report: RunReport, status: Manifest.Status, counts: Manifest.Counts, endDate: Date
  ) -> Manifest {
    let plan = plan
    var manifest = Manifest(
      runID: directory.runID.uuidString.lowercased(), toolVersion: context.toolVersion,
      startTime: Self.iso8601(context.startDate), endTime: Self.iso8601(endDate), status: status,
      subjects: plan.map(uniqueSubjects) ?? [],
      suites: context.suites.map {
        Manifest.SuiteEntry(id: $0.id, source: $0.source, family: $0.family.rawValue)
      }, filter: context.filter, counts: counts,
      failuresByClass: Dictionary(
        uniqueKeysWithValues: report.counts.perClass.map { ($0.key.rawValue, $0.value) }),
      commandLine: context.commandLine, ci: context.ci)
    manifest.shard = context.shard
    manifest.exploration = context.exploration
    manifest.language = context.language
    manifest.notObserved = notObserved.isEmpty ? nil : notObserved
    var probed = plan
    if !report.implementedUndeclared.isEmpty {
      probed?.implementedUndeclared = report.implementedUndeclared
    }
    let undeclared = probed?.undeclaredCapabilities ?? []
    manifest.undeclaredCapabilities = undeclared.isEmpty ? nil : undeclared
    let valueWords = (plan?.valueWordsNotes ?? []).map {
      Manifest.ValueWords(subject: $0.subject, mapping: $0.mapping, note: $0.note)
    }
    manifest.valueWords = valueWords.isEmpty ? nil : valueWords
    let conformance = ConformanceProfile.profiles(of: report)
    manifest.conformance = conformance.isEmpty ? nil : conformance
    manifest.requiredCases =
      report.requiredCases.isEmpty
      ? nil
      : report.requiredCases.map(\.record)
    return manifest
  }

  /// A suite and a subject of the plan.
  private struct PlanKey: Hashable {
    var suite: String
    var subject: String
  }

  /// `junit.xml`'s report: a suite per suite and subject, and, for a run that did not complete,
  /// one more suite whose one case is an error saying so, so a reader of `junit.xml` alone (a CI
  /// test-report publisher) never sees an interrupted run as green.
  private func junitReport(_ report: RunReport, status: Manifest.Status, notRun: Int)
    -> JUnitReport
  {
    let options =
      context.junit
      ?? JUnitOptions(workingDirectory: FileManager.default.currentDirectoryPath)
    let events = options.attachment("events.jsonl", in: directory.finalPath)
    var entries: [PlanKey: (file: String, source: String, lines: [String: Int])] = [:]
    for entry in plan?.entries ?? [] {
      let key = PlanKey(suite: entry.suite.id, subject: entry.subject.name)
      guard entries[key] == nil else { continue }
      entries[key] = (
        options.suiteFile(entry.suite.source), entry.suite.source,
        Dictionary(entry.cases.map { ($0.id, $0.line) }, uniquingKeysWith: { first, _ in first })
      )
    }
    func place(_ result: CaseResult) -> JUnitCaseBuilder.Place {
      caseLookups += 1
      let entry = entries[PlanKey(suite: result.suiteID, subject: result.subject)]
      return JUnitCaseBuilder.Place(
        file: entry?.file, source: entry?.source, caseLine: entry?.lines[result.caseID],
        attachments: [events])
    }
    return JUnitReport(
      suites: report.suites.enumerated().map { index, suite in
        let start = index < suiteStarts.count ? suiteStarts[index] : context.startDate
        let counts = suite.counts
        return JUnitReport.Suite(
          name: suite.suiteID, package: suite.subject,
          timestamp: String(Self.iso8601(start).dropLast()), hostname: context.hostname,
          timeSeconds: suite.durationSeconds,
          properties: [
            ("subject", suite.subject), ("family", suite.family.rawValue),
            ("runId", directory.runID.uuidString.lowercased()),
            ("tool", context.toolVersion),
          ],
          cases: suite.cases.map { JUnitCaseBuilder.testCase($0, place: place($0)) },
          systemOut:
            "\(suite.title): \(counts.passed) passed, \(counts.failed) failed, "
            + "\(counts.skipped) skipped, \(counts.interrupted) interrupted; the step-by-step "
            + "record of every case is in events.jsonl\n[[ATTACHMENT|\(events)]]\n")
      } + runSuite(status: status, notRun: notRun, planned: report.plannedCases)
        + Self.requiredSuite(
          report.requiredCases.map(\.record), runID: directory.runID.uuidString.lowercased(),
          tool: context.toolVersion,
          timestamp: String(Self.iso8601(context.startDate).dropLast()),
          hostname: context.hostname),
      dialect: options.dialect)
  }

  /// The suite that names each required case that did not run, as an error, so a reader of
  /// `junit.xml` alone sees the lost coverage; none when every required case ran.
  nonisolated static func requiredSuite(
    _ entries: [Manifest.RequiredCase], runID: String, tool: String, timestamp: String,
    hostname: String
  ) -> [JUnitReport.Suite] {
    let unmet = entries.filter { !$0.ran }
    guard !unmet.isEmpty else { return [] }
    return [
      JUnitReport.Suite(
        name: "stategate", package: "required", timestamp: timestamp, hostname: hostname,
        timeSeconds: 0, properties: [("runId", runID), ("tool", tool)],
        cases: unmet.map { entry in
          JUnitReport.Case(
            className: "stategate",
            name: Manifest.RequiredCase.recordName(entry.case, subject: entry.subject),
            timeSeconds: 0,
            result: .error(type: "required", message: entry.line, body: entry.line + "\n"))
        },
        systemOut: "\(unmet.count) required case(s) did not run (run --require)\n")
    ]
  }

  /// The suite that says a run did not complete; none for a complete run.
  private func runSuite(status: Manifest.Status, notRun: Int, planned: Int) -> [JUnitReport.Suite] {
    guard status != .complete else { return [] }
    let message =
      "the run was \(status.rawValue): \(notRun) of its \(planned) planned cases did not run"
    return [
      JUnitReport.Suite(
        name: "stategate", package: "run",
        timestamp: String(Self.iso8601(context.startDate).dropLast()), hostname: context.hostname,
        timeSeconds: 0,
        properties: [
          ("runId", directory.runID.uuidString.lowercased()), ("tool", context.toolVersion),
        ],
        cases: [
          JUnitReport.Case(
            className: "stategate", name: "run", timeSeconds: 0,
            result: .error(type: status.rawValue, message: message, body: message + "\n"))
        ],
        systemOut: message + "\n")
    ]
  }

  // MARK: - Events

  private func append(_ record: EventRecord) {
    guard firstError == nil, let events else { return }
    do {
      let line = try record.jsonLine() + "\n"
      try events.write(Array(line.utf8))
    } catch let error as ResultDirectoryError {
      firstError = error
    } catch {
      firstError = .cannotWrite(path: events.path, reason: SystemErrorText.reason(error))
    }
  }

  /// Writes out what `events.jsonl`'s buffer holds: at the start of the run and of every case,
  /// and at the end of every case, so a killed run's log names the case it was in and holds every
  /// case before it; a crash writes out the rest (see `stategate_buffer_start`).
  private func flushEvents() {
    guard firstError == nil, let events else { return }
    do {
      try events.flush()
    } catch {
      firstError = error
    }
  }

  /// Writes one encoded record as a line of `events.jsonl`.
  private func appendLine(_ record: [UInt8]) {
    guard firstError == nil, let events else { return }
    do {
      try events.writeLine(record)
    } catch {
      firstError = error
    }
  }

  /// The key and value `seq` of a step record encoded before it had its place in the log.
  private nonisolated static let unplacedSequence = Array(",\"seq\":0,".utf8)

  /// `record` (encoded with `seq` 0) with `seq` set to `sequence`.
  ///
  /// Built in one buffer: this runs once per step of an isolated run.
  nonisolated static func placing(_ record: [UInt8], at sequence: Int) -> [UInt8] {
    let needle = unplacedSequence
    guard let start = ByteSearch.offset(of: needle, in: record) else { return record }
    var placed: [UInt8] = []
    placed.reserveCapacity(record.count + 20)
    placed.append(contentsOf: record[..<start])
    placed.append(contentsOf: needle[..<(needle.count - 2)])
    placed.append(contentsOf: String(sequence).utf8)
    placed.append(contentsOf: record[(start + needle.count - 1)...])
    return placed
  }

  private func nextSequence() -> Int {
    sequence += 1
    return sequence
  }

  private func uniqueSubjects(_ plan: RunPlan) -> [String] {
    var seen: Set<String> = []
    return plan.entries.map(\.subject.name).filter { seen.insert($0).inserted }
  }

  private func uniqueSuites(_ plan: RunPlan) -> [ContractSuite] {
    var seen: Set<String> = []
    return plan.entries.map(\.suite).filter { seen.insert($0.id).inserted }
  }

  static func counts(_ report: RunReport) -> Manifest.Counts {
    let counts = report.counts
    return Manifest.Counts(
      passed: counts.passed, failed: counts.failed, skipped: counts.skipped,
      interrupted: counts.interrupted, notRun: report.notRun)
  }

  nonisolated static func encode(_ manifest: Manifest) throws(ResultDirectoryError) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    do {
      return Array(try encoder.encode(manifest)) + Array("\n".utf8)
    } catch {
      throw .cannotWrite(path: "manifest.json", reason: "\(error)")
    }
  }

  /// `YYYY-MM-DDTHH:MM:SSZ` in UTC, to the nearest second.
  package static func iso8601(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded())
    var parts = tm()
    guard gmtime_r(&seconds, &parts) != nil else { return "1970-01-01T00:00:00Z" }
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let year = String(parts.tm_year + 1900)
    return
      "\(String(repeating: "0", count: max(0, 4 - year.count)))\(year)-\(two(parts.tm_mon + 1))-"
      + "\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
  }

  private static func rounded(_ value: Double) -> Double {
    (value * 1000).rounded() / 1000
  }
}
