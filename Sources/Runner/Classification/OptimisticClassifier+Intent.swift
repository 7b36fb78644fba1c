import Contracts
import RunModel

/// The experiment for a control wired to the wrong value: what the tap or choice asked for,
/// against what it sent and what the row shows.
extension OptimisticClassifier {
  /// Confirms `control-intent` for a tap or choice on `record` that asked for another value.
  ///
  /// The step sent a write (`sent=yes`, the record pending on it) and the row shows another
  /// value than the one the user asked for — the value chosen, or the one a tap asks for on the
  /// value shown before it. When the row
  /// still shows the value it showed before, the experiment first checks that the row follows a
  /// choice (``keptShown(_:control:asked:shown:)``).
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
    let control: Reason
    if case .optimistic(.choose(_, let value, _)) = context.failing.action {
      asked = value
      control = "'set \(record) \(value)'"
    } else {
      asked = context.replay.valueAfterTap(showing: shownBefore)
      control = Reason(.controlTap, ["record": Reason(record), "shown": "\(shownBefore)"])
    }
    guard shown != asked else { return nil }
    if shown == shownBefore {
      return keptShown(record, control: control, asked: asked, shown: shown)
    }
    let alike = context.replay.probe(
      after: context.prefix,
      .optimistic(.choose(record: record, value: shown, request: nil)))
    let comparison =
      alike.value("\(record).displayed") == shown && alike.bool("sent") == true
      ? Reason(.sameValueControls, ["choice": "'set \(record) \(shown)'", "shown": "\(shown)"])
      : Reason(parts: [])
    return .confirmed(
      Classification(
        .controlIntent,
        Reason(
          .controlAskedOther,
          [
            "control": control, "asked": "\(asked)",
            "pending": Reason(after.quoting(["\(record).pending"])), "shown": "\(shown)",
            "displayed": Reason(after.quoting(["\(record).displayed", "\(record).confirmed"])),
            "comparison": comparison,
          ])))
  }

  /// The write sent and the row still showing `shown`, the value before it: that is the
  /// control's fault only when the row is seen to follow a choice — another value picked on the
  /// same state, on a fresh subject, shows that value — so the write asked for the value shown.
  private func keptShown(
    _ record: String, control: Reason, asked: OptimisticValue, shown: OptimisticValue
  ) -> Finding? {
    let after = context.failing.after
    for other in context.replay.otherValues(than: asked) where other != shown {
      let probe = context.replay.probe(
        after: context.prefix, .optimistic(.choose(record: record, value: other, request: nil)))
      guard probe.bool("sent") == true else { continue }
      guard probe.value("\(record).displayed") == other else {
        return .notConfirmed(
          Reason(
            .rowDoesNotFollowChoice,
            [
              "control": control, "shown": "\(shown)", "choice": "'set \(record) \(other)'",
              "probed": Reason(probe.quoting(["\(record).displayed"])),
            ]))
      }
      return .confirmed(
        Classification(
          .controlIntent,
          Reason(
            .controlAskedShown,
            [
              "control": control, "asked": "\(asked)",
              "pending": Reason(after.quoting(["\(record).pending"])), "shown": "\(shown)",
              "displayed": Reason(after.quoting(["\(record).displayed", "\(record).confirmed"])),
              "choice": "'set \(record) \(other)'", "other": "\(other)",
            ])))
    }
    return nil
  }
}
