import Contracts
import UndoKit

/// One generated undo-history sequence on one fresh subject, judged by a model of the history the
/// subject was observed to build (``UndoHistoryModel``).
///
/// Where the contract leaves a choice to the product, the oracle follows the rule the subject
/// declares, or does not judge: a drag back to its start under no declared `unchangedDragRule`
/// leaves the history unjudged until the next load or switch; Undo during a drag is generated only
/// under a declared `undoDuringDragRule`; whether a step that leaves the value as it was changes
/// the document's revision is never assumed, so a result is called stale only after a switch or
/// an observed change of the value.
///
/// Under a declared `history-per-document` the run also switches back to documents it opened and
/// left: the document must come back with the value and the history (and limit) the oracle knew
/// when it was left — a drag in progress then is cancelled, so its start — and a result started
/// before any switch never applies.
///
/// Under a declared coalescing window the run owns the subject's clock and generates waits just
/// below, at and above the window (and half and twice it): an adjustment that changes the value
/// less than the window after the previous one, with only adjustments and waits between them,
/// extends the newest group instead of pushing one; any other step ends the run. A run that ends
/// where it began leaves a group whose undo changes nothing shown; whether that undo leaves a
/// redo is not judged (both histories are followed).
@MainActor
final class UndoSequenceRun: SequenceRun {
  typealias Step = UndoStep

  /// What a user sees after a step, read as the runner reads it.
  private struct Observation: UndoObservation {
    var value = 0
    var display = 0
    var level = 0
    var canUndo = false
    var canRedo = false
    var undoEnabled = false
    var redoEnabled = false
    var undos = 0
    var redos = 0
    var misuse: String?
  }

  /// A drag in progress.
  private struct Drag {
    /// The value when it began.
    var start: Int
    /// The step after which ``start`` was observed.
    var startStep: Int
    /// Whether the value left the start during the drag.
    var changed = false
    /// Whether a result changed the value during the drag (history not judged after it).
    var resultApplied = false
    /// Whether a callback was given an input other than the start.
    var movedAway = false
    /// How many calculations had started when it began.
    var calculationsBefore = 0
    /// Valid results delivered during it that changed nothing yet: the product may apply them
    /// as a group of their own once the gesture is over (ended or cancelled), or drop them.
    var deferred: [(calculation: Int, result: Int)] = []
  }

  /// Where the gesture is, as the runner's drag tracker sees it.
  private enum DragPhase {
    /// No drag.
    case none
    /// A drag in progress.
    case active(Drag)
    /// The subject's drag is over (a switch, or Undo cancelling it), but its callbacks may come.
    case orphaned
  }

  /// A history the step may leave, with the value the step must show under it, if decided.
  private struct Successor {
    var history: UndoHistoryModel
    var value: (value: Int, step: Int)?
  }

  /// Where the limit in force on the shown document was set.
  private enum LimitOrigin {
    /// In this document (or none was set).
    case setHere
    /// In a document shown before this one was opened.
    case carriedByOpening
    /// In this document, before the run left it and switched back.
    case keptThroughSwitchBack
  }

  /// A document the run left, as the oracle knew it then (for switching back).
  private struct LeftDocument {
    /// Its name, as the run opened it.
    var name: String
    /// The histories it may hold; `nil` when not judged.
    var histories: [UndoHistoryModel]?
    /// The limits it may have.
    var limits: [Int]
    /// The value it must show when back, and the step after which it was observed; `nil` when
    /// not judged.
    var value: (value: Int, step: Int)?
  }

  /// The most histories the oracle follows at once.
  private static let alternativeLimit = 64

  private let subject: any UndoHistorySubject
  private let hasDocuments: Bool
  private let hasAsyncResults: Bool
  private let cancelRule: DragCancelRule?
  private let undoRule: UndoDuringDragRule?
  private let unchangedRule: UnchangedDragRule?
  /// Whether the subject declares `history-per-document`: switches back are generated.
  private let keepsDocumentHistory: Bool
  /// The documents the run opened and left, the one left last at the end.
  private var leftDocuments: [LeftDocument] = []
  /// The document the run opened last and shows, or `nil` for the subject's first (unnamed) one.
  private var currentDocument: String?
  private let recording: Bool
  /// The clock the subject reads, moved only by `wait` steps.
  private let clock = VirtualClock()
  private var driver = UndoHistoryDriver()
  /// The subject's declared coalescing window.
  private let window: Duration?
  /// When the adjustment that last changed the value happened, while its coalescing run is open.
  private var runLastAdjusted: Duration?

