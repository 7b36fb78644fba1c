import Contracts
import UndoKit

/// One generated sequence on a fresh undo-history subject that declares capability `selection`,
/// judged item by item by a model of the history it was observed to build
/// (``SelectionHistoryModel``).
///
/// Every sequence loads three items first (`items a=… b=… c=…`), then selects, adjusts, drags,
/// loads, undoes, redoes and limits history, and — where the subject declares them — switches
/// documents, starts calculations and delivers their results, and waits around its coalescing
/// window. The oracle: a selection change changes no value and no history; an adjustment, a drag
/// or a load gives every selected item one value and leaves the others alone; an adjustment or a
/// drag that changed items is one group for all of them, an undo gives each of them its own value
/// back and a redo its value after; a load or a switch empties history. Values during a drag are
/// not judged; a drag that ends where it began under no declared `unchangedDragRule` of
/// `records-nothing` leaves the history unjudged until the next load or switch.
///
/// What a switch does to the items is the product's (their values are not judged), and so is
/// whether the new document keeps the history limit: after a switch with a limit set, history is
/// judged as unlimited until the first action that would exceed the limit, whose undo count tells
/// which the product chose. A calculation's
/// result is certainly stale after a switch, after a step that changed an item outside a drag,
/// or — when it was started before the drag — after a drag that ended away from its start:
/// then it changes nothing. Otherwise the product decides whether it applies (a selection change
/// may count as a new revision); if it changes items, it is one group for all of them. Under a
/// declared coalescing window, an adjustment that changes items less than the window after the
/// previous one, with only adjustments and waits between them, extends that adjustment's group;
/// a run that ends where it began leaves a group whose undo changes nothing, and whether that
/// undo leaves a redo is the product's (the redo count tells). Calculations start during drags; results
/// are delivered and documents switched only between gestures.
@MainActor
final class SelectionSequenceRun: SequenceRun {
  typealias Step = SelectionStep

  /// What a user sees after a step, read as the runner reads it.
  private struct Observation: UndoObservation {
    var values: [String: Int] = [:]
    var displays: [String: Int] = [:]
    var selected: [String] = []
    var value = 0
    var display = 0
    var inspector: Int?
    var level = 0
    var canUndo = false
    var undoEnabled = false
    var redoEnabled = false
    var undos = 0
    var redos = 0
    var misuse: String?
  }

  private let subject: any UndoHistorySubject
  private let cancelRule: DragCancelRule?
  private let unchangedRule: UnchangedDragRule?
  private let hasDocuments: Bool
  private let hasAsyncResults: Bool
  private let recording: Bool
  /// The clock the subject reads, moved only by `wait` steps.
  private let clock = VirtualClock()
  private var driver = UndoHistoryDriver()
  /// The subject's declared coalescing window.
  private let window: Duration?
  /// When the adjustment that last changed items happened, while its coalescing run is open.
  private var runLastAdjusted: Duration?
  private var last: Observation
  /// The history the subject must hold, or `nil` while not judged.
  private var history: SelectionHistoryModel? = SelectionHistoryModel()
  /// The history limit, kept while the history is not judged.
  private var limit = 0
  /// The limit a new document may have kept (or started unlimited) while no action told which;
  /// meanwhile ``limit`` is 0.
  private var keptLimit: Int?
  /// Per calculation (id - 1): whether it is certainly stale now.
  private var stale: [Bool] = []
  /// How many calculations had started when the drag in progress began.
  private var calculationsBeforeDrag = 0
  private var documentsOpened = 0
  /// Whether the items were loaded (the first step).
  private var loaded = false
  /// The selected items' values when the drag in progress began, if one is in progress.
  private var dragStarts: [String: Int]?
  /// Whether a callback of the drag in progress was given an input other than every start.
  private var movedAway = false
  private var stepNumber = 0
  private var choice = WeightedChoice<UndoHistoryAction.Kind>()

  private(set) var coverage = Coverage(
    actions: SelectionStep.generated.kinds.map(\.words),
    situations: SelectionSituation.allCases.map(\.name))
  private(set) var actionTexts: [String] = []
  private(set) var requirements: Set<SubjectCapability> = [.selection]

