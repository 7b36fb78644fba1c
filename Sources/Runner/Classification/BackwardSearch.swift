import Contracts
import RunModel

/// Searches the steps before an undo-history failure for the one that introduced it, when no
/// experiment at the failing step explained the mismatch.
///
/// A bug often records its wrong group at one step and shows it only at a later one, where the
/// case first checks a count: an adjustment that records an extra, empty group passes when its
/// case states nothing about `undos`, and the next adjustment fails `undos=3`. The experiments at
/// the failing step see a count that no probe there explains.
///
/// The contract's expectation of the history after each earlier step is built from what the
/// subject was observed to show in the case's records (the values before and after each step):
/// every effective edit pushes one group and clears the redo side, a drag is one group when it
/// ends (or, under `keep-current`, when it is cancelled), an undo moves the newest group to the
/// redo side, a redo moves it back, the history limit keeps the newest groups. The observable
/// history after a prefix is its undo and redo counts and the values a walk of undos shows,
/// replayed on a fresh subject.
///
/// The search bisects the prefix: one replay checks the whole prefix before the failing step
/// (when its history agrees with the contract, the cause is at the failing step and the search
/// gives nothing); then each replay halves the steps that can hold the first divergence. A case
/// whose failing step is step `n` therefore costs at most `1 + ceil(log2 n)` replays, each of the
/// prefix and at most ``walkLimit`` undos. The step found is the one after which the history
/// first disagrees with the contract; the step-level experiments then run at that step as if it
/// had failed (their own probes, as at any failing step), and the reason names both steps. A
/// divergence only the walk shows, under a history limit, costs one more replay: the prefix with
/// every limit lifted, where an extra group the limit hid shows in the counts.
///
/// The search gives nothing (the verdict stays as the experiments left it) when the subject
/// declares a coalescing window (the coalescing experiment judges those runs), when the prefix
/// holds an action it does not model (a load, a document switch, items, a selection, a result
/// arriving during a drag, a drag that never moved under `records-group`), or when a rule the
/// prefix depends on is not declared.
@MainActor
struct BackwardSearch {
  let context: FailureContext

  /// The most undos one replay performs in its walk.
  static let walkLimit = 32

  /// One group the contract expects: the value before and after it.
  private struct Group {
    var before: Int
    var after: Int
  }

  /// The history the contract expects after a step, and the step's record.
  private struct Expected {
    var record: StepRecord
    var undo: [Group]
    var redo: [Group]
  }

  /// How the history observed after a prefix differs from the contract's.
  private struct Divergence {
    /// Mismatches as a failing step would hold them (counts).
    var mismatches: [Mismatch]
    /// What the walk of undos showed against what the contract expects, when it differed.
    var walk: String?
    /// What differed, for the reason.
    var text: Reason
  }

  /// Bisects the prefix for the step that introduced the divergence and runs the step-level
  /// experiments there.
  ///
  /// - Parameter replays: Counts the prefixes checked (each at most one replay), for the bound's
  ///   test.
  /// - Returns: The classification an experiment confirmed at that step, naming it and the
  ///   failing step that showed it; `nil` when the search does not apply or found nothing.
  func cause(replays: inout Int) -> Classification? {
    let failingNumber = context.failing.number
    guard failingNumber >= 2, let expected = expectedHistory(), expected.count == failingNumber - 1
    else { return nil }
    // D(k): the history after step k differs from the contract's; D(0) is false (a fresh
    // subject has no history), and the search looks for a k with D(k-1) false and D(k) true.
    replays += 1
    guard let last = divergence(after: expected[failingNumber - 2]) else { return nil }
    var low = 0
    var high = failingNumber - 1
    var found = last
    while high - low > 1 {
      let middle = (low + high) / 2
      replays += 1
      if let divergence = divergence(after: expected[middle - 1]) {
        high = middle
        found = divergence
      } else {
        low = middle
      }
    }
    return explain(expected[high - 1], found)
  }