  private var last: Observation
  private let initialValue: Int
  /// The step after which the current value was first observed (0: before the first step).
  private var valueStep = 0
  /// The histories the subject may hold (several where a declared rule allows either outcome);
  /// `nil` while not judged.
  private var histories: [UndoHistoryModel]?
  /// The history limits the subject may have (a switch may keep or reset the limit).
  private var limits = [0]
  /// How the shown document came to the limit in force: rules that meet only across steps
  /// (a limit set, a switch, then more edits than the limit) are counted, and generated for.
  private var limitOrigin = LimitOrigin.setHere
  private var drag = DragPhase.none
  /// Per calculation (id - 1): whether it is certainly stale now.
  private var stale: [Bool] = []
  /// Per calculation (id - 1): whether its result was delivered.
  private var delivered: [Bool] = []
  /// Per calculation (id - 1): the value when it started.
  private var startValues: [Int] = []
  private var documentsOpened = 0
  private var stepNumber = 0
  private var choice = WeightedChoice<UndoHistoryAction.Kind>()

  private(set) var coverage = Coverage(
    actions: UndoStep.generated.kinds.map(\.words),
    situations: UndoSituation.allCases.map(\.name))
  private(set) var actionTexts: [String] = []
  private(set) var requirements: Set<SubjectCapability> = []

  /// Whether `subject` keeps each document's history across switches (`history-per-document`,
  /// with documents), so a switch to a document left open is a switch back to it.
  static func keepsDocumentHistory(_ subject: any UndoHistorySubject) -> Bool {
    subject.capabilities.contains(.documents) && subject.documentHistoryRule == .perDocument
  }

  init(subject: ContractSubject, recording: Bool) {
    guard case .undoHistory(let subject) = subject else {
      preconditionFailure("an undo-history run needs an undo-history subject")
    }
    self.subject = subject
    let capabilities = subject.capabilities
    hasDocuments = capabilities.contains(.documents)
    hasAsyncResults = capabilities.contains(.asyncResults)
    cancelRule = subject.dragCancelRule
    undoRule = subject.undoDuringDragRule
    unchangedRule = subject.unchangedDragRule
    keepsDocumentHistory = Self.keepsDocumentHistory(subject)
    self.recording = recording
    window = subject.coalescingWindow
    subject.useClock(clock)
    last = Self.observe(subject)
    initialValue = last.value
    histories = [UndoHistoryModel(limit: 0)]
    let ruledOut: [(UndoSituation, Bool)] = [
      (.adjustmentCoalesced, window == nil), (.windowClosedByWait, window == nil),
      (.runEndedByAction, window == nil), (.switchDuringDrag, !hasDocuments),
      (.switchWithRedoPending, !hasDocuments), (.resultDuringGesture, !hasAsyncResults),
      (.staleResult, !hasAsyncResults), (.resultApplied, !hasAsyncResults),
      (.resultDeliveredTwice, !hasAsyncResults), (.resultAfterGesture, !hasAsyncResults),
      (.undoDuringDrag, undoRule == nil), (.redoDuringDrag, undoRule == nil),
      (.cancelledDrag, cancelRule == nil), (.switchBack, !keepsDocumentHistory),
      (.limitReachedAfterOpening, !hasDocuments),
      (.limitReachedAfterSwitchBack, !keepsDocumentHistory),
      // A drag's callbacks outlive it only past a switch or an Undo that cancels it.
      (.oldCallback, !hasDocuments && undoRule != .cancelsDrag),
    ]
    coverage.ruleOut(ruledOut.filter(\.1).map(\.0.rawValue))
  }

  // MARK: - Preconditions and generation

  private var isDragging: Bool {
    if case .active = drag { return true }
    return false
  }

  private var isOrphaned: Bool {
    if case .orphaned = drag { return true }
    return false
  }

  func allows(_ step: UndoStep) -> Bool {
    switch step {
    case .adjust, .load, .levels, .dragBegan: !isDragging
    case .dragMoved, .dragEnded: isDragging || isOrphaned
    case .dragCancelled: cancelRule != nil && (isDragging || isOrphaned)
    case .undo, .redo: !isDragging || undoRule != nil
    case .switchDocument: hasDocuments
    case .switchBack: keepsDocumentHistory && !leftDocuments.isEmpty
    case .calculate: hasAsyncResults
    case .deliver(let age, _): hasAsyncResults && age >= 0 && !stale.isEmpty
    case .wait(let length): length.milliseconds >= 0 || length.fromWindow
    }
  }

