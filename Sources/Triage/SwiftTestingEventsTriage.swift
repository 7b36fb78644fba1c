import Contracts
import Foundation

/// Triages a Swift Testing event stream (JSON Lines): test records name the tests, `issueRecorded`
/// events carry the assertion text, and a stream without `runEnded` is a crashed run.
enum SwiftTestingEventsTriage {
  static func triage(_ path: String, collectOutcomes: Bool) -> TriagedInput {
    var input = TriagedInput(path: path, kind: .swiftTestingEvents, status: .crashed)
    guard let data = FileManager.default.contents(atPath: path) else {
      input.status = .unreadable
      input.problem = "'\(path)': cannot read the file"
      return input
    }
    var names: [String: (suite: String, name: String)] = [:]
    var kinds: [String: String] = [:]
    var issues: [String: [String]] = [:]
    var startedOrder: [String] = []
    var ended: Set<String> = []
    for (index, line) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated() {
      guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let kind = object["kind"] as? String, let payload = object["payload"] as? [String: Any]
      else {
        input.status = .unreadable
        input.problem = "'\(path)':\(index + 1): not a Swift Testing event record"
        return input
      }
      if kind == "test", let id = payload["id"] as? String {
        let name = (payload["displayName"] as? String) ?? (payload["name"] as? String) ?? id
        let suite = id.split(separator: "/").first.map(String.init) ?? id
        names[id] = (suite, name)
        kinds[id] = payload["kind"] as? String
        continue
      }
      guard kind == "event", let eventKind = payload["kind"] as? String else { continue }
      let testID = payload["testID"] as? String
      let texts = (payload["messages"] as? [[String: Any]] ?? []).compactMap {
        $0["text"] as? String
      }
      switch eventKind {
      case "testStarted":
        if let testID, kinds[testID] == "function" { startedOrder.append(testID) }
      case "issueRecorded":
        let isFailure = (payload["issue"] as? [String: Any])?["isFailure"] as? Bool ?? true
        if let testID, isFailure {
          issues[testID, default: []].append(texts.joined(separator: "\n"))
        }
      case "testSkipped":
        if let testID, kinds[testID] == "function" {
          ended.insert(testID)
          input.counts.add(.skipped)
          if collectOutcomes { input.outcomes[identity(names[testID], testID)] = .skipped }
        }
      case "testEnded":
        guard let testID, kinds[testID] == "function" else { continue }
        ended.insert(testID)
        let failed = issues[testID] != nil
        input.counts.add(failed ? .failed : .passed)
        if collectOutcomes {
          input.outcomes[identity(names[testID], testID)] = failed ? .failed : .passed
        }
        if let texts = issues[testID] {
          let verdict = ForeignFailureClassifier.classify(
            type: nil, message: texts.joined(separator: "\n"), text: nil)
          input.failures.append(
            TriagedFailure(
              suite: names[testID]?.suite ?? testID, name: names[testID]?.name ?? testID,
              subject: nil,
              outcome: .failed, failureClass: verdict.failureClass, isExact: verdict.isExact,
              reason: verdict.reason, firstStep: ArchiveTriage.firstLine(texts.first)))
        }
      case "runEnded":
        input.status = .complete
      default:
        continue
      }
    }
    for testID in startedOrder where !ended.contains(testID) {
      input.counts.add(.unfinished)
      input.failures.append(
        TriagedFailure(
          suite: names[testID]?.suite ?? testID, name: names[testID]?.name ?? testID, subject: nil,
          outcome: .unfinished, failureClass: .unclassified, isExact: false,
          reason: "the test started but never ended: the test process crashed here",
          firstStep: issues[testID]?.first.flatMap { ArchiveTriage.firstLine($0) }))
    }
    return input
  }

  private static func identity(_ names: (suite: String, name: String)?, _ id: String) -> String {
    names.map { "\($0.suite)/\($0.name)" } ?? id
  }
}
