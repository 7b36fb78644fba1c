import Contracts
import RunModel

/// The experiment for rows of one entity that keep state of their own.
extension OptimisticClassifier {
  /// Confirms `record-identity` for a tap or choice on `record` after which two rows the subject
  /// groups as one entity (``OptimisticUpdateSubject/entity(of:)``) disagree about the write.
  ///
  /// It applies when the step broke the one-entity invariant and the subject lets one write at a
  /// time per record. On a fresh subject it repeats the step and then taps the entity's other
  /// row: a row sharing the entity's in-flight state sends nothing while the entity's write is
  /// pending, so a tap that sends a second write shows the rows keep state of their own.
  func entitySplit(_ record: String) -> Finding? {
    guard !context.rules.inFlight.acceptsTapsWhilePending,
      context.failing.after.bool("sent") == true,
      let rows = context.failing.mismatches.lazy.compactMap({ mismatch in
        mismatch.invariant.flatMap(OptimisticSession.entityRows(of:))
      }).first,
      rows.row == record || rows.other == record
    else { return nil }
    let sibling = rows.row == record ? rows.other : rows.row
    let probes = context.replay.probe(
      after: context.prefix,
      [context.failing.action, .optimistic(.tap(record: sibling, request: nil))])
    guard probes.count == 2, probes[0].bool("sent") == true else { return nil }
    guard probes[1].bool("sent") == true else {
      return .notConfirmed(
        Reason(
          .entityRowsShare,
          ["row": Reason(rows.row), "other": Reason(rows.other), "sibling": Reason(sibling)]))
    }
    return .confirmed(
      Classification(
        .recordIdentity,
        Reason(
          .entityRowsSplit,
          [
            "action": Reason(context.actionLabel), "record": Reason(record),
            "pending": Reason(
              context.failing.after.quoting(["\(record).pending", "\(sibling).pending"])),
            "sibling": Reason(sibling),
            "siblingPending": Reason(probes[1].quoting(["\(sibling).pending"])),
          ])))
  }
}