  func nextStep(_ random: inout SplitMix64) -> UndoStep {
    choice.reset()
    let calculations = !stale.isEmpty
    switch drag {
    case .active(let info):
      // Without a declared rule for a drag that ends where it began, a drag ends only after a
      // callback moved it, so that the history stays judged.
      let mayEnd = unchangedRule != nil || info.movedAway
      choice.add(.dragMoved, 30)
      choice.add(.dragEnded, 12, when: mayEnd)
      choice.add(
        .dragCancelled, 5, when: cancelRule == .restoreStart || (cancelRule != nil && mayEnd))
      choice.add(.undo, 5, when: undoRule != nil)
      choice.add(.redo, 4, when: undoRule != nil)
      choice.add(.switchDocument, 2, when: hasDocuments)
      choice.add(.calculate, 2, when: hasAsyncResults)
      choice.add(.deliver, 4, when: calculations)
      choice.add(.wait, 3, when: window != nil)
    case .none, .orphaned:
      // A limit that came across a switch is judged only once edits exceed it: reach it.
      let carriedLimit = limitOrigin != .setHere && limits.contains { $0 > 0 }
      choice.add(.adjust, carriedLimit ? 40 : 16)
      choice.add(.dragBegan, 10)
      choice.add(.undo, 14)
      choice.add(.redo, 9)
      choice.add(.load, 3)
      choice.add(.switchDocument, 3, when: hasDocuments)
      choice.add(.calculate, 5, when: hasAsyncResults)
      choice.add(.deliver, 8, when: calculations)
      choice.add(.levels, 3)
      choice.add(.dragMoved, 4, when: isOrphaned)
      choice.add(.dragEnded, 2, when: isOrphaned)
      choice.add(.dragCancelled, 1, when: isOrphaned && cancelRule != nil)
      choice.add(.wait, 12, when: window != nil)
    }
    var start: Int?
    if case .active(let info) = drag { start = info.start }
    switch choice.draw(&random) {
    case .adjust: return .adjust(input(&random, start: start))
    case .dragBegan: return .dragBegan
    case .dragMoved: return .dragMoved(input(&random, start: start))
    case .dragEnded: return .dragEnded
    case .dragCancelled: return .dragCancelled
    case .load: return .load(input(&random, start: start))
    case .switchDocument:
      if keepsDocumentHistory, !leftDocuments.isEmpty, random.chance(50) {
        return .switchBack(age: random.below(min(leftDocuments.count, 3)))
      }
      return .switchDocument(input(&random, start: start))
    case .undo: return .undo
    case .redo: return .redo
    case .calculate: return .calculate
    case .deliver:
      return .deliver(
        age: random.below(min(stale.count, 3)), result: input(&random, start: start))
    case .levels: return .levels(random.below(5))
    case .wait: return .wait(.fixed(milliseconds: waitInput(&random)))
    case .items, .select: preconditionFailure("selection steps are the selection explorer's")
    }
  }

  /// Draws a wait around the declared window, in whole milliseconds.
  private func waitInput(_ random: inout SplitMix64) -> Int {
    UndoStep.waitMilliseconds(around: window, &random)
  }

  /// Draws an input from a wide range: round numbers, small steps from the current value, the
  /// value itself, zero, the drag's start, negatives and very large numbers — so models that
  /// normalise their input meet inputs they change.
  private func input(_ random: inout SplitMix64, start: Int?) -> Int {
    let current = last.value
    switch random.below(100) {
    case 0..<35: return 10 * (1 + random.below(10))
    case 35..<50: return current + (random.chance(50) ? 1 : -1) * (1 + random.below(9))
    case 50..<57: return current
    case 57..<65: return 0
    case 65..<73: return start ?? 10 * (1 + random.below(10))
    case 73..<87:
      switch random.below(4) {
      case 0: return -1
      case 1: return -10
      case 2: return -100
      default: return -1000
      }
    default:
      switch random.below(4) {
      case 0: return 1000
      case 1: return 1_000_000
      case 2: return 1_000_000_000
      default: return -1_000_000_000
      }
    }
  }

