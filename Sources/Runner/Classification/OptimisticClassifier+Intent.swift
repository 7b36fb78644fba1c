import Contracts
import RunModel

/// The experiment for a control wired to the wrong value: what the tap or choice asked for,
/// against what it sent and what the row shows.
extension OptimisticClassifier {
  /// A tap or choice on `record` sent a write (`sent=yes`, the record pending on it) and the row
  /// shows another value than the one the user asked for — the value chosen, or the one a tap
  /// asks for on the value shown before it — and not the value it showed before: the control
  /// asked for another value.
  ///
  /// The experiment then asks, on a fresh subject after the same steps, for the value the row
  /// shows instead; when that choice shows the same, the reason says the two controls behave
  /// alike. It does not apply under the pessimistic display (the row shows the confirmed value
  /// while the write is pending, so what the write asked for is not seen), to a record that had a
  /// write pending under a gate that refuses taps (that is the gate's experiment), or when the
  /// row and the model the subject reports disagree (the row's, not the control's, fault).
  func controlIntent(_ record: String) -> Finding? {
    let before = context.failing.before
    let after = context.failing.after
    guard after.bool("sent") == true, !context.rules.display.showsConfirmedWhilePending,
      let shownBefore = before.value("\(record).displayed"),
      let shown = after.value("\(record).displayed"),
      let pending = after.text("\(record).pending"), pending != "none"
    else { return nil }
    let pendingBefore = before.text("\(record).pending") ?? "none"
    guard pendingBefore == "none" || context.rules.inFlight.acceptsTapsWhilePending,
      pending != pendingBefore
    else { return nil }
    if let model = after.value("\(record).model"), model != shown { return nil }
    let asked: OptimisticValue
    let control: String
    if case .optimistic(.choose(_, let value, _)) = context.failing.action {
      asked = value
      control = "'set \(record) \(value)'"
    } else {
      asked = context.replay.valueAfterTap(showing: shownBefore)
      control = "a tap on \(record) showing \(shownBefore)"
    }
    guard shown != asked, shown != shownBefore else { return nil }
    let alike = context.replay.probe(
      after: context.prefix,
      .optimistic(.choose(record: record, value: shown, request: nil)))
    let comparison =
      alike.value("\(record).displayed") == shown && alike.bool("sent") == true
      ? "; 'set \(record) \(shown)' on the same state shows \(shown) as well, so the two "
        + "controls ask for the same value"
      : ""
    return .confirmed(
      Classification(
        .controlIntent,
        "\(control) asks for \(asked); it sent a write (sent=yes, "
          + "\(after.quoting(["\(record).pending"]))) and the row shows \(shown) "
          + "(\(after.quoting(["\(record).displayed", "\(record).confirmed"])))\(comparison): "
          + "the control asked for another value than the user chose"))
  }
}