  /// Runs the step-level experiments at the step that introduced the divergence, as if it had
  /// failed with the counts the contract expects.
  private func explain(_ expected: Expected, _ divergence: Divergence) -> Classification? {
    let record = expected.record
    guard case .undoHistory(let action) = record.action else { return nil }
    let lead = Reason(
      .searchingBackwards,
      [
        "at": "'\(record.action)' (step \(record.number))", "divergence": divergence.text,
        "action": Reason(context.actionLabel),
      ])
    if !divergence.mismatches.isEmpty {
      return experiments(at: record, action, divergence, lead: lead)
    }
    return explainWithLimitLifted(at: record.number, lead: lead)
  }

  /// The step-level experiments at `record`, as if it had failed with `divergence`'s counts:
  /// the first class one confirms, with `lead` before its reason.
  private func experiments(
    at record: StepRecord, _ action: UndoHistoryAction, _ divergence: Divergence, lead: Reason
  ) -> Classification? {
    var failing = record
    failing.mismatches = divergence.mismatches
    let steps = Array(context.steps.prefix(record.number - 1)) + [failing]
    let stepContext = FailureContext(
      contractCase: context.contractCase, caseSteps: context.caseSteps, steps: steps,
      failing: failing, replay: context.replay, rules: context.rules)
    for experiment in UndoHistoryClassifier(context: stepContext, action: action).experiments() {
      if case .confirmed(let classification)? = experiment(),
        classification.failureClass != .unclassified
      {
        return Self.prefixing(classification, with: lead)
      }
    }
    return nil
  }

  /// Explains a divergence only the walk of undos shows, under a history limit.
  ///
  /// The limit may have dropped a group and kept an extra one, so the counts agree. The prefix
  /// is replayed with
  /// every limit lifted (`levels 0`); when the counts then disagree with the contract at the
  /// same step, the step-level experiments run there.
  private func explainWithLimitLifted(at number: Int, lead: Reason) -> Classification? {
    let limited = context.caseSteps.prefix(number).contains { step in
      if case .undoHistory(.levels(let count)) = step.action { return count > 0 }
      return false
    }
    guard limited else { return nil }
    let lifted = context.caseSteps.map { step -> ContractStep in
      guard case .undoHistory(.levels) = step.action else { return step }
      var unlimited = step
      unlimited.action = .undoHistory(.levels(0))
      return unlimited
    }
    let records = context.replay.records(Array(lifted.prefix(number)), closesCase: false)
    guard records.count == number, case .undoHistory(let action) = records[number - 1].action
    else { return nil }
    let liftedContext = FailureContext(
      contractCase: context.contractCase, caseSteps: lifted, steps: records,
      failing: records[number - 1], replay: context.replay, rules: context.rules)
    let search = BackwardSearch(context: liftedContext)
    guard let expected = search.expectedHistory(of: records[...], ignoringLimit: true)?.last,
      let divergence = search.divergence(after: expected), !divergence.mismatches.isEmpty
    else { return nil }
    return search.experiments(
      at: expected.record, action, divergence,
      lead: lead + Reason(.withLimitLifted, ["divergence": divergence.text]))
  }

  /// `classification` with `lead` before its reason and each alternative's.
  private static func prefixing(_ classification: Classification, with lead: Reason)
    -> Classification
  {
    var prefixed = classification
    prefixed.reason = lead.english + classification.reason
    prefixed.explanation = lead + classification.explanation
    prefixed.alternatives = classification.alternatives.map { prefixing($0, with: lead) }
    return prefixed
  }