  static func simplifications(of step: UndoStep, avoiding used: Set<Int>) -> [UndoStep] {
    step.simplifications(avoiding: used)
  }

  static func inputs(of step: UndoStep) -> [Int] {
    step.inputs
  }

  // MARK: - Binding deliveries to their calculations

  func sent(by step: UndoStep) -> Int? {
    guard case .calculate = step else { return nil }
    return stale.count - 1
  }

  func rebind(_ step: UndoStep, to sent: Int) -> UndoStep? {
    guard case .deliver(_, let result) = step else { return step }
    guard stale.indices.contains(sent) else { return nil }
    return .deliver(age: stale.count - 1 - sent, result: result)
  }

  // MARK: - Performing and judging

  func perform(_ step: UndoStep) -> StepFailure? {
    stepNumber += 1
    let previous = last
    coverage.countAction(UndoStep.generated.place(of: step.kind))
    let failureKind = kind(of: step)
    // Whether a drag's previews and cancellation change the document's revision is the
    // product's business, so a change of the value during a drag makes no result stale; a drag
    // that ends away from its start makes the results started before it stale.
    var wasDragging = false
    var calculationsBefore: Int?
    var dragStart: Int?
    if case .active(let info) = drag {
      wasDragging = true
      calculationsBefore = info.calculationsBefore
      dragStart = info.start
    }
    let (now, failure) = UndoStepLoop.perform(
      stepNumber: stepNumber, kind: failureKind, action: { apply(step) },
      observe: { Self.observe(subject) },
      judge: { judge(step, previous: previous, now: $0) },
      invariants: {
        UndoStepLoop.invariants(
          $0, display: .valueAfter(step: stepNumber, value: $0.value), dragging: isDragging)
      })
    let committedDrag =
      wasDragging && !isDragging && now.value != dragStart
      && (step == .dragEnded || (step == .dragCancelled && cancelRule == .keepCurrent))
    if now.value != previous.value {
      valueStep = stepNumber
      if !wasDragging {
        for index in stale.indices { stale[index] = true }
      }
    }
    if committedDrag, let calculationsBefore {
      for index in 0..<min(calculationsBefore, stale.count) { stale[index] = true }
    }
    last = now
    return failure
  }

  /// The kind of failure a failure of `step` would be, as the oracle is about to judge it: the
  /// action, and whether it comes during a drag, after its drag was over, or stale.
  private func kind(of step: UndoStep) -> String {
    switch (step, drag) {
    case (.dragMoved, .orphaned), (.dragEnded, .orphaned), (.dragCancelled, .orphaned):
      return step.kind.words + " after its drag was over"
    case (.undo, .active), (.redo, .active), (.deliver, .active):
      return step.kind.words + " during a drag"
    case (.deliver(let age, _), _):
      let index = stale.count - 1 - min(age, stale.count - 1)
      return step.kind.words + (stale[index] ? " of a stale result" : "")
    default:
      return step.kind.words
    }
  }

  func text(of step: UndoStep) -> String {
    action(for: step).description
  }

  /// The action `step` is, named as it will be once performed (documents and calculations are
  /// numbered in the order they are opened and started).
  private func action(for step: UndoStep) -> UndoHistoryAction {
    switch step {
    case .adjust(let value): .adjust(value)
    case .dragBegan: .dragBegan
    case .dragMoved(let value): .dragMoved(value)
    case .dragEnded: .dragEnded
    case .dragCancelled: .dragCancelled
    case .load(let value): .load(value)
    case .switchDocument(let value): .switchDocument("d\(documentsOpened + 1)", value)
    case .switchBack(let age): .switchDocument(leftDocuments[leftIndex(age: age)].name, 0)
    case .undo: .undo
    case .redo: .redo
    case .calculate: .calculate("c\(stale.count + 1)")
    case .deliver(let age, let result):
      .deliver("c\(stale.count - min(age, stale.count - 1))", result)
    case .levels(let count): .levels(count)
    case .wait(let length): .wait(length)
    }
  }

  /// Keeps the oracle's account of documents and calculations, then drives the subject with
  /// the step's action, as the runner's session does.
  private func apply(_ step: UndoStep) {
    let action = action(for: step)
    requirements.formUnion(action.kind.neededCapabilities)
    switch step {
    case .switchDocument:
      documentsOpened += 1
    case .switchBack:
      requirements.insert(.historyPerDocument)
    case .calculate:
      stale.append(false)
      delivered.append(false)
      startValues.append(last.value)
    case .wait:
      if window != nil { requirements.insert(.coalescingWindow) }
    case .adjust, .dragBegan, .dragMoved, .dragEnded, .dragCancelled, .load, .undo, .redo,
      .deliver, .levels:
      break
    }
    driver.apply(action, to: subject, clock: clock)
    if recording {
      actionTexts.append(action.description)
    }
  }

