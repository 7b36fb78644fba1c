import Contracts
import RunModel

/// The experiments for the confirmation rule: a tap that asks the user first, and the user's
/// answer to the question.
extension OptimisticClassifier {
  /// The experiments for a tap or a `set` on `record` of a subject whose taps may ask: whether
  /// it asked when the rule says it must, and sent nothing while asking.
  func askingExperiments(_ record: String) -> [Experiment] {
    guard context.rules.confirmation != .never else { return [] }
    return [{ askedWrongly(record) }, { shownWhileAsking(record) }]
  }

  /// The row asks and shows another value than the confirmed one: nothing was sent, so what the
  /// row shows is not what the model holds.
  private func shownWhileAsking(_ record: String) -> Finding? {
    let after = context.failing.after
    guard context.mismatch("\(record).displayed") != nil, after.bool("\(record).asking") == true,
      after.text("\(record).pending") == "none",
      let shown = after.value("\(record).displayed"),
      let confirmed = after.value("\(record).confirmed"), shown != confirmed
    else { return nil }
    return .confirmed(
      Classification(
        .uiBinding,
        Reason(
          .askingShowsChange,
          [
            "action": Reason(context.actionLabel),
            "observed": Reason(
              after.quoting([
                "\(record).asking", "\(record).displayed", "\(record).confirmed",
                "\(record).pending",
              ])),
            "shown": "\(shown)", "confirmed": "\(confirmed)",
          ])))
  }

  /// The experiments for the user's answer to the question on `record`.
  func answerExperiments(_ record: String, confirming: Bool) -> [Experiment] {
    confirming ? [{ confirmationNotWritten(record) }] : [{ declineChangedRecord(record) }]
  }

  /// A tap that removes sent a write, or did not ask, or a tap that adds asked: the gate in
  /// front of the write is the declared confirmation rule's.
  private func askedWrongly(_ record: String) -> Finding? {
    let before = context.failing.before
    let after = context.failing.after
    let rule = Reason(
      .confirmationRuleDeclared, ["rule": Reason(context.rules.confirmation.rawValue)])
    if context.mismatch("\(record).asking") != nil {
      let asked = after.bool("\(record).asking") ?? false
      return .confirmed(
        Classification(
          .inFlightGate,
          Reason(
            .askedWrongly,
            [
              "rule": rule, "action": "\(action)",
              "displayed": Reason(before.quoting(["\(record).displayed"])),
              "asked": Reason(asked ? .askedFirst : .didNotAskFirst),
              "asking": Reason(after.quoting(["\(record).asking"])),
            ])))
    }
    if context.mismatch("sent")?.actual == .bool(true), after.bool("\(record).asking") == true {
      return .confirmed(
        Classification(.inFlightGate, Reason(.askedAndSent, ["rule": rule, "action": "\(action)"])))
    }
    return nil
  }

  /// Declining the question changed the record or sent a write: a declined confirmation sends
  /// nothing and changes nothing.
  private func declineChangedRecord(_ record: String) -> Finding? {
    let before = context.failing.before
    let after = context.failing.after
    let fields = ["displayed", "confirmed", "pending", "saving"]
    let changed = fields.map { "\(record).\($0)" }.filter { before[$0] != after[$0] }
    guard !changed.isEmpty || context.mismatch("sent") != nil else {
      return .notConfirmed(Reason(.declineChangedNothing, ["record": Reason(record)]))
    }
    return .confirmed(
      Classification(
        .inFlightGate,
        Reason(
          .declineChanged,
          [
            "record": Reason(record), "before": Reason(before.quoting(changed)),
            "after": Reason(after.quoting(changed)),
          ])))
  }

  /// Confirming the question sent no write, or the write did not show as the tap's would.
  private func confirmationNotWritten(_ record: String) -> Finding? {
    let before = context.failing.before
    guard context.mismatch("sent")?.actual == .bool(false), before.bool("\(record).asking") == true
    else { return nil }
    return .confirmed(
      Classification(.inFlightGate, Reason(.confirmationNotWritten, ["record": Reason(record)])))
  }
}
