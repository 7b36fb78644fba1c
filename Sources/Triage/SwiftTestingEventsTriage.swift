import Contracts
import Foundation
import ResultBundle
import ResultSchema

/// Triages a Swift Testing event stream (JSON Lines): test records name the tests, `issueRecorded`
/// events carry the assertion text, and a stream without `runEnded` is a crashed run.
///
/// Nothing is dropped: an issue without a test, an issue recorded after its test ended and an
/// issue of a suite are failures; a test that started and never ended is unfinished (failed, when
/// it recorded an issue) and leaves the stream `unfinished` even after `runEnded`; events for
/// tests the stream never declared, a line that is not a record (a torn last line included, whose
/// records before it are still read) and a `runEnded` verdict that contradicts the tests are damage.
enum SwiftTestingEventsTriage {
  /// What the stream says about one test.
  private struct Test {
    var order: Int
    var name: String?
    var displayName: String?
    var kind: String?
    var declared = false
    var started = false
    var ended = false
    var skipped = false
    var issues = 0
    var lateIssues = 0
    var firstIssue: [String] = []
    var location: (file: String, line: Int)?
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
    func test(_ id: String) -> Test {
      tests[id] ?? Test(order: tests.count)
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
          tests[id] = entry
          return
        }
        guard kind == "event", let eventKind = payload["kind"] as? String else { return }
        let testID = payload["testID"] as? String
        let messages = payload["messages"] as? [[String: Any]] ?? []
        let texts = messages.compactMap { $0["text"] as? String }
        switch eventKind {
        case "testStarted":
          guard let testID else { return }
          var entry = test(testID)
          entry.started = true
          tests[testID] = entry
        case "testEnded":
          guard let testID else { return }
          var entry = test(testID)
          entry.ended = true
          tests[testID] = entry
        case "testSkipped":
          guard let testID else { return }
          var entry = test(testID)
          entry.skipped = true
          tests[testID] = entry
        case "issueRecorded":
          let issue = payload["issue"] as? [String: Any]
          let isKnown = issue?["isKnown"] as? Bool ?? false
          let isWarning = issue?["severity"] as? String == "warning"
          guard issue?["isFailure"] as? Bool ?? (!isKnown && !isWarning) else { return }
          let location = (issue?["sourceLocation"] as? [String: Any]).flatMap(sourceLocation)
          guard let testID else {
            loose.append(LooseIssue(texts: texts, location: location))
            return
          }
          var entry = test(testID)
          entry.issues += 1
          if entry.ended { entry.lateIssues += 1 }
          if entry.firstIssue.isEmpty {
            entry.firstIssue = texts
            entry.location = location
          }
          tests[testID] = entry
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
      let neverEnded = tests.values.filter { $0.started && !$0.ended }.count
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

  private static func settle(
    _ tests: [String: Test], loose: [LooseIssue], into input: inout TriagedInput,
    collectOutcomes: Bool, sources: SourceLookup?
  ) {
    for (id, test) in tests.sorted(by: { $0.value.order < $1.value.order }) {
      let isSuite = test.kind == "suite" || (test.kind == nil && !looksLikeFunction(id))
      let (suite, name) = identity(id, name: test.name, isSuite: isSuite)
      let outcome: TriageOutcome
      if isSuite {
        guard test.issues > 0 else { continue }
        outcome = .failed
      } else if test.issues > 0 {
        outcome = .failed
      } else if test.started && !test.ended {
        outcome = .unfinished
      } else if test.skipped && !test.started {
        outcome = .skipped
      } else if test.ended {
        outcome = .passed
      } else {
        continue
      }
      input.counts.add(outcome)
      if collectOutcomes {
        input.outcomes[CaseIdentity.of(suite: suite, name: name, subject: nil)] = outcome
      }
      guard outcome == .failed || outcome == .unfinished else { continue }
      let texts = issueTexts(test.firstIssue)
      let message = texts.isEmpty ? nil : texts.joined(separator: "\n")
      var verdict =
        test.issues > 0
        ? ForeignFailureClassifier.classify(
          type: nil, message: message, text: nil, sources: sources, location: test.location)
        : ForeignFailureClassifier.Verdict(
          failureClass: .unclassified, isExact: false,
          reason: "the test started but never ended: the test process crashed here")
      if test.lateIssues > 0 {
        verdict.reason += " (\(test.lateIssues) issue(s) recorded after the test ended)"
      }
      if isSuite {
        verdict.reason += " (an issue of the suite itself, outside its tests)"
      }
      if outcome == .failed && test.started && !test.ended {
        verdict.reason += " (the test never ended: the test process crashed here)"
      }
      input.record(
        TriagedFailure(
          suite: suite, name: name, subject: nil, outcome: outcome,
          failureClass: verdict.failureClass, isExact: verdict.isExact, reason: verdict.reason,
          firstStep: ArchiveTriage.firstLine(texts.first),
          displayName: test.displayName))
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
