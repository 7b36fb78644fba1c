import Contracts
import Foundation
import ResultFiles
import ResultSchema

/// Triages a Swift Testing event stream (JSON Lines): test records name the tests, `issueRecorded`
/// events carry the assertion text, and a stream without `runEnded` is a crashed run.
///
/// Nothing is dropped: an issue without a test, an issue recorded after its test ended and an
/// issue of a suite are failures; a test that started and never ended is unfinished (failed, when
/// it recorded an issue) and leaves the stream `unfinished` even after `runEnded`; a test or test
/// case that was cancelled is `cancelled`, never passed; events for tests the stream never
/// declared, a line that is not a record (a torn last line included, whose records before it are
/// still read), a schema version stategate does not know and a `runEnded` verdict that contradicts
/// the tests are damage.
///
/// Each version is read by its documented fields (``Schema``): a warning or a known issue is not a
/// failure; in 6.4 each `iteration` of a test is an attempt of it, judged as JUnit reruns are (the
/// last attempt decides; a pass after a failing attempt counts as flaky), and its `tags` and `bugs`
/// are kept with the case.
enum SwiftTestingEventsTriage {
  /// What the stream says about one attempt (iteration) of a test.
  private struct Attempt {
    var started = false
    var ended = false
    var skipped = false
    var cancelled = false
    var issues = 0
    var lateIssues = 0
    var firstIssue: [String] = []
    var location: (file: String, line: Int)?
  }

  /// What the stream says about one test.
  private struct Test {
    var order: Int
    var name: String?
    var displayName: String?
    var kind: String?
    var declared = false
    var tags: [String] = []
    var bugs: [TriageBug] = []
    /// The iteration the current attempt belongs to (`nil`: the stream names none).
    var iteration: Int?
    /// The attempt being read: the last one when the stream has been read.
    var current = Attempt()
    /// The outcomes of the attempts before ``current``, in order.
    var earlier: [TriageOutcome] = []

    /// Moves to the attempt of `iteration`, closing the current one when it is another's.
    mutating func enter(_ iteration: Int?, isSuite: Bool) {
      guard let iteration, iteration != self.iteration else { return }
      if self.iteration != nil,
        let outcome = SwiftTestingEventsTriage.outcome(
          of: current, isSuite: isSuite)
      {
        earlier.append(outcome)
      }
      if self.iteration != nil { current = Attempt() }
      self.iteration = iteration
    }
  }

  /// An issue recorded outside any test.
  private struct LooseIssue {
    var texts: [String]
    var location: (file: String, line: Int)?
  }

