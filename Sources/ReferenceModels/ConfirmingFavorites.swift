import Contracts

/// The reference favourites list that asks before it removes (``ConfirmationRule/beforeRemoving``),
/// as mastodon-ios asks "Unfollow?" before it unfollows: a tap (or a `set`) that would take a
/// record to its resting value sends nothing and opens a question on the row; the row keeps the
/// confirmed value, with no saving indicator.
///
/// Declining closes the question and changes nothing else. Confirming closes it and is then the
/// tap itself: a normal optimistic write of the value the tap asked for, unless the record no
/// longer takes it (a refresh already brought that value). A tap or a `set` on the record while
/// its question is open sends nothing and leaves it open; a session change closes every question.
/// A tap that adds writes at once, as the reference list's does.
///
/// It sends no batches (a batch that removes is not asked about). Everything else is the
/// reference list's: the in-flight gate, the stale-answer checks, syncs, sessions, filters,
/// refreshes and timeouts.
@MainActor
open class ConfirmingFavorites: ReferenceFavorites {
  /// The value each record's open question asks to write, by record id.
  public private(set) var questions: [String: OptimisticValue] = [:]

  open override var confirmationRule: ConfirmationRule { .beforeRemoving }

  open override var capabilities: Set<SubjectCapability> {
    super.capabilities.subtracting([.batches])
  }

  open override func tapAll(records ids: [String]) -> AnyHashable? { nil }

  open override func tap(record id: String) -> AnyHashable? {
    guard let state = states[id] else { return nil }
    return ask(intent(ofTapOn: state), of: id) ?? super.tap(record: id)
  }

  open override func choose(_ value: OptimisticValue, record id: String) -> AnyHashable? {
    ask(value, of: id) ?? super.choose(value, record: id)
  }

  /// Opens the question for a write of `value` to record `id` when the rule asks about it.
  ///
  /// - Returns: `.some(nil)` (nothing sent) when the tap asked, or found a question already
  ///   open; `nil` when the write goes ahead at once.
  private func ask(_ value: OptimisticValue, of id: String) -> AnyHashable?? {
    if questions[id] != nil { return .some(nil) }
    guard let state = states[id], list.isShown(id), state.pending == nil, !state.needsSync,
      state.visible != value, confirmationRule.asks(writing: value, choices: choices)
    else { return nil }
    questions[id] = value
    return .some(nil)
  }

  /// Closes the question on record `id` and sends the write it asked about, as the tap would
  /// have: nothing when no question is open or the record already shows that value.
  open override func confirm(record id: String) -> AnyHashable? {
    guard let value = questions.removeValue(forKey: id), let state = states[id],
      state.visible != value
    else { return nil }
    return write(value, to: id)
  }

  /// Closes the question on record `id`; nothing is sent and nothing else changes.
  open override func decline(record id: String) {
    questions[id] = nil
  }

  public override func replaceSession(with records: [RecordValue]) {
    questions = [:]
    super.replaceSession(with: records)
  }

  public override func state(of id: String) -> RecordState? {
    guard var state = super.state(of: id) else { return nil }
    state.isAsking = questions[id] != nil
    return state
  }
}
