import Contracts
import ReferenceModels
import Testing

@testable import RunModel
@testable import Runner

/// The reproduction check on a fresh subject: the reads the app starts at the failing step are
/// part of that step, so replaying the case through it must not call them left unnamed.
@MainActor
@Suite("The reproduction check")
struct ReproductionCheckTests {
  /// A list that reads a record by itself after an unknown outcome, whose timeout keeps the
  /// provisional value shown (one bug): the read starts at the very step that fails.
  final class RereadingProvisionalTimeout: ReferenceFavorites {
    init() {
      super.init(rereadsAutomatically: true)
    }

    override func timeOut(_ state: inout FavoriteState, timingOut request: Request) {
      guard state.pending == request.ticket else { return }
      state = FavoriteState(
        confirmed: state.confirmed, visible: state.visible, needsSync: true, syncing: state.syncing
      )
    }
  }

  private let subject = SubjectEntry.optimisticUpdates("rereading", summary: "") {
    RereadingProvisionalTimeout()
  }

  @Test("A timeout that fails at the step which starts the app's read is classified")
  func readStartedAtFailingStep() throws {
    let result = try runCase(
      """
      suite s family optimistic
      case c
        requires write-timeouts automatic-reads
        records a=off
        tap a as r1
        wait timeout => a.displayed=off
        read a as s1
        respond s1 read off => a.displayed=off
      """, against: subject)
    #expect(result.outcome == .failed)
    #expect(result.classification?.failureClass == .unknownOutcome, "\(result.classification!)")
    #expect(result.classification?.reason.contains("did not reproduce") == false)
  }

  @Test("Cut at the failing step, the same failure gets the same class")
  func cutAtFailingStep() throws {
    let result = try runCase(
      """
      suite s family optimistic
      case c
        requires write-timeouts automatic-reads
        records a=off
        tap a as r1
        wait timeout => a.displayed=off
      """, against: subject)
    #expect(result.outcome == .failed)
    #expect(result.classification?.failureClass == .unknownOutcome, "\(result.classification!)")
  }
}