  /// Whether the history a fresh subject shows after the steps through `expected`'s differs from
  /// the contract's: its counts, then the values a walk of undos shows.
  private func divergence(after expected: Expected) -> Divergence? {
    let observed = expected.record.after
    var mismatches: [Mismatch] = []
    var texts: [Reason] = []
    if let undos = observed.int("undos"), undos != expected.undo.count {
      mismatches.append(
        Mismatch(key: "undos", expected: .int(expected.undo.count), actual: .int(undos)))
      texts.append(
        Reason(.contractExpects, ["shown": "undos=\(undos)", "expected": "\(expected.undo.count)"]))
    }
    if let redos = observed.int("redos"), redos != expected.redo.count {
      mismatches.append(
        Mismatch(key: "redos", expected: .int(expected.redo.count), actual: .int(redos)))
      texts.append(
        Reason(.contractExpects, ["shown": "redos=\(redos)", "expected": "\(expected.redo.count)"]))
    }
    if !mismatches.isEmpty {
      return Divergence(mismatches: mismatches, walk: nil, text: .joined(texts, separator: ", "))
    }
    let depth = min(expected.undo.count, Self.walkLimit)
    guard depth > 0 else { return nil }
    let steps = Array(context.caseSteps.prefix(expected.record.number))
    let walked = context.replay.probe(
      after: steps, Array(repeating: .undoHistory(.undo), count: depth)
    ).map { $0.int("value") }
    let wanted = expected.undo.reversed().prefix(depth).map { Optional($0.before) }
    guard walked != wanted else { return nil }
    let show = { (values: [Int?]) in
      values.map { $0.map(String.init) ?? "?" }.joined(separator: ", ")
    }
    return Divergence(
      mismatches: [], walk: show(walked),
      text: Reason(
        .walkContractExpects,
        ["shown": Reason(show(walked)), "expected": Reason(show(wanted))]))
  }

  /// The contract's history after each step before the failing one, from the observed values;
  /// `nil` when the search does not apply (see the type's documentation).
  private func expectedHistory(
    of records: ArraySlice<StepRecord>? = nil, ignoringLimit: Bool = false
  ) -> [Expected]? {
    guard case .undoHistory(let fresh) = context.replay.subject.make(),
      fresh.coalescingWindow == nil
    else { return nil }
    let unchangedDrag = fresh.unchangedDragRule
    var undo: [Group] = []
    var redo: [Group] = []
    var limit = 0
    var dragStart: Int?
    var dragMoved = false
    var found: [Expected] = []
    func trim() {
      if limit > 0, undo.count > limit { undo.removeFirst(undo.count - limit) }
    }
    func push(_ group: Group) {
      undo.append(group)
      redo.removeAll()
      trim()
    }
    /// The group a gesture that ends at `end` records, by the declared rules; `false` when a rule
    /// it depends on is not declared.
    func endGesture(at end: Int) -> Bool {
      guard let start = dragStart else { return true }
      dragStart = nil
      if start != end {
        push(Group(before: start, after: end))
        return true
      }
      switch unchangedDrag {
      case .recordsNothing: return true
      case .recordsGroup:
        // A drag that never moved may have recorded nothing or an empty group: not judged.
        guard dragMoved else { return false }
        push(Group(before: start, after: end))
        return true
      case nil: return false
      }
    }
    for record in records ?? context.earlierRecords {
      guard case .undoHistory(let action) = record.action,
        let before = record.before.int("value"), let after = record.after.int("value")
      else { return nil }
      switch action {
      case .adjust:
        if before != after { push(Group(before: before, after: after)) }
      case .deliver:
        // A result that arrives during a gesture may be held and applied as the gesture ends:
        // not modelled here.
        guard dragStart == nil else { return nil }
        if before != after { push(Group(before: before, after: after)) }
      case .dragBegan:
        dragStart = before
        dragMoved = false
      case .dragMoved:
        if before != after { dragMoved = true }
      case .wait, .calculate:
        break
      case .dragEnded:
        guard endGesture(at: after) else { return nil }
      case .dragCancelled:
        switch context.rules.dragCancel {
        case .restoreStart: dragStart = nil
        case .keepCurrent: guard endGesture(at: after) else { return nil }
        case nil: return nil
        }
      case .undo, .redo:
        if dragStart != nil {
          switch context.rules.undoDuringDrag {
          case .refused: break
          case .cancelsDrag: dragStart = nil
          case nil: return nil
          }
        } else if action == .undo, let group = undo.popLast() {
          redo.append(group)
        } else if action == .redo, let group = redo.popLast() {
          undo.append(group)
          trim()
        }
      case .levels(let count):
        limit = ignoringLimit ? 0 : max(0, count)
        trim()
      case .load, .switchDocument, .items, .select:
        return nil
      }
      found.append(Expected(record: record, undo: undo, redo: redo))
    }
    return found
  }
}