  init(subject: ContractSubject, recording: Bool) {
    guard case .undoHistory(let subject) = subject else {
      preconditionFailure("a selection run needs an undo-history subject")
    }
    self.subject = subject
    cancelRule = subject.dragCancelRule
    unchangedRule = subject.unchangedDragRule
    let capabilities = subject.capabilities
    hasDocuments = capabilities.contains(.documents)
    hasAsyncResults = capabilities.contains(.asyncResults)
    window = subject.coalescingWindow
    self.recording = recording
    subject.useClock(clock)
    last = Self.observe(subject)
    let ruledOut: [(SelectionSituation, Bool)] = [
      (.adjustmentCoalesced, window == nil), (.windowClosedByWait, window == nil),
      (.runBackToStart, window == nil), (.emptyRunDropped, window == nil),
      (.switchWithHistory, !hasDocuments), (.keptLimitTold, !hasDocuments),
      (.staleResult, !hasAsyncResults), (.resultApplied, !hasAsyncResults),
    ]
    coverage.ruleOut(ruledOut.filter(\.1).map(\.0.rawValue))
  }

  // MARK: - Preconditions and generation

  func allows(_ step: SelectionStep) -> Bool {
    let dragging = dragStarts != nil
    return switch step {
    case .items(let values): !loaded && values.count == SelectionStep.itemIDs.count
    case .select(let mask): loaded && !dragging && mask > 0 && mask < 8
    case .adjust, .load, .levels, .dragBegan, .undo, .redo: loaded && !dragging
    case .dragMoved, .dragEnded: loaded && dragging
    case .dragCancelled: loaded && dragging && cancelRule != nil
    case .switchDocument: loaded && !dragging && hasDocuments
    case .calculate: loaded && hasAsyncResults
    case .deliver(let age, _): loaded && !dragging && hasAsyncResults && age >= 0 && !stale.isEmpty
    case .wait(let length): loaded && (length.milliseconds >= 0 || length.fromWindow)
    }
  }

  func nextStep(_ random: inout SplitMix64) -> SelectionStep {
    guard loaded else {
      return .items(SelectionStep.itemIDs.map { _ in 10 * random.below(11) })
    }
    choice.reset()
    if dragStarts != nil {
      // Without a declared rule for a drag that ends where it began, a drag ends only after a
      // callback moved it, so that the history stays judged.
      let mayEnd = unchangedRule == .recordsNothing || movedAway
      choice.add(.dragMoved, 30)
      choice.add(.dragEnded, 12, when: mayEnd)
      choice.add(
        .dragCancelled, 5, when: cancelRule == .restoreStart || (cancelRule != nil && mayEnd))
      choice.add(.calculate, 2, when: hasAsyncResults)
      choice.add(.wait, 3, when: window != nil)
    } else {
      choice.add(.select, 14)
      choice.add(.adjust, 16)
      choice.add(.dragBegan, 8)
      choice.add(.undo, 14)
      choice.add(.redo, 9)
      choice.add(.load, 2)
      choice.add(.levels, 2)
      choice.add(.switchDocument, 3, when: hasDocuments)
      choice.add(.calculate, 5, when: hasAsyncResults)
      choice.add(.deliver, 8, when: !stale.isEmpty)
      choice.add(.wait, 12, when: window != nil)
    }
    switch choice.draw(&random) {
    case .items: return .items(SelectionStep.itemIDs.map { _ in 10 * random.below(11) })
    case .select: return .select(1 + random.below(7))
    case .adjust: return .adjust(input(&random))
    case .dragBegan: return .dragBegan
    case .dragMoved: return .dragMoved(input(&random))
    case .dragEnded: return .dragEnded
    case .dragCancelled: return .dragCancelled
    case .load: return .load(input(&random))
    case .undo: return .undo
    case .redo: return .redo
    case .levels: return .levels(random.below(5))
    case .switchDocument: return .switchDocument(input(&random))
    case .calculate: return .calculate
    case .deliver: return .deliver(age: random.below(min(stale.count, 3)), result: input(&random))
    case .wait:
      return .wait(.fixed(milliseconds: UndoStep.waitMilliseconds(around: window, &random)))
    }
  }