  /// Reads what a user sees, the UI layer first, as the runner does.
  private static func observe(_ subject: any UndoHistorySubject) -> Observation {
    var observation = Observation()
    observation.display = subject.displayedValue
    observation.undoEnabled = subject.isUndoEnabled
    observation.redoEnabled = subject.isRedoEnabled
    observation.value = subject.value
    let history = subject.undoHistory
    observation.level = history.groupingLevel
    observation.canUndo = history.canUndo
    observation.undos = history.undoCount
    observation.redos = history.redoCount
    observation.canRedo = observation.redos > 0
    return observation
  }

  /// The histories kept as they are (or, when not judged, the step must leave the counts alone).
  private var unchanged: [Successor]? {
    histories?.map { Successor(history: $0, value: nil) }
  }

  /// Each history with `change` applied.
  private func each(_ change: (inout UndoHistoryModel) -> Void) -> [Successor]? {
    histories?.map { history in
      var changed = history
      change(&changed)
      return Successor(history: changed, value: nil)
    }
  }

  /// Judges `step` against the oracle and moves the oracle on; returns the stated differences.
  private func judge(_ step: UndoStep, previous: Observation, now: Observation) -> [OracleMismatch]
  {
    var expectedValue: (value: Int, step: Int)?
    var countsUnchanged = false
    var successors: [Successor]?
    var forget = false
    let before = (value: previous.value, step: valueStep)
    let groupToNow = UndoHistoryModel.Group(
      before: previous.value, beforeStep: valueStep, after: now.value, afterStep: stepNumber)
    /// The step must change nothing: the value, and the history (judged by the oracle's
    /// histories, or — while a drag is open or the history is not judged — by the counts).
    func nothingChanges() {
      expectedValue = before
      successors = isDragging ? nil : unchanged
      countsUnchanged = successors == nil
    }

    switch step {
    case .adjust(let input):
      if now.value != input { count(.inputNormalised) }
      if now.value != previous.value, let window, let last = runLastAdjusted,
        clock.now - last < window
      {
        count(.adjustmentCoalesced)
        requirements.insert(.coalescingWindow)
        successors = coalescing(groupToNow)
        runLastAdjusted = clock.now
      } else if now.value != previous.value {
        if previous.canRedo { count(.editWithRedoPending) }
        if runLastAdjusted != nil { count(.windowClosedByWait) }
        successors = each { history in
          if history.limit > 0 && history.undo.count == history.limit {
            count(.limitReached)
            switch limitOrigin {
            case .setHere: break
            case .carriedByOpening: count(.limitReachedAfterOpening)
            case .keptThroughSwitchBack: count(.limitReachedAfterSwitchBack)
            }
          }
          history.record(groupToNow)
        }
        runLastAdjusted = window == nil ? nil : clock.now
      } else {
        successors = unchanged
        countsUnchanged = successors == nil
      }

    case .dragBegan:
      expectedValue = before
      drag = .active(
        Drag(start: previous.value, startStep: valueStep, calculationsBefore: stale.count))

    case .dragMoved(let input):
      switch drag {
      case .active(var info):
        if now.value != info.start { info.changed = true }
        if input != info.start { info.movedAway = true }
        drag = .active(info)
      case .orphaned, .none:
        count(.oldCallback)
        nothingChanges()
      }

    case .dragEnded:
      if case .active(let info) = drag {
        drag = .none
        (successors, forget) = endOfDrag(info, previous: previous, now: now)
      } else {
        count(.oldCallback)
        drag = .none
        nothingChanges()
      }

    case .dragCancelled:
      if case .active(let info) = drag, let rule = cancelRule {
        count(.cancelledDrag)
        requirements.insert(rule.capability)
        drag = .none
        switch rule {
        case .restoreStart:
          // After a result applied during the drag, "the start" may be the drag's or the
          // result's: the contract does not say, so the value is not judged.
          expectedValue = info.resultApplied ? nil : (info.start, info.startStep)
          forget = info.resultApplied
          successors = forget ? nil : unchanged
          countsUnchanged = successors == nil && !forget
          // A result held back during the drag may be applied once it is cancelled, as a group
          // of its own on the restored start (the value it was computed on), whenever it was
          // requested. The value is the product's to make of the result (clamped or normalised,
          // it may even be the value the drag showed last); the history is judged: one group
          // from the start.
          if !forget, now.value != info.start, !info.deferred.isEmpty {
            count(.resultAfterGesture)
            expectedValue = nil
            countsUnchanged = false
            successors = each {
              $0.record(
                .init(
                  before: info.start, beforeStep: info.startStep, after: now.value,
                  afterStep: stepNumber))
            }
          }
        case .keepCurrent:
          (successors, forget) = endOfDrag(info, previous: previous, now: now)
        }
      } else {
        count(.oldCallback)
        drag = .none
        nothingChanges()
      }

    case .undo, .redo:
      let isUndo = step == .undo
      if case .active(let info) = drag, let rule = undoRule {
        count(isUndo ? .undoDuringDrag : .redoDuringDrag)
        requirements.insert(rule.capability)
        switch rule {
        case .refused:
          expectedValue = before
          countsUnchanged = true
        case .cancelsDrag:
          expectedValue = info.resultApplied ? nil : (info.start, info.startStep)
          drag = .orphaned
          forget = info.resultApplied
          successors = forget ? nil : unchanged
          countsUnchanged = successors == nil && !forget
        }
      } else if let histories {
        let stack = histories.map { isUndo ? $0.undo : $0.redo }
        if stack.allSatisfy(\.isEmpty) {
          count(isUndo ? .undoWithNothingToUndo : .redoWithNothingToRedo)
        }
        successors = histories.map { history in
          var changed = history
          if isUndo, let group = changed.undoGroup() {
            return Successor(history: changed, value: (group.before, group.beforeStep))
          }
          if !isUndo, let group = changed.redoGroup() {
            return Successor(history: changed, value: (group.after, group.afterStep))
          }
          return Successor(history: history, value: before)
        }
      }

    case .load(let input):
      if now.value != input { count(.inputNormalised) }
      if previous.canRedo { count(.loadWithRedoPending) }
      successors = limits.map { Successor(history: UndoHistoryModel(limit: $0), value: nil) }

    case .switchDocument(let input):
      leaveDocument(previous: previous)
      if now.value != input { count(.inputNormalised) }
      if previous.canRedo { count(.switchWithRedoPending) }
      if isDragging {
        count(.switchDuringDrag)
        drag = .orphaned
      }
      // A new document may keep the editor's limit or start unlimited: the product decides.
      if limits.contains(where: { $0 > 0 }) && !limits.contains(0) {
        limits.append(0)
      }
      currentDocument = "d\(documentsOpened)"
      limitOrigin = .carriedByOpening
      successors = limits.map { Successor(history: UndoHistoryModel(limit: $0), value: nil) }
      for index in stale.indices { stale[index] = true }

    case .switchBack(let age):
      count(.switchBack)
      if previous.canRedo { count(.switchWithRedoPending) }
      let target = leftDocuments.remove(at: leftIndex(age: age))
      leaveDocument(previous: previous)
      if isDragging {
        count(.switchDuringDrag)
        drag = .orphaned
      }
      currentDocument = target.name
      expectedValue = target.value
      limits = target.limits
      limitOrigin = .keptThroughSwitchBack
      if let kept = target.histories {
        successors = kept.map { Successor(history: $0, value: nil) }
      } else {
        forget = true
      }
      for index in stale.indices { stale[index] = true }

    case .calculate:
      nothingChanges()

    case .deliver(let age, _):
      let index = stale.count - 1 - min(age, stale.count - 1)
      if delivered[index] { count(.resultDeliveredTwice) }
      delivered[index] = true
      if stale[index] {
        count(.staleResult)
        nothingChanges()
      } else if case .active(var info) = drag {
        count(.resultDuringGesture)
        if index < info.calculationsBefore && startValues[index] == info.start
          && previous.value != info.start
        {
          // Computed before the drag, on the value the drag has since moved away from: whatever
          // the product counts as an edit, the user's gesture is not to be overwritten by it.
          // (Computed on a value an earlier cancelled drag showed, it may be valid or stale: the
          // product decides whether previews and cancels change the revision.)
          // A cancel brings the document back to the value it was computed on, so the product
          // may hold it and apply it then.
          count(.staleResult)
          expectedValue = before
          countsUnchanged = true
          if case .deliver(_, let result) = step {
            info.deferred.append((index, result))
            drag = .active(info)
          }
        } else if now.value != previous.value {
          info.resultApplied = true
          drag = .active(info)
        } else {
          if case .deliver(_, let result) = step {
            info.deferred.append((index, result))
            drag = .active(info)
          }
          countsUnchanged = true
        }
      } else if now.value != previous.value {
        count(.resultApplied)
        successors = each { $0.record(groupToNow) }
      } else {
        successors = unchanged
        countsUnchanged = successors == nil
      }

    case .wait:
      nothingChanges()

    case .levels(let levels):
      expectedValue = before
      limits = [max(0, levels)]
      limitOrigin = .setHere
      successors = each { history in
        let depth = history.undo.count
        history.setLimit(levels)
        if history.undo.count < depth { count(.limitLowered) }
      }
    }

    switch step {
    case .adjust, .wait: break
    default:
      if runLastAdjusted != nil { count(.runEndedByAction) }
      runLastAdjusted = nil
    }
    var stated: [OracleMismatch] = []
    if let expectedValue, now.value != expectedValue.value {
      stated.append(valueMismatch(expectedValue, actual: now.value))
    }
    if let successors {
      stated += settle(successors, now: now)
    } else if countsUnchanged {
      stated += differences(
        undos: previous.undos, redos: previous.redos, canUndo: previous.canUndo, now: now)
    }
    if forget {
      count(.historyNotJudged)
      histories = nil
    }
    return stated
  }

