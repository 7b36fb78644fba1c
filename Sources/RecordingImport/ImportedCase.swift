import Contracts
import Exploration
import Foundation
import RunModel
import Runner
import StateGateRecorder

/// A recording's failure as a regression case: the shrunk steps as a suite case, and a comment
/// naming the recording's events they came from by their de-identified handles, the state the
/// app showed where the failing step was recorded, and the outcome category.
package struct ImportedCase {
  /// The case, read back from its text.
  package let contractCase: ContractCase
  /// The case block, ready to paste into a suite.
  package let caseText: String
  /// The suite id the case is filed under: `imported-HASH`.
  package let suiteID: String
  /// Eight hex digits naming the case.
  package let hash: String
  /// The shrink.
  package let shrunk: ShrunkSession
  /// The recording's event the whole session failed at: its sequence number and text.
  package let failingEvent: (sequence: Int, text: String)
  /// What the app showed after that event for the keys that failed, where it was recorded.
  package let shownAtFailure: [String]
  /// How the subject broke the worker replaying the session, when it did: the case is then the
  /// session cut after the step it broke at, not shrunk.
  package let brokeWorker: String?
  /// The runner's result for the case: its steps checked again and its class.
  package var result: CaseResult?
  private let header: [String]

  /// Makes the case of `shrunk`, a shrink of `session`.
  ///
  /// - Throws: ``RecordingReadError`` (malformed) when the shrink does not fit the session (an
  ///   index outside it, fewer case lines than steps kept) or its case does not read back: a
  ///   replay of a recording is never trusted to index the session it came from.
  init(
    recording: Recording, session: RecordedSession, shrunk: ShrunkSession, subject: SubjectEntry,
    path: String, brokeWorker: String? = nil
  ) throws(RecordingReadError) {
    self.brokeWorker = brokeWorker
    let family = recording.family
    let actions = session.actions
    let count = min(actions.count, session.sequences.count, session.shown.count)
    guard (0..<count).contains(shrunk.failingAction),
      shrunk.keptActions.allSatisfy({ (0..<count).contains($0) }),
      shrunk.caseLines.count == shrunk.keptActions.count, !shrunk.caseLines.isEmpty
    else {
      throw RecordingReadError(
        path: path, line: 0, kind: .malformed,
        reason: "its replay on '\(subject.name)' does not fit its session of \(count) steps "
          + "(failing step \(shrunk.failingAction + 1), \(shrunk.keptActions.count) steps kept, "
          + "\(shrunk.caseLines.count) written), so no case can name its events")
    }
    hash = Self.hash(([family.rawValue] + shrunk.caseLines).joined(separator: "\n"))
    suiteID = "imported-\(hash)"
    self.shrunk = shrunk
    failingEvent = (
      session.sequences[shrunk.failingAction], actions[shrunk.failingAction].description
    )
    let failedRecords = Set(shrunk.failingKeys)
    shownAtFailure = session.shown[shrunk.failingAction].filter { expectation in
      failedRecords.contains(String(expectation.prefix { $0 != "=" }))
    }
    var lines = ["case \(suiteID) \"Imported from a recording: \(shrunk.caseLines.count) steps\""]
    if !shrunk.requirements.isEmpty {
      lines.append("  requires " + shrunk.requirements.map(\.rawValue).joined(separator: " "))
    }
    if let values = SuiteReader.valuesLine(forCaseLines: shrunk.caseLines) {
      lines.append(values)
    }
    lines += shrunk.caseLines.map { "  \($0)" }
    caseText = lines.joined(separator: "\n") + "\n"
    let read: ContractCase?
    do {
      read = try SuiteReader.parse(
        Self.suiteLine(suiteID, family) + "\n\n" + caseText, source: path
      )
      .cases.first
    } catch {
      throw RecordingReadError(
        path: path, line: 0, kind: .malformed,
        reason: "its shrunk case on '\(subject.name)' does not read back as a suite case: "
          + error.message)
    }
    guard let read else {
      throw RecordingReadError(
        path: path, line: 0, kind: .malformed,
        reason: "its shrunk case on '\(subject.name)' reads back as no case")
    }
    contractCase = read
    let declared =
      recording.capabilities.isEmpty
      ? "nothing" : recording.capabilities.map(\.rawValue).joined(separator: ", ")
    let dropped = recording.droppedSummary
    let needed =
      recording.requirements.isEmpty
      ? ""
      : "; its events need " + recording.requirements.map(\.rawValue).joined(separator: ", ")
    let values =
      recording.values.isEmpty
      ? "" : "; its values beyond on/off: " + recording.values.map(\.name).joined(separator: ", ")
    let timeout = recording.writeTimeout.map { "; its write timeout: \($0) ms" } ?? ""
    var header = [
      "# Imported by `stategate import` from a recording (\(family.rawValue) family, "
        + "\(recording.eventCount) events, \(dropped); the app declared \(declared)\(needed)"
        + "\(values)\(timeout)).",
      "# Replayed on '\(subject.name)': seq \(failingEvent.sequence) '\(failingEvent.text)' "
        + "failed after \(shrunk.performedBeforeShrinking) steps; "
        + Self.shrinkSummary(shrunk, brokeWorker: brokeWorker) + ".",
      "# Steps and the recording's events they replay, in the case's handles (a request's "
        + "de-identified handle in the recording beside it):",
    ]
    let provenance = Provenance(
      recorded: shrunk.keptActions.map { actions[$0] },
      replayed: read.steps.count == shrunk.keptActions.count ? read.steps.map(\.action) : [])
    for (number, index) in shrunk.keptActions.enumerated() {
      let step = (shrunk.caseLines[number].split(separator: "=>").first ?? "")
        .trimmingCharacters(in: .whitespaces)
      header.append(
        "#   \(number + 1) \(step)  <-  seq \(session.sequences[index]) "
          + provenance.event(number))
    }
    if !shownAtFailure.isEmpty {
      header.append(
        "# The app showed after seq \(failingEvent.sequence): "
          + shownAtFailure.joined(separator: " "))
    }
    self.header = header
  }

  /// The suite file: the comment, the class line, the suite line and the case.
  package var suiteText: String {
    let classification = result?.classification ?? Classification(.unclassified, "not checked")
    let reason = classification.reason.split(whereSeparator: \.isNewline).joined(separator: " ")
    return
      (header + [
        "# Class \(classification.failureClass): \(reason)",
        Self.suiteLine(suiteID, contractCaseFamily),
      ]).joined(separator: "\n") + "\n\n" + caseText
  }

  /// The class the runner gave, or `unclassified`.
  package var failureClass: FailureClass {
    result?.classification?.failureClass ?? .unclassified
  }

  private var contractCaseFamily: ContractFamily {
    contractCase.steps.first.map {
      if case .optimistic = $0.action { return .optimisticUpdates }
      return .undoHistory
    } ?? .undoHistory
  }

  private static func suiteLine(_ id: String, _ family: ContractFamily) -> String {
    "suite \(id) family \(family.rawValue) \"Imported from a recording\""
  }

  /// How the case was made smaller: shrunk, or cut after the step that broke the worker.
  package static func shrinkSummary(_ shrunk: ShrunkSession, brokeWorker: String?) -> String {
    guard brokeWorker == nil else {
      guard shrunk.replays > 0 else {
        return "it broke the worker replaying it, so the session is cut after that step, "
          + "\(shrunk.caseLines.count) steps, not shrunk"
      }
      return "it broke the worker replaying it; shrunk to \(shrunk.caseLines.count) in "
        + "\(shrunk.replays) isolated runs"
    }
    return "shrunk to \(shrunk.caseLines.count) in \(shrunk.replays) replays"
  }

  /// Eight hex digits of the FNV-1a hash of `text`.
  static func hash(_ text: String) -> String {
    var value = RecordingFormat.hashBasis
    Array(text.utf8).withUnsafeBytes { RecordingFormat.hash($0, into: &value) }
    return String(RecordingFormat.hex(value).prefix(8))
  }
}

