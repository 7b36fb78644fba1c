import Contracts
import Testing

@testable import RunModel

/// Ranked alternatives: the first class is counted, the others follow it once each.
@Suite("Classification ranking")
struct ClassificationRankingTests {
  @Test("A ranked verdict keeps the first class and lists each other class once, in order")
  func rankedKeepsOrderWithoutRepeats() {
    let verdict = Classification.ranked([
      Classification(.unknownOutcome, "kept"),
      Classification(.uiBinding, "stale row", alternatives: [Classification(.unknownOutcome, "x")]),
      Classification(.rollback, "snapshot"),
    ])
    #expect(verdict.failureClass == .unknownOutcome)
    #expect(verdict.rankedClasses == [.unknownOutcome, .uiBinding, .rollback])
    #expect(verdict.rankedNames == "unknown-outcome or ui-binding or rollback")
    #expect(!verdict.isConfident)
    #expect(verdict.rankedReason.hasPrefix("3 explanations survive every experiment: (1) "))
  }

  @Test("One surviving explanation is a confident verdict with its reason alone")
  func singleIsConfident() {
    let verdict = Classification.ranked([Classification(.rollback, "snapshot")])
    #expect(verdict.isConfident)
    #expect(verdict.rankedReason == "snapshot")
    #expect(!Classification(.unclassified, "nothing fits").isConfident)
  }
}