  /// The position in ``leftDocuments`` of the document left `age` documents before the one left
  /// last (the oldest, when fewer were left).
  private func leftIndex(age: Int) -> Int {
    leftDocuments.count - 1 - min(age, leftDocuments.count - 1)
  }

  /// Remembers the document being left, under `history-per-document`, as the oracle knows it
  /// before the switch: a drag in progress is cancelled by the switch, so the document keeps the
  /// drag's start (unjudged when a result changed it during the drag).
  private func leaveDocument(previous: Observation) {
    guard keepsDocumentHistory, let name = currentDocument else { return }
    var left = LeftDocument(
      name: name, histories: histories, limits: limits, value: (previous.value, valueStep))
    if case .active(let info) = drag {
      left.value = info.resultApplied ? nil : (info.start, info.startStep)
      if info.resultApplied { left.histories = nil }
    }
    leftDocuments.append(left)
  }

  /// The histories an adjustment that joins the open coalescing run may leave: its group ends
  /// where `group` ends; when that is where the run began, its undo may or may not leave a redo.
  private func coalescing(_ group: UndoHistoryModel.Group) -> [Successor]? {
    histories.map { histories in
      histories.flatMap { history in
        var extended = history
        guard extended.coalesce(group) else { return [Successor(history: extended, value: nil)] }
        var empty = extended
        if !empty.undo.isEmpty { empty.undo[empty.undo.count - 1].isEmpty = true }
        return [Successor(history: extended, value: nil), Successor(history: empty, value: nil)]
      }
    }
  }

