import Contracts
import Faults
import Foundation
import RecordingImport
import RunModel
import Runner
import StateGateRecorder
import Testing

/// Every step an imported case keeps names the recorded event it replays, and an answer the
/// request it answered in the recording, after shrinking a long session whose writes interleave.
@MainActor
@Suite struct ProvenanceTests {
  /// A session on `fault:old-ticket-accepted` in which two records' writes are in flight at once
  /// and are answered out of order, with one stale answer (a write answered again while a newer
  /// write of its record is pending) past the middle.
  private func interleavedRecording() throws -> Recording {
    guard case .optimistic(let subject) = Fault.oldTicketAccepted.subject.make() else {
      preconditionFailure("an optimistic-update fault")
    }
    let recorder = SessionRecorder(
      family: .optimisticUpdates, declaring: [.sessions, .sorting],
      configuration: .init(maxEvents: 1 << 16, maxBytes: (1 << 16) * SessionRecorder.bytesPerSlot))
    let ids = ["p0", "p1", "p2", "p3"]
    let records = ids.map { RecordValue(id: $0, value: false) }
    subject.load(records)
    recorder.loaded(records, id: \.id, value: \.value.isOn)
    func tap(_ id: String) -> AnyHashable? {
      guard let token = subject.tap(record: id) else {
        recorder.tapped(record: id)
        return nil
      }
      recorder.tapped(record: id, sent: token)
      return token
    }
    func answer(_ token: AnyHashable, of id: String) {
      let wanted = subject.state(of: id)?.displayed.isOn ?? false
      subject.respond(to: token, with: .saved(OptimisticValue(wanted)))
      recorder.answered(write: token, with: .saved(wanted))
    }
    for round in 0..<600 {
      let first = ids[round % 4]
      let second = ids[(round + 1) % 4]
      let one = tap(first)
      let two = tap(second)
      // Answered newest first.
      if let two { answer(two, of: second) }
      if let one { answer(one, of: first) }
      if round == 400 {
        let id = ids[2]
        guard let old = tap(id) else { continue }
        let other = tap(ids[3])
        answer(old, of: id)
        // Writes of the same record between the old one and its stale answer: a handle counted
        // back from the newest would name one of them once shrinking drops the others.
        for _ in 0..<3 {
          guard let between = tap(id) else { continue }
          answer(between, of: id)
        }
        guard let new = tap(id) else { continue }
        if let other { answer(other, of: ids[3]) }
        // The old answer again, while the newer write is pending.
        subject.respond(to: old, with: .saved(true))
        recorder.answered(write: old, with: .saved(true))
        answer(new, of: id)
      }
    }
    return try RecordingReader.parse(recorder.exportedData(), path: "interleaved.jsonl")
  }

  /// The request a step sends (`tap a as r1`) or answers (`respond r1 saved on`), by handle.
  private static func handles(of step: Substring) -> (sent: String?, answered: String?) {
    let words = step.split(separator: " ").map(String.init)
    if let index = words.firstIndex(of: "as"), index + 1 < words.count {
      return (words[index + 1], nil)
    }
    if ["respond", "cancel"].contains(words.first), words.count > 1 { return (nil, words[1]) }
    return (nil, nil)
  }

  @Test("After shrinking, each step pairs with its own recorded event and answers its own request")
  func pairingsNameTheirOwnRequests() throws {
    let recording = try interleavedRecording()
    #expect(recording.eventCount > 2000)
    let fault = Fault.oldTicketAccepted.subject
    let importer = RecordingImporter(subject: fault) { contractCase, suite in
      ContractRunner(clock: { 0 }).runCase(contractCase, of: suite, against: fault)
    }
    guard case .failed(let imported)? = try importer.importRecording(recording, path: "x") else {
      Issue.record("the stale answer was not found")
      return
    }
    #expect(imported.failureClass == .staleResponse)
    let pairings = imported.suiteText.split(separator: "\n").filter { $0.contains("  <-  seq ") }
    #expect(pairings.count == imported.contractCase.steps.count)
    // The case's handle of each request a kept step sent, by its handle in the recording.
    var caseHandle: [String: String] = [:]
    var answers = 0
    for pairing in pairings {
      let halves = pairing.components(separatedBy: "  <-  seq ")
      let step = Substring(halves[0].drop { $0 == "#" || $0 == " " || $0.isNumber })
        .trimmingCharacters(in: .whitespaces)
      // `750 'tap c as r1' (recorded r153)`
      let quoted = halves[1].split(separator: "'", omittingEmptySubsequences: false)
      #expect(quoted.count == 3, "\(pairing)")
      guard quoted.count == 3 else { continue }
      #expect(Substring(step) == quoted[1], "a step paired with another event: \(pairing)")
      let recorded = quoted[2].split(separator: " ").last.map { String($0.dropLast()) }
      let (sent, answered) = Self.handles(of: Substring(step))
      if let sent {
        caseHandle[quoted[2].contains("recorded") ? recorded ?? sent : sent] = sent
      }
      if let answered {
        answers += 1
        let own = quoted[2].contains("recorded") ? recorded ?? answered : answered
        #expect(
          caseHandle[own] == answered,
          "an answer bound to another request than its recorded one: \(pairing)")
      }
    }
    #expect(answers >= 2)
  }
}