  /// Draws an input: mostly round numbers (so items often end up equal), sometimes an item's
  /// value now, a negative or a very large number.
  private func input(_ random: inout SplitMix64) -> Int {
    switch random.below(100) {
    case 0..<60: return 10 * random.below(11)
    case 60..<80:
      let ids = SelectionStep.itemIDs
      return last.values[ids[random.below(ids.count)]] ?? 0
    case 80..<90: return -10
    default: return 1_000_000
    }
  }

  static func simplifications(of step: SelectionStep, avoiding used: Set<Int>) -> [SelectionStep] {
    step.simplifications(avoiding: used)
  }

  static func inputs(of step: SelectionStep) -> [Int] {
    step.inputs
  }

  func text(of step: SelectionStep) -> String {
    action(for: step).description
  }

  /// The action `step` is, named as it will be once performed.
  private func action(for step: SelectionStep) -> UndoHistoryAction {
    step.action(documentsOpened: documentsOpened, calculations: stale.count)
  }

  // MARK: - Performing and judging

  func perform(_ step: SelectionStep) -> StepFailure? {
    stepNumber += 1
    let previous = last
    let starts = dragStarts
    let wasDragging = starts != nil
    coverage.countAction(SelectionStep.generated.place(of: step.kind))
    let (now, failure) = UndoStepLoop.perform(
      stepNumber: stepNumber, kind: step.kind.words, action: { apply(step) },
      observe: { Self.observe(subject) },
      judge: { judge(step, previous: previous, now: $0) },
      invariants: { invariants($0, dragging: wasDragging && dragStarts != nil) })
    // A change of an item outside a drag makes every result started so far stale; a drag that
    // ends away from its start makes the results started before it stale. Whether a drag's
    // previews, a selection change or a cancelled drag change the revision is the product's.
    if !wasDragging
      && SelectionStep.itemIDs.contains(where: { now.values[$0] != previous.values[$0] })
    {
      for index in stale.indices { stale[index] = true }
    }
    let committed =
      step == .dragEnded || (step == .dragCancelled && cancelRule == .keepCurrent)
    if let starts, committed, starts.contains(where: { now.values[$0.key] != $0.value }) {
      for index in 0..<min(calculationsBeforeDrag, stale.count) { stale[index] = true }
    }
    last = now
    return failure
  }

  /// Keeps the oracle's account of documents and calculations, then drives the subject with
  /// the step's action, as the runner's session does.
  private func apply(_ step: SelectionStep) {
    let action = action(for: step)
    requirements.formUnion(action.kind.neededCapabilities)
    if recording {
      actionTexts.append(action.description)
    }
    switch step {
    case .switchDocument:
      documentsOpened += 1
    case .calculate:
      stale.append(false)
    case .wait:
      if window != nil { requirements.insert(.coalescingWindow) }
    case .items, .select, .adjust, .dragBegan, .dragMoved, .dragEnded, .dragCancelled, .load,
      .undo, .redo, .deliver, .levels:
      break
    }
    driver.apply(action, to: subject, clock: clock)
  }

  /// Reads what a user sees, the UI layer first, as the runner does.
  private static func observe(_ subject: any UndoHistorySubject) -> Observation {
    var observation = Observation()
    observation.display = subject.displayedValue
    observation.undoEnabled = subject.isUndoEnabled
    observation.redoEnabled = subject.isRedoEnabled
    observation.value = subject.value
    for id in subject.itemIDs {
      observation.displays[id] = subject.displayedValue(of: id)
      observation.values[id] = subject.value(of: id)
    }
    observation.selected = subject.selectedItemIDs
    observation.inspector = subject.inspectorValue
    let history = subject.undoHistory
    observation.level = history.groupingLevel
    observation.canUndo = history.canUndo
    observation.undos = history.undoCount
    observation.redos = history.redoCount
    return observation
  }