/// How the kept steps name the recording's requests: each request a kept step sent is named by
/// the case's handle for it, so every recorded event shows with the case's handles (its own
/// handle in the recording beside it), and an answer shows the request it answered.
struct Provenance {
  /// The recorded events the case's steps replay, in order.
  let recorded: [ContractAction]
  /// The case's renaming: a recorded request's handle, the case's handle for it.
  let renamed: [String: String]

  /// Pairs `recorded` with `replayed`, the case's actions read back (empty when they do not
  /// pair one to one: the events are then shown as recorded).
  init(recorded: [ContractAction], replayed: [ContractAction]) {
    self.recorded = recorded
    var renamed: [String: String] = [:]
    if replayed.count == recorded.count {
      for (event, step) in zip(recorded, replayed) {
        if let name = Self.sent(by: event), let replayedName = Self.sent(by: step) {
          renamed[name] = replayedName
        }
      }
    }
    self.renamed = renamed
  }

  /// The recorded event of step `number` (from 0), quoted, with the case's handles; its own
  /// handle in the recording follows when the case renames it: `'tap c as r1' (recorded r752)`.
  func event(_ number: Int) -> String {
    let event = recorded[number]
    let original = Self.sent(by: event) ?? Self.answered(by: event)
    let text = event.description.split(separator: " ", omittingEmptySubsequences: false)
      .map { word in renamed[String(word)] ?? String(word) }.joined(separator: " ")
    guard let original, let name = renamed[original], name != original else {
      return "'\(text)'"
    }
    return "'\(text)' (recorded \(original))"
  }

  /// The request or calculation `action` sends or starts, by its handle.
  static func sent(by action: ContractAction) -> String? {
    switch action {
    case .optimistic(.tap(_, let request?)), .optimistic(.choose(_, _, let request?)),
      .optimistic(.sync(_, let request?)), .optimistic(.read(_, let request)),
      .optimistic(.refresh(let request?)), .optimistic(.batch(_, let request?)),
      .undoHistory(.calculate(let request)):
      request
    default:
      nil
    }
  }

  /// The request or calculation `action` answers, cancels or delivers, by its handle.
  static func answered(by action: ContractAction) -> String? {
    switch action {
    case .optimistic(.respond(let request, _)), .optimistic(.cancel(let request)),
      .optimistic(.respondToSync(let request, _)), .optimistic(.respondToRefresh(let request, _)),
      .optimistic(.respondToBatch(let request, _)), .undoHistory(.deliver(let request, _)):
      request
    default:
      nil
    }
  }
}