  /// The histories a drag that just ended may leave, and whether the history stops being judged.
  ///
  /// A valid result held back during the drag may be applied once the drag is over, as a group
  /// of its own after the drag's: then the value is the result's, and the drag's group ends at
  /// the value the drag showed last.
  private func endOfDrag(_ info: Drag, previous: Observation, now: Observation) -> (
    [Successor]?, Bool
  ) {
    if info.resultApplied { return (nil, true) }
    let dragEnd = previous.value
    let committed = dragEnd != info.start
    let held = info.deferred.filter { !(committed && $0.calculation < info.calculationsBefore) }
    if !held.isEmpty, now.value != dragEnd, let histories {
      count(.resultAfterGesture)
      let result = UndoHistoryModel.Group(
        before: dragEnd, beforeStep: valueStep, after: now.value, afterStep: stepNumber)
      let drag = UndoHistoryModel.Group(
        before: info.start, beforeStep: info.startStep, after: dragEnd, afterStep: valueStep)
      return (
        histories.map { history in
          var changed = history
          if committed { changed.record(drag) }
          changed.record(result)
          return Successor(history: changed, value: nil)
        }, false
      )
    }
    let group = UndoHistoryModel.Group(
      before: info.start, beforeStep: info.startStep, after: now.value, afterStep: stepNumber)
    if now.value != info.start {
      return (each { $0.record(group) }, false)
    }
    count(.dragBackToStart)
    guard let rule = unchangedRule else { return (nil, true) }
    requirements.insert(rule.capability)
    switch rule {
    case .recordsNothing:
      return (unchanged, false)
    case .recordsGroup:
      guard let histories else { return (nil, false) }
      var successors: [Successor] = []
      for history in histories {
        var recorded = history
        recorded.record(group)
        successors.append(Successor(history: recorded, value: nil))
        // A drag whose callbacks never moved the value may have recorded nothing, or an empty
        // group (the undo/redo article's editor opens one when the drag begins), whose undo leaves no redo.
        if !info.changed {
          successors.append(Successor(history: history, value: nil))
          var empty = history
          var nothing = group
          nothing.isEmpty = true
          empty.record(nothing)
          successors.append(Successor(history: empty, value: nil))
        }
      }
      return (successors, false)
    }
  }

