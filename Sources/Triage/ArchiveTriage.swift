import Contracts
import Foundation
import ResultFiles
import ResultSchema

/// Triages archived inputs: reads each one (never trusting it), classifies its failures and
/// reports runs that did not finish as such, never as passed.
package enum ArchiveTriage {
  /// The most failures listed per input (the counts, per class too, stay exact).
  package static let failureLimit = 10_000

  /// Triages one input.
  ///
  /// - Parameters:
  ///   - input: The input.
  ///   - collectOutcomes: Whether to keep every case's outcome (for diff and flaky detection).
  ///   - sources: Where to read the assertion a failure's `file:line` names; `nil`: never.
  /// - Returns: The triaged input; an unreadable one has status `unreadable` and a problem.
  package static func triage(
    _ input: InputFinder.Found, collectOutcomes: Bool = false, sources: SourceLookup? = nil
  ) -> TriagedInput {
    switch input.kind {
    case .resultDirectory, .partialDirectory:
      return ResultDirectoryTriage.triage(
        input.path, partial: input.kind == .partialDirectory, collectOutcomes: collectOutcomes)
    case .junit:
      return junit(input.path, collectOutcomes: collectOutcomes, sources: sources)
    case .swiftTestingEvents:
      return SwiftTestingEventsTriage.triage(
        input.path, collectOutcomes: collectOutcomes, sources: sources)
    case .xcresult, .xcresultJSON:
      return XCResultTriage.triage(
        input.path, kind: input.kind, collectOutcomes: collectOutcomes, sources: sources)
    }
  }

  /// Triages every path: missing paths and unreadable files become inputs with a problem, so the
  /// others are still triaged.
  ///
  /// - Parameters:
  ///   - paths: Result directories, report files or folders of them.
  ///   - collectOutcomes: Whether to keep every case's outcome (for diff and flaky detection);
  ///     `nil` keeps them when more than one input is found, since only then can runs be compared.
  ///   - sources: Where to read the assertion a failure's `file:line` names; `nil`: never.
  /// - Returns: One triaged input per input found, missing or empty path.
  package static func triage(
    paths: [String], collectOutcomes: Bool? = false, sources: SourceLookup? = nil
  ) -> [TriagedInput] {
    report(paths: paths, collectOutcomes: collectOutcomes, sources: sources).inputs
  }

  /// Triages every path into a report: the inputs, what the walk skipped and why, and the same
  /// run read twice counted once.
  ///
  /// - Parameters:
  ///   - paths: Result directories, report files or folders of them.
  ///   - collectOutcomes: Whether to keep every case's outcome; `nil`: when more than one input
  ///     is found.
  ///   - sources: Where to read the assertion a failure's `file:line` names; `nil`: never.
  ///   - accepted: The kinds of input taken from folders (`history`: result directories only);
  ///     a folder holding none is missing.
  /// - Returns: The report; its ``TriageReport/verdict`` is the gate's, whatever the command.
  package static func report(
    paths: [String], collectOutcomes: Bool? = false, sources: SourceLookup? = nil,
    accepting accepted: Set<TriageInputKind> = InputFinder.allKinds
  ) -> TriageReport {
    let search = InputFinder.search(paths, accepting: accepted)
    var inputs = search.missing.map {
      TriagedInput(
        path: $0, kind: .junit, status: .unreadable,
        problem: "'\($0)': no such file or directory", isMissing: true)
    }
    let sought =
      accepted.isSubset(of: [.resultDirectory, .partialDirectory])
      ? "no result directories" : "no result directories, *.xml or event streams"
    inputs += search.empty.map {
      TriagedInput(
        path: $0, kind: .junit, status: .unreadable,
        problem: "'\($0)': no results found (\(sought))", isMissing: true)
    }
    let collect = collectOutcomes ?? (search.found.count > 1)
    inputs += search.found.map {
      triage($0, collectOutcomes: collect || search.found.count > 1, sources: sources)
    }
    inputs = SameRun.mark(inputs)
    if collectOutcomes == false {
      inputs = inputs.map { input in
        var trimmed = input
        trimmed.outcomes = [:]
        trimmed.subjects = []
        return trimmed
      }
    }
    return TriageReport(inputs: inputs, skipped: search.skipped)
  }

  static func junit(_ path: String, collectOutcomes: Bool, sources: SourceLookup?)
    -> TriagedInput
  {
    var input = TriagedInput(path: path, kind: .junit, status: .complete)
    // Reruns (pytest-rerunfailures) repeat a test case right after itself: the last attempt
    // decides, and a pass after repeats counts as flaky. Holding back one record keeps memory flat.
    // (Two variables, not an optional tuple: a tuple's copies go through the runtime's generic
    // value witnesses, which cost a tenth of the time on a file of short passing cases.)
    var held: JUnitCaseRecord?
    var heldAttempts = 0
    func settle(_ record: JUnitCaseRecord, attempts: Int) {
      let outcome: TriageOutcome =
        switch record.outcome {
        case .passed: .passed
        case .failed: .failed
        case .error: .error
        case .skipped: .skipped
        }
      input.counts.add(outcome)
      if outcome == .passed && (record.isFlaky || attempts > 1) {
        input.counts.flaky += 1
      }
      let suite = record.className.isEmpty ? record.suite : record.className
      if collectOutcomes {
        input.outcomes[CaseIdentity.of(suite: suite, name: record.name, subject: record.subject)] =
          outcome
        if let subject = record.subject { input.subjects.insert(subject) }
      }
      guard outcome == .failed || outcome == .error else { return }
      let assertions = FailingAssertion.extract(message: record.message, text: record.text)
      var verdict: ForeignFailureClassifier.Verdict
      if record.isSuiteLevel {
        verdict = ForeignFailureClassifier.Verdict(
          failureClass: .unclassified, isExact: false,
          reason: "a <\(outcome == .error ? "error" : "failure")> outside any test case "
            + "(\(record.type ?? "no type")): the suite itself failed (setup, teardown or a crash)")
      } else if outcome == .error {
        verdict = ForeignFailureClassifier.Verdict(
          failureClass: .unclassified, isExact: false,
          reason: "an error, not an assertion failure (\(record.type ?? "no type")): look at "
            + "the environment before the contract")
      } else {
        verdict =
          ForeignFailureClassifier.ownVerdict(type: record.type, message: record.message)
          ?? ForeignFailureClassifier.classify(assertions, sources: sources)
      }
      if record.subject != nil, outcome == .failed, let type = record.type,
        FailureClass(rawValue: type) == nil
      {
        verdict.reason +=
          " (the file names class '\(type)', which this stategate does not know: not taken as exact)"
      }
      if record.omittedBytes > 0 {
        verdict.reason +=
          " (a long failure text: read its first and last \(JUnitReader.textLimit / 2_048) kB; "
          + "\(record.omittedBytes) bytes between them were not read)"
      }
      if attempts > 1 {
        verdict.reason += " (\(attempts) attempts; the last one failed)"
      }
      input.record(
        TriagedFailure(
          suite: suite, name: record.name, subject: record.subject, outcome: outcome,
          failureClass: verdict.failureClass, isExact: verdict.isExact, reason: verdict.reason,
          firstStep: firstStep(assertions, fallback: record.message ?? record.text)))
    }
    do {
      let summary = try JUnitReader.read(path: path) { record in
        // stategate's own files (their cases carry a subject) hold no reruns: a repeated case
        // is a problem the reader reports, never collapsed into a flaky pass.
        if held?.isAttempt(of: record) == true, !record.isSuiteLevel, record.subject == nil {
          held = record
          heldAttempts += 1
          return
        }
        if let previous = held.take() {
          settle(previous, attempts: heldAttempts)
        }
        held = record
        heldAttempts = 1
      }
      if let previous = held.take() {
        settle(previous, attempts: heldAttempts)
      }
      for problem in summary.problems {
        input.damage(problem.description)
      }
      if summary.replacedInSystemText > 0 {
        input.notes.append(
          "\(summary.replacedInSystemText) character(s) XML forbids in <system-out>/<system-err> "
            + "were replaced by U+FFFD in that text, which stategate does not read")
      }
      if summary.runIDs.count == 1, let runID = summary.runIDs.first {
        input.runID = runID
        checkAgainstDirectory(path, into: &input)
      }
    } catch {
      if let previous = held.take() {
        settle(previous, attempts: heldAttempts)
      }
      input.status = input.counts.total == 0 ? .unreadable : .unfinished
      input.damage(error.description)
      input.isMissing = error.kind == .missing
    }
    return input
  }

  /// Checks stategate's own `junit.xml` against the result directory it sits in: the directory's
  /// log and manifest are the run's record, so a file that contradicts them (a case repeated, a
  /// failure `type` that is not the class the run found, other counts) is damage, not a class to
  /// trust.
  ///
  /// A file elsewhere, or of another run than its folder's, has nothing to be checked against.
  static func checkAgainstDirectory(_ path: String, into input: inout TriagedInput) {
    let directory = PathText.parent(path)
    guard PathText.lastComponent(path) == "junit.xml",
      FileManager.default.fileExists(atPath: PathText.join(directory, "manifest.json")),
      !ResultDirectoryLayout.isPartial(path: directory)
    else { return }
    do {
      _ = try RecordedRun.read(directory)
    } catch {
      input.damage(
        "'\(path)': the result directory it belongs to does not agree with it: \(error)")
      // The classes it names are what was contradicted: none is taken as exact.
      for index in input.failures.indices where input.failures[index].isExact {
        input.failures[index].isExact = false
        input.failures[index].reason +=
          " (as the file says; not taken as exact: its result directory does not agree)"
      }
    }
  }

  /// The first failing assertion as output shows it (one line, at most 300 characters).
  static func firstStep(_ assertions: [FailingAssertion], fallback: String?) -> String? {
    if let first = assertions.first(where: { !$0.text.isEmpty }) {
      return firstLine(first.text)
    }
    if let located = assertions.first, let file = located.file, let line = located.line {
      return "\(file):\(line)"
    }
    return firstLine(fallback)
  }

  static func firstLine(_ text: String?) -> String? {
    guard let text, let line = FailureText.firstLine(text[...]) else { return nil }
    guard let cut = line.index(line.startIndex, offsetBy: 300, limitedBy: line.endIndex),
      cut < line.endIndex
    else { return String(line) }
    return String(line[..<cut]) + "…"
  }
}
