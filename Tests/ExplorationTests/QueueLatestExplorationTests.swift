import Contracts
import Faults
import ReferenceModels
import Testing

@testable import Exploration

/// The reference queue-latest list that also keeps an unknown outcome pending and retries it.
private final class RetryingQueueFavorites: QueueLatestFavorites {
  override var unknownOutcomeRule: UnknownOutcomeRule { .keepAndRetry }
}

/// A queue-latest list whose writes sent by itself carry the resting value, whatever was queued.
private final class MislabelledQueueFavorites: QueueLatestFavorites {
  override func takeStartedWrites() -> [StartedWrite] {
    super.takeStartedWrites().map { write in
      var write = write
      write.value = .off
      return write
    }
  }
}

/// `explore`'s oracle under the in-flight rule queue-latest: a tap while a write is pending is
/// queued under a `q…` name, the app's own write for it is taken after the answer and bound to
/// that name, and the queued value is judged shown and then pending.
@MainActor
@Suite("Exploration under the in-flight rule queue-latest")
struct QueueLatestExplorationTests {
  @Test("A queued tap is named, sent by the app on its write's answer and answered by its name")
  func queuedTapNamedAndAnswered() throws {
    let subject = try #require(
      SubjectEntry.reference.first { $0.name == "favorites-queue-latest" })
    #expect(Explorer.unmodelledRule(of: subject) == nil)
    let run = OptimisticSequenceRun(subject: subject.make(), recording: true)
    #expect(run.perform(.records([.off])) == nil)
    #expect(run.perform(.tap(record: 0)) == nil)
    #expect(run.perform(.tap(record: 0)) == nil)
    #expect(run.perform(.tap(record: 0)) == nil)
    #expect(run.perform(.respond(record: 0, age: 0, outcome: .saved(.off))) == nil)
    #expect(run.perform(.respond(record: 0, age: 0, outcome: .rejected)) == nil)
    #expect(
      run.actionTexts == [
        "records a=off", "tap a as r1", "tap a as q1", "tap a as q2", "respond r1 saved off",
        "respond q2 rejected",
      ])
    #expect(run.requirements.contains(.latestTapQueued))
    #expect(run.coverage.situationCounts[OptimisticSituation.queuedWriteSent.rawValue] == 1)
  }

  @Test("An unknown outcome drops the queued tap: nothing is sent for it")
  func unknownDropsQueue() throws {
    let subject = try #require(
      SubjectEntry.reference.first { $0.name == "favorites-queue-latest" })
    let run = OptimisticSequenceRun(subject: subject.make(), recording: false)
    #expect(run.perform(.records([.off])) == nil)
    #expect(run.perform(.tap(record: 0)) == nil)
    #expect(run.perform(.tap(record: 0)) == nil)
    #expect(run.perform(.respond(record: 0, age: 0, outcome: .unknown)) == nil)
    #expect(run.coverage.situationCounts[OptimisticSituation.queuedWriteSent.rawValue] == 0)
  }

  @Test("The list that drops the queued tap is found as an in-flight-gate failure")
  func faultFound() throws {
    let fault = Fault.queueLatestDropsQueued
    let report = Explorer(
      options: ExplorationOptions(seed: 1, budget: .sequences(500)), clock: uptime
    ).explore([fault.subject])
    let finding = try #require(report.findings.first)
    #expect(finding.failureClass == .inFlightGate, "\(finding.caseText)")
    #expect(finding.caseText.contains("latest-tap-queued"), "\(finding.caseText)")
    #expect(finding.caseText.contains("sent=yes"), "\(finding.caseText)")
  }

  @Test("A queued write that does not carry the value its row shows breaks an invariant")
  func mislabelledQueuedWrite() throws {
    let subject = SubjectEntry.optimisticUpdates("mislabelled", summary: "") {
      MislabelledQueueFavorites()
    }
    let run = OptimisticSequenceRun(subject: subject.make(), recording: false)
    #expect(run.perform(.records([.off])) == nil)
    #expect(run.perform(.tap(record: 0)) == nil)
    #expect(run.perform(.tap(record: 0)) == nil)
    #expect(run.perform(.tap(record: 0)) == nil)
    let failure = try #require(run.perform(.respond(record: 0, age: 0, outcome: .saved(.off))))
    #expect(failure.mismatches.contains { $0.key == "a.displayed" && $0.isInvariant })
  }

  @Test("Queue-latest with keep-and-retry is still left out, named by both rules")
  func retryingQueueUnmodelled() {
    let subject = SubjectEntry.optimisticUpdates("retrying-queue", summary: "") {
      RetryingQueueFavorites()
    }
    #expect(
      Explorer.unmodelledRule(of: subject)
        == "the in-flight rule queue-latest with the unknown-outcome rule keep-and-retry")
  }
}