  /// Judges `step` against the oracle and moves the oracle on; returns the stated differences.
  private func judge(_ step: SelectionStep, previous: Observation, now: Observation)
    -> [OracleMismatch]
  {
    var found: [OracleMismatch] = []
    switch step {
    case .items(let values):
      loaded = true
      for (id, value) in zip(SelectionStep.itemIDs, values) where now.values[id] != value {
        found.append(mismatch("\(id).value", expected: value, actual: now.values[id]))
      }
      history = freshHistory()
      found += counts(now)

    case .select(let mask):
      let ids = SelectionStep.ids(in: mask)
      if previous.selected.count > 1 || ids.count > 1 { count(.severalSelected) }
      if previous.redos > 0 { count(.selectWithRedoPending) }
      found += unchanged(SelectionStep.itemIDs, previous: previous, now: now)
      found += counts(now)

    case .adjust, .load:
      found += sameValue(previous.selected, now: now)
      found += unchanged(unselected(previous), previous: previous, now: now)
      if case .load = step {
        history = freshHistory()
        found += counts(now)
      } else {
        if Set(previous.selected.map { previous.values[$0] }).count > 1 { count(.mixedEdited) }
        let changed = SelectionStep.itemIDs.contains { now.values[$0] != previous.values[$0] }
        if changed, let window, let lastAdjusted = runLastAdjusted,
          clock.now - lastAdjusted < window
        {
          count(.adjustmentCoalesced)
          requirements.insert(.coalescingWindow)
          found += coalesce(previous: previous, now: now)
          runLastAdjusted = clock.now
        } else {
          if changed && runLastAdjusted != nil { count(.windowClosedByWait) }
          found += record(from: previous.values, previous: previous, now: now)
          if changed { runLastAdjusted = window == nil ? nil : clock.now }
        }
      }

    case .dragBegan:
      dragStarts = previous.values.filter { previous.selected.contains($0.key) }
      calculationsBeforeDrag = stale.count
      movedAway = false
      found += unchanged(SelectionStep.itemIDs, previous: previous, now: now)

    case .dragMoved(let input):
      if let starts = dragStarts, starts.values.contains(where: { $0 != input }) {
        movedAway = true
      }
      found += unchanged(unselected(previous), previous: previous, now: now)

    case .dragEnded, .dragCancelled:
      guard let starts = dragStarts else { break }
      dragStarts = nil
      found += unchanged(unselected(previous), previous: previous, now: now)
      if step == .dragCancelled && cancelRule == .restoreStart {
        for (id, start) in starts where now.values[id] != start {
          found.append(mismatch("\(id).value", expected: start, actual: now.values[id]))
        }
        found += counts(now)
        break
      }
      if starts.count > 1 { count(.dragOnSeveral) }
      // A drag that moved nothing leaves the items as they were, mixed or not.
      let changed = starts.contains { now.values[$0.key] != $0.value }
      if changed {
        found += sameValue(previous.selected, now: now)
      }
      if !changed && unchangedRule != .recordsNothing {
        count(.historyNotJudged)
        history = nil
        break
      }
      found += record(from: starts, previous: previous, now: now)

    case .undo:
      guard var model = history else { break }
      if let group = model.undoGroup() {
        if group.before.count > 1 { count(.undoOfSeveral) }
        found += restored(group.before, previous: previous, now: now)
        // Undoing a run that ended where it began changes nothing: the product may drop it.
        if group.changesNothing && now.redos + 1 == model.redo.count {
          count(.emptyRunDropped)
          model.dropNewestRedo()
        }
      } else {
        found += unchanged(SelectionStep.itemIDs, previous: previous, now: now)
      }
      history = model
      found += counts(now)

    case .redo:
      guard var model = history else { break }
      if let group = model.redoGroup() {
        if group.after.count > 1 { count(.redoOfSeveral) }
        found += restored(group.after, previous: previous, now: now)
      } else {
        found += unchanged(SelectionStep.itemIDs, previous: previous, now: now)
      }
      history = model
      found += counts(now)

    case .levels(let count):
      limit = max(0, count)
      keptLimit = nil
      history?.setLimit(count)
      found += unchanged(SelectionStep.itemIDs, previous: previous, now: now)
      found += counts(now)

    case .switchDocument:
      // The new document's items are the product's; its history is empty.
      if previous.undos > 0 || previous.redos > 0 { count(.switchWithHistory) }
      if limit > 0 {
        keptLimit = limit
        limit = 0
      }
      history = freshHistory()
      found += counts(now)
      for index in stale.indices { stale[index] = true }

    case .calculate, .wait:
      found += nothingChanges(previous: previous, now: now)

    case .deliver(let age, _):
      let index = stale.count - 1 - min(age, stale.count - 1)
      if stale[index] {
        count(.staleResult)
        found += nothingChanges(previous: previous, now: now)
      } else {
        // Whether a valid result applies is the product's (a selection change may count as a
        // new revision); if it changes items, it is one group for all of them.
        if SelectionStep.itemIDs.contains(where: { now.values[$0] != previous.values[$0] }) {
          count(.resultApplied)
        }
        found += record(from: previous.values, previous: previous, now: now)
      }
    }
    switch step {
    case .adjust, .wait: break
    default: runLastAdjusted = nil
    }
    return found
  }