  /// Keeps the successors the observation agrees with; when none does, returns the differences
  /// from the closest one.
  private func settle(_ successors: [Successor], now: Observation) -> [OracleMismatch] {
    var agreeing: [UndoHistoryModel] = []
    var closest: [OracleMismatch]?
    for successor in successors {
      var found: [OracleMismatch] = []
      if let value = successor.value, now.value != value.value {
        found.append(valueMismatch(value, actual: now.value))
      }
      found += differences(
        undos: successor.history.undo.count, redos: successor.history.redo.count,
        canUndo: !successor.history.undo.isEmpty, now: now)
      if found.isEmpty {
        if !agreeing.contains(successor.history) { agreeing.append(successor.history) }
      } else if closest.map({ found.count < $0.count }) ?? true {
        closest = found
      }
    }
    guard agreeing.isEmpty else {
      // Never drop a history the subject may hold: past the limit, stop judging until the next
      // load or switch instead.
      if agreeing.count > Self.alternativeLimit {
        count(.historyNotJudged)
        histories = nil
      } else {
        histories = agreeing
      }
      return []
    }
    return closest ?? []
  }

  private func differences(undos: Int, redos: Int, canUndo: Bool, now: Observation)
    -> [OracleMismatch]
  {
    var found: [OracleMismatch] = []
    if now.canUndo != canUndo {
      found.append(
        OracleMismatch(
          key: "canUndo", expected: .literal(.bool(canUndo)), actual: .bool(now.canUndo))
      )
    }
    if now.canRedo != (redos > 0) {
      found.append(
        OracleMismatch(
          key: "canRedo", expected: .literal(.bool(redos > 0)), actual: .bool(now.canRedo)))
    }
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

  private func valueMismatch(_ expected: (value: Int, step: Int), actual: Int) -> OracleMismatch {
    OracleMismatch(
      key: "value",
      expected: expected.step == 0
        ? .literal(.int(expected.value)) : .valueAfter(step: expected.step, value: expected.value),
      actual: .int(actual))
  }

  private func count(_ situation: UndoSituation) {
    coverage.countSituation(situation.rawValue)
  }

  // MARK: - The case as a suite writes it

  func statements(for failure: StepFailure) -> (captures: [Int: [String]], expectations: [String]) {
    // The controls' invariants compare them with what the undo manager shows in the same step,
    // which the runner checks itself; written as literals they would hold the faulty values.
    let keys = StateKeys.undoHistory.map(\.key).filter {
      $0 != "undoEnabled" && $0 != "redoEnabled"
    }
    var captures: [Int: [String]] = [:]
    var expectations: [String] = []
    var stated: Set<String> = []
    let ordered = failure.mismatches.filter { keys.contains($0.key) }.sorted {
      (keys.firstIndex(of: $0.key) ?? 0) < (keys.firstIndex(of: $1.key) ?? 0)
    }
    for mismatch in ordered where stated.insert(mismatch.key).inserted {
      switch mismatch.expected {
      case .literal(let value):
        expectations.append("\(mismatch.key)=\(value)")
      case .valueAfter(let step, _):
        let name = "v\(step)"
        if !(captures[step] ?? []).contains("value as \(name)") {
          captures[step, default: []].append("value as \(name)")
        }
        expectations.append("\(mismatch.key)=\(name)")
      }
    }
    return (captures, expectations)
  }
}
