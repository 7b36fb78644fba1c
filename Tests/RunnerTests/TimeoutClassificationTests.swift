import Contracts
import Faults
import ReferenceModels
import Testing

@testable import RunModel
@testable import Runner

/// The timeout experiments: a wait that lets a write time out wrongly, or too early.
@MainActor
@Suite("Classification of write timeouts")
struct TimeoutClassificationTests {
  private func fault(_ name: String) throws -> SubjectEntry {
    try #require(FaultCatalog.faults.first { $0.name == name }).subject
  }

  @Test("A timeout that keeps the provisional value is unknown-outcome")
  func keepsProvisional() throws {
    let result = try runCase(
      """
      suite s family optimistic
      case c
        requires write-timeouts
        records a=off
        tap a as r1
        wait timeout => a.displayed=off
      """, against: fault("timeout-keeps-provisional"))
    #expect(result.classification?.failureClass == .unknownOutcome)
    #expect(result.classification?.reason.contains("after the timeout of r1") == true)
  }

  @Test("A late answer applied after a timeout is stale-response")
  func lateAnswer() throws {
    let result = try runCase(
      """
      suite s family optimistic
      case c
        requires write-timeouts
        records a=off
        tap a as r1
        wait timeout
        respond r1 saved on => a.confirmed=off
      """, against: fault("late-answer-after-timeout"))
    #expect(result.classification?.failureClass == .staleResponse)
    #expect(
      result.classification?.reason
        == "leaving out the answer to r1 gives the expected state; it was applied although it "
        + "timed out at step 3, a.pending=none when it came")
  }

  @Test("A sync sent before the outcome became unknown that unblocks the record is unknown-outcome")
  func syncBeforeUnknown() throws {
    let result = try runCase(
      """
      suite s family optimistic
      case c
        requires write-timeouts
        records a=off b=off
        tap b as r1
        sync b as s1
        cancel r1
        read b as s2
        respond s1 read on => b.confirmed=off b.needsSync=yes
      """, against: fault("automatic-read-unwired"))
    #expect(result.classification?.failureClass == .unknownOutcome)
    #expect(
      result.classification?.reason
        == [
          "the answer to the sync s1 changed b.needsSync=yes to b.needsSync=no, though it was ",
          "sent at step 3, before the outcome of a write on b became unknown at step 4: its value ",
          "may predate that write, and only the read s2 that followed (step 5) may unblock the ",
          "record; leaving the answer out gives the expected state",
        ].joined())
  }

  @Test("A write withdrawn before its own timeout by an earlier write's timer is stale-response")
  func timerOutlivesAnswer() throws {
    let result = try runCase(
      """
      suite s family optimistic
      case c
        requires write-timeouts
        records a=off
        tap a as r1
        wait 1s
        respond r1 saved on
        tap a as r2
        wait timeout - 1s => a.pending=r2
      """, against: fault("timer-outlives-answer"))
    #expect(result.classification?.failureClass == .staleResponse)
    #expect(
      result.classification?.reason
        == [
          "'wait timeout - 1s' (step 6) withdrew r2 at 10s (a.pending=r2 before, a.pending=none ",
          "after), though its own timeout falls at 11s (sent at step 5, timeout 10s); the timeout ",
          "of r1 (sent at step 2) fell due in this wait: a timer outlived the write it was set for",
        ].joined())
  }

  @Test("A write still pending after its timeout is unknown-outcome")
  func neverTimesOut() throws {
    let subject = SubjectEntry.optimisticUpdates("untimed", summary: "") { TimerlessFavorites() }
    let result = try runCase(
      """
      suite s family optimistic
      case c
        requires write-timeouts
        records a=off
        tap a as r1
        wait timeout => a.pending=none
      """, against: subject)
    #expect(result.classification?.failureClass == .unknownOutcome)
    #expect(result.classification?.reason.contains("pass with no answer") == true)
  }

  @Test("The reference favourites pass a timeout case, with and without automatic reads")
  func referencePasses() throws {
    for rereading in [false, true] {
      let subject = SubjectEntry.optimisticUpdates("ref", summary: "") {
        ReferenceFavorites(rereadsAutomatically: rereading)
      }
      let result = try runCase(
        """
        suite s family optimistic
        case c
          requires write-timeouts
          records a=off
          tap a as r1
          wait timeout - 1ms => a.pending=r1
          wait 1ms => a.pending=none a.needsSync=yes
          read a as s1 => sent=yes
        """, against: subject)
      #expect(result.outcome == .passed, "\(result.firstFailure.map { "\($0)" } ?? "")")
    }
  }
}

/// The reference favourites declaring a timeout that changes nothing when it falls due.
@MainActor
final class TimerlessFavorites: ReferenceFavorites {
  override func timeOut(_ state: inout FavoriteState, timingOut request: Request) {}
}