  /// A fresh, judged history under the limit.
  private func freshHistory() -> SelectionHistoryModel {
    var model = SelectionHistoryModel()
    model.setLimit(limit)
    return model
  }

  /// Extends the newest group with the items an adjustment that joins the open coalescing run
  /// changed; returns the differences in the history's counts.
  private func coalesce(previous: Observation, now: Observation) -> [OracleMismatch] {
    var group = SelectionHistoryModel.Group(before: [:], after: [:])
    for id in SelectionStep.itemIDs where now.values[id] != previous.values[id] {
      group.before[id] = previous.values[id]
      group.after[id] = now.values[id]
    }
    if history?.coalesce(group) == false {
      // The run ended where it began: whether its undo leaves a redo is told when it is undone.
      count(.runBackToStart)
    }
    return counts(now)
  }

  /// Differences where a step that must change nothing changed an item or the history's counts
  /// (judged by the history, or — during a drag or while not judged — by the counts before).
  private func nothingChanges(previous: Observation, now: Observation) -> [OracleMismatch] {
    var found: [OracleMismatch] = []
    // The first selected item's value, stated too, is what the runner's classifier reads.
    if now.selected == previous.selected && now.value != previous.value {
      found.append(mismatch("value", expected: previous.value, actual: now.value))
    }
    found += unchanged(SelectionStep.itemIDs, previous: previous, now: now)
    if history != nil && dragStarts == nil {
      return found + counts(now)
    }
    return found + sameCounts(undos: previous.undos, redos: previous.redos, now: now)
  }

  /// Records the group of an action that moved the items from `starts` to what `now` shows, or
  /// nothing when no item changed; returns the differences in the history's counts.
  private func record(from starts: [String: Int], previous: Observation, now: Observation)
    -> [OracleMismatch]
  {
    var before: [String: Int] = [:]
    var after: [String: Int] = [:]
    for (id, start) in starts {
      guard let value = now.values[id], value != start else { continue }
      before[id] = start
      after[id] = value
    }
    if !before.isEmpty {
      if before.count > 1 { count(.groupOfSeveral) }
      let depth = history?.undo.count
      history?.record(.init(before: before, after: after))
      // The first group past a limit a new document may have kept tells whether it kept it.
      if let kept = keptLimit, depth == kept, now.undos == kept || now.undos == kept + 1 {
        count(.keptLimitTold)
        keptLimit = nil
        if now.undos == kept {
          limit = kept
          history?.setLimit(kept)
        }
      }
    }
    return counts(now)
  }

  /// The items not selected before the step.
  private func unselected(_ previous: Observation) -> [String] {
    SelectionStep.itemIDs.filter { !previous.selected.contains($0) }
  }