  static func triage(_ path: String, collectOutcomes: Bool, sources: SourceLookup?)
    -> TriagedInput
  {
    var input = TriagedInput(path: path, kind: .swiftTestingEvents, status: .crashed)
    var tests: [String: Test] = [:]
    var loose: [LooseIssue] = []
    var runEnded: (line: Int, symbol: String?, text: String?)?
    var records = 0
    var unknownVersions: [String] = []
    func test(_ id: String) -> Test {
      tests[id] ?? Test(order: tests.count)
    }
    func isSuite(_ id: String, _ test: Test) -> Bool {
      test.kind == "suite" || (test.kind == nil && !looksLikeFunction(id))
    }
    do {
      let file = try InputFile(path: path)
      try file.forEachLine { number, bytes, terminated in
        guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
        guard
          let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
          let kind = object["kind"] as? String
        else {
          input.damage(
            terminated
              ? "'\(path)':\(number): not a Swift Testing event record"
              : "'\(path)':\(number): the last line is cut off mid-record (the stream was not "
                + "written to the end); the records before it were read")
          return
        }
        records += 1
        let schema = Schema(object["version"])
        if case .unknown(let version) = schema, !unknownVersions.contains(version) {
          unknownVersions.append(version)
          input.damage(
            "'\(path)':\(number): schema version \(version) of Swift Testing's event stream is "
              + "not one stategate knows (0, '6.3', '6.4'); its records were read as far as their "
              + "fields are known, so the stream cannot pass")
        }
        guard let payload = object["payload"] as? [String: Any] else {
          if kind == "test" || kind == "event" {
            input.damage("'\(path)':\(number): a '\(kind)' record without a payload")
          }
          return
        }
        if kind == "test", let id = payload["id"] as? String {
          var entry = test(id)
          entry.declared = true
          entry.name = payload["name"] as? String
          entry.displayName = payload["displayName"] as? String
          entry.kind = payload["kind"] as? String
          if schema.hasIterationsAndTraits {
            entry.tags = (payload["tags"] as? [Any] ?? []).compactMap { $0 as? String }
            entry.bugs = (payload["bugs"] as? [Any] ?? []).compactMap { value in
              guard let bug = value as? [String: Any] else { return nil }
              return TriageBug(
                url: bug["url"] as? String, id: bug["id"] as? String,
                title: bug["title"] as? String)
            }
          }
          tests[id] = entry
          return
        }
        guard kind == "event", let eventKind = payload["kind"] as? String else { return }
        let testID = payload["testID"] as? String
        let iteration = schema.hasIterationsAndTraits ? payload["iteration"] as? Int : nil
        let messages = payload["messages"] as? [[String: Any]] ?? []
        let texts = messages.compactMap { $0["text"] as? String }
        /// Changes the current attempt of the event's test.
        func update(_ change: (inout Attempt) -> Void) {
          guard let testID else { return }
          var entry = test(testID)
          entry.enter(iteration, isSuite: isSuite(testID, entry))
          change(&entry.current)
          tests[testID] = entry
        }
        switch eventKind {
        case "testStarted":
          update { $0.started = true }
        case "testEnded":
          update { $0.ended = true }
        case "testSkipped":
          update { $0.skipped = true }
        case "testCancelled", "testCaseCancelled":
          // ST-0016: the test (or one of its cases) stopped before its end; it still gets a
          // testEnded, and verified nothing past the cancel.
          update { $0.cancelled = true }
        case "issueRecorded":
          let issue = payload["issue"] as? [String: Any]
          let isKnown = issue?["isKnown"] as? Bool ?? false
          let isWarning = schema.hasSeverity && issue?["severity"] as? String == "warning"
          let isFailure = schema.hasSeverity ? issue?["isFailure"] as? Bool : nil
          guard isFailure ?? (!isKnown && !isWarning) else { return }
          let location = (issue?["sourceLocation"] as? [String: Any]).flatMap(sourceLocation)
          guard testID != nil else {
            loose.append(LooseIssue(texts: texts, location: location))
            return
          }
          update { attempt in
            attempt.issues += 1
            if attempt.ended { attempt.lateIssues += 1 }
            if attempt.firstIssue.isEmpty {
              attempt.firstIssue = texts
              attempt.location = location
            }
          }
        case "runStarted":
          // The run's recorded start, which orders it among archived runs (never a file time).
          if let instant = payload["instant"] as? [String: Any],
            let since1970 = instant["since1970"] as? Double, input.startTime == nil
          {
            input.startTime = RunOrder.text(Date(timeIntervalSince1970: since1970))
          }
        case "runEnded":
          runEnded = (number, messages.first?["symbol"] as? String, texts.first)
        default:
          return
        }
      }
    } catch let error as InputFileError {
      input.status = .unreadable
      input.damage(error.description)
      input.isMissing = error.kind == .missing
      return input
    } catch {
      input.status = .unreadable
      input.damage("'\(path)': \(error)")
      return input
    }
    if records == 0 {
      input.status = .unreadable
      input.damage(
        "'\(path)': the file holds no event record (an empty stream: nothing was written)")
      return input
    }
    if runEnded != nil {
      // A test that started and never ended did not finish, whatever it recorded before and
      // although the run says it ended: the stream is a crashed run's, never a finished one.
      let neverEnded = tests.values.filter { $0.current.started && !$0.current.ended }.count
      input.status = neverEnded == 0 ? .complete : .unfinished
      if neverEnded > 0 {
        input.notes.append(
          "'\(path)': runEnded was recorded, but \(neverEnded) test(s) started and never ended: "
            + "the run did not finish them")
      }
    }
    settle(tests, loose: loose, into: &input, collectOutcomes: collectOutcomes, sources: sources)
    let undeclared = tests.values.filter { !$0.declared }.count
    if undeclared > 0 {
      input.damage(
        "'\(path)': events for \(undeclared) test(s) the stream never declared (their 'test' "
          + "records are missing)")
    }
    if let runEnded {
      let failing = input.counts.failed + input.counts.unfinished
      if runEnded.symbol == "fail" && failing == 0 {
        input.damage(
          "'\(path)':\(runEnded.line): runEnded says the run failed (\(runEnded.text ?? "")) but "
            + "no failing test was recorded")
      } else if runEnded.symbol?.hasPrefix("pass") == true && failing > 0 {
        input.damage(
          "'\(path)':\(runEnded.line): runEnded says the run passed but \(failing) test(s) failed")
      }
    }
    return input
  }

  /// How one attempt of a test ended, or `nil` when the stream says nothing of it (a suite
  /// without issues counts as no case).
  private static func outcome(of attempt: Attempt, isSuite: Bool) -> TriageOutcome? {
    if attempt.issues > 0 { return .failed }
    if isSuite { return attempt.cancelled ? .cancelled : nil }
    if attempt.started && !attempt.ended { return .unfinished }
    if attempt.cancelled { return .cancelled }
    if attempt.skipped && !attempt.started { return .skipped }
    if attempt.ended { return .passed }
    return nil
  }

