import Contracts
import ReferenceModels
import Testing

@testable import RunModel
@testable import Runner

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

/// How the runner names and checks the writes a queue-latest subject sends by itself.
@MainActor
@Suite("Writes a subject sends by itself")
struct QueuedWriteTests {
  private let reference = SubjectEntry.optimisticUpdates("queue", summary: "") {
    QueueLatestFavorites()
  }

  @Test("A queued tap's name reaches the write sent after the answer, which reports sent=yes")
  func queuedTapNamesTheWrite() throws {
    let result = try runCase(
      """
      suite s family optimistic
      case c
        records a=off
        tap a as r1
        tap a as q1         => sent=no a.pending=r1
        respond r1 saved on => sent=yes a.pending=q1 a.displayed=off
        respond q1 saved off => a.pending=none a.confirmed=off
      """, against: reference)
    #expect(result.outcome == .passed, "\(result.firstFailure?.mismatches.description ?? "")")
  }

  @Test("A write sent with no queued tap naming it shows as unnamed")
  func unnamedQueuedWrite() throws {
    let result = try runCase(
      """
      suite s family optimistic
      case c
        records a=off
        tap a as r1
        tap a
        respond r1 saved on => sent=yes a.pending=none
      """, against: reference)
    let mismatch = try #require(result.firstFailure?.mismatches.first { $0.key == "a.pending" })
    #expect(mismatch.actual == .text("unnamed"))
  }

  @Test("A write sent by the subject that carries another value than the row shows fails")
  func startedWriteCarriesTheShownValue() throws {
    let result = try runCase(
      """
      suite s family optimistic
      case c
        records a=on
        tap a as r1
        tap a as q1
        respond r1 saved off => sent=yes a.pending=q1 a.displayed=on
      """,
      against: .optimisticUpdates("mislabelled", summary: "") { MislabelledQueueFavorites() })
    let broken = try #require(result.firstFailure?.mismatches.first { $0.invariant != nil })
    #expect(broken.invariant == "a write the app sends by itself carries the value the row shows")
    #expect(broken.expected == StateValue(OptimisticValue.off))
  }
}