  /// Differences where one of `ids` changed its value.
  private func unchanged(_ ids: [String], previous: Observation, now: Observation)
    -> [OracleMismatch]
  {
    ids.compactMap { id in
      guard let was = previous.values[id], now.values[id] != was else { return nil }
      return mismatch("\(id).value", expected: was, actual: now.values[id])
    }
  }

  /// Differences where the selected items `ids` do not all hold the first one's value.
  private func sameValue(_ ids: [String], now: Observation) -> [OracleMismatch] {
    guard let first = ids.first, let value = now.values[first] else { return [] }
    return ids.dropFirst().compactMap { id in
      now.values[id] == value
        ? nil : mismatch("\(id).value", expected: value, actual: now.values[id])
    }
  }

  /// Differences where an item in `values` does not hold its value there, or another item
  /// changed.
  private func restored(_ values: [String: Int], previous: Observation, now: Observation)
    -> [OracleMismatch]
  {
    var found = SelectionStep.itemIDs.compactMap { id -> OracleMismatch? in
      guard let value = values[id], now.values[id] != value else { return nil }
      return mismatch("\(id).value", expected: value, actual: now.values[id])
    }
    found += unchanged(
      SelectionStep.itemIDs.filter { values[$0] == nil }, previous: previous, now: now)
    return found
  }

  /// The differences between the judged history's counts and what `now` shows.
  private func counts(_ now: Observation) -> [OracleMismatch] {
    guard let history else { return [] }
    return sameCounts(undos: history.undo.count, redos: history.redo.count, now: now)
  }

  /// The differences between `undos` and `redos` and the counts `now` shows.
  private func sameCounts(undos: Int, redos: Int, now: Observation) -> [OracleMismatch] {
    var found: [OracleMismatch] = []
    if now.undos != undos {
      found.append(
        OracleMismatch(key: "undos", expected: .literal(.int(undos)), actual: .int(now.undos)))
    }
    if now.redos != redos {
      found.append(
        OracleMismatch(key: "redos", expected: .literal(.int(redos)), actual: .int(now.redos)))
    }
    return found
  }

  /// The family's invariants and the selection's, as the runner checks them after every step.
  private func invariants(_ now: Observation, dragging: Bool) -> [OracleMismatch] {
    var selection: [OracleMismatch] = []
    func invariant(_ key: String, _ expected: StateValue, _ actual: StateValue) {
      guard expected != actual else { return }
      selection.append(
        OracleMismatch(key: key, expected: .literal(expected), actual: actual, isInvariant: true))
    }
    for id in SelectionStep.itemIDs {
      if let value = now.values[id], let shown = now.displays[id] {
        invariant("\(id).display", .int(value), .int(shown))
      }
    }
    let selected = now.selected.compactMap { now.values[$0] }
    if !selected.isEmpty {
      let differ = Set(selected).count > 1
      invariant("mixed", .bool(differ), .bool(now.inspector == nil))
      if !differ, let shown = now.inspector {
        invariant("inspector", .int(selected[0]), .int(shown))
      }
    }
    return UndoStepLoop.invariants(
      now, display: .literal(.int(now.value)), extra: selection, dragging: dragging)
  }

  private func mismatch(_ key: String, expected: Int, actual: Int?) -> OracleMismatch {
    OracleMismatch(key: key, expected: .literal(.int(expected)), actual: actual.map { .int($0) })
  }

  private func count(_ situation: SelectionSituation) {
    coverage.countSituation(situation.rawValue)
  }

  // MARK: - The case as a suite writes it

  func statements(for failure: StepFailure) -> (captures: [Int: [String]], expectations: [String]) {
    // The controls' and the inspector's invariants compare them with what the same step shows,
    // which the runner checks itself; written as literals they would hold the faulty values.
    let skipped: Set<String> = ["undoEnabled", "redoEnabled", "inspector", "misuse"]
    var stated: Set<String> = []
    let expectations = failure.mismatches.compactMap { mismatch -> String? in
      guard !skipped.contains(mismatch.key), stated.insert(mismatch.key).inserted,
        case .literal(let value) = mismatch.expected
      else { return nil }
      return "\(mismatch.key)=\(value)"
    }
    return ([:], expectations)
  }
}