  private static func settle(
    _ tests: [String: Test], loose: [LooseIssue], into input: inout TriagedInput,
    collectOutcomes: Bool, sources: SourceLookup?
  ) {
    for (id, test) in tests.sorted(by: { $0.value.order < $1.value.order }) {
      let isSuite = test.kind == "suite" || (test.kind == nil && !looksLikeFunction(id))
      let (suite, name) = identity(id, name: test.name, isSuite: isSuite)
      let attempt = test.current
      guard let outcome = outcome(of: attempt, isSuite: isSuite) else { continue }
      input.counts.add(outcome)
      let failedBefore = test.earlier.filter { $0 != .passed && $0 != .skipped }.count
      if outcome == .passed && failedBefore > 0 {
        input.counts.flaky += 1
      }
      if collectOutcomes {
        input.outcomes[CaseIdentity.of(suite: suite, name: name, subject: nil)] = outcome
      }
      guard outcome == .failed || outcome == .unfinished || outcome == .cancelled else {
        continue
      }
      let texts = issueTexts(attempt.firstIssue)
      let message = texts.isEmpty ? nil : texts.joined(separator: "\n")
      var verdict: ForeignFailureClassifier.Verdict
      if attempt.issues > 0 {
        verdict = ForeignFailureClassifier.classify(
          type: nil, message: message, text: nil, sources: sources, location: attempt.location)
      } else if outcome == .cancelled {
        verdict = ForeignFailureClassifier.Verdict(
          failureClass: .unclassified, isExact: false,
          reason: "the test was cancelled before its end: it verified nothing past the cancel")
      } else {
        verdict = ForeignFailureClassifier.Verdict(
          failureClass: .unclassified, isExact: false,
          reason: "the test started but never ended: the test process crashed here")
      }
      if attempt.lateIssues > 0 {
        verdict.reason += " (\(attempt.lateIssues) issue(s) recorded after the test ended)"
      }
      if isSuite {
        verdict.reason += " (an issue of the suite itself, outside its tests)"
      }
      if outcome == .failed && attempt.started && !attempt.ended {
        verdict.reason += " (the test never ended: the test process crashed here)"
      }
      if outcome == .failed && attempt.cancelled {
        verdict.reason += " (then it was cancelled)"
      }
      if !test.earlier.isEmpty, let iteration = test.iteration {
        verdict.reason +=
          " (\(test.earlier.count + 1) iterations; the last one, \(iteration), decides)"
      }
      var failure = TriagedFailure(
        suite: suite, name: name, subject: nil, outcome: outcome,
        failureClass: verdict.failureClass, isExact: verdict.isExact, reason: verdict.reason,
        firstStep: ArchiveTriage.firstLine(texts.first),
        displayName: test.displayName)
      failure.tags = test.tags.isEmpty ? nil : test.tags
      failure.bugs = test.bugs.isEmpty ? nil : test.bugs
      input.record(failure)
    }
    for issue in loose {
      let texts = issueTexts(issue.texts)
      let place = issue.location.map { "\(PathText.lastComponent($0.file)):\($0.line)" }
      let name = "issue outside any test" + (place.map { " at \($0)" } ?? "")
      input.counts.add(.failed)
      if collectOutcomes {
        input.outcomes[CaseIdentity.of(suite: "(run)", name: name, subject: nil)] = .failed
      }
      var verdict = ForeignFailureClassifier.classify(
        type: nil, message: texts.joined(separator: "\n"), text: nil, sources: sources,
        location: issue.location)
      verdict.reason += " (recorded outside any test)"
      input.record(
        TriagedFailure(
          suite: "(run)", name: name, subject: nil, outcome: .failed,
          failureClass: verdict.failureClass, isExact: verdict.isExact, reason: verdict.reason,
          firstStep: ArchiveTriage.firstLine(texts.first)))
    }
  }

  /// An issue's messages without Swift Testing's bare "Issue recorded" headline.
  private static func issueTexts(_ texts: [String]) -> [String] {
    texts.count > 1 && texts[0] == "Issue recorded" ? Array(texts.dropFirst()) : texts
  }

  private static func sourceLocation(_ object: [String: Any]) -> (file: String, line: Int)? {
    guard let line = object["line"] as? Int,
      let file = (object["filePath"] ?? object["_filePath"] ?? object["fileID"]) as? String
    else { return nil }
    return (file, line)
  }

  /// Whether a test id names a function (`Type/name()/File.swift:8:6`) rather than a suite.
  private static func looksLikeFunction(_ id: String) -> Bool {
    id.split(separator: "/").contains { $0.hasSuffix(")") }
  }

  /// `(suite, name)` as Swift Testing's JUnit file names the test: `classname` the module and
  /// types, `name` the function; the source location that ends an id is dropped.
  static func identity(_ id: String, name: String?, isSuite: Bool) -> (String, String) {
    var components = id.split(separator: "/").map(String.init)
    if let last = components.last, components.count > 1, isSourceLocation(last) {
      components.removeLast()
    }
    if isSuite {
      return (components.joined(separator: "."), "(suite)")
    }
    let function = components.count > 1 ? components.removeLast() : (name ?? id)
    return (components.joined(separator: "."), name ?? function)
  }

  private static func isSourceLocation(_ component: String) -> Bool {
    let parts = component.split(separator: ":")
    return parts.count >= 2 && parts.dropFirst().allSatisfy { Int($0) != nil }
  }
}
