import Contracts

/// One generated step on an undo-history subject with a selection, over three items `a`, `b`, `c`.
///
/// A selection is named by a bit mask over the items (1: `a`, 2: `b`, 4: `c`), a calculation by
/// its age (0: the newest started), and a document switch always opens a new document, so
/// deleting steps keeps the others' meaning.
enum SelectionStep: Hashable, Sendable {
  /// `items a=X b=Y c=Z`: always the first step.
  case items([Int])
  /// `select a,b`: the items in the mask.
  case select(Int)
  /// `adjust N`.
  case adjust(Int)
  /// `drag began`.
  case dragBegan
  /// `drag moved N`.
  case dragMoved(Int)
  /// `drag ended`.
  case dragEnded
  /// `drag cancelled`.
  case dragCancelled
  /// `load N`.
  case load(Int)
  /// `undo`.
  case undo
  /// `redo`.
  case redo
  /// `levels N`.
  case levels(Int)
  /// `switch DOC N` to a document not opened before (capability `documents`).
  case switchDocument(Int)
  /// `calculate as NAME` (capability `async-results`).
  case calculate
  /// `deliver NAME N` to the calculation started `age` calculations before the newest (or the
  /// oldest, when fewer were started).
  case deliver(age: Int, result: Int)
  /// `wait 800ms`: time passes on the runner's clock (generated around a declared coalescing
  /// window).
  case wait(WaitLength)

  /// The items' ids, in order.
  static let itemIDs = ["a", "b", "c"]

  /// The contract's kinds the explorer generates, in the order coverage lists them (by the
  /// words each kind's action starts with).
  static let generated = GeneratedKinds<UndoHistoryAction.Kind>([
    .items, .select, .adjust, .dragBegan, .dragMoved, .dragEnded, .dragCancelled, .load, .undo,
    .redo, .levels, .switchDocument, .calculate, .deliver, .wait,
  ])

  /// The contract's kind of the action the step is.
  var kind: UndoHistoryAction.Kind {
    switch self {
    case .items: .items
    case .select: .select
    case .adjust: .adjust
    case .dragBegan: .dragBegan
    case .dragMoved: .dragMoved
    case .dragEnded: .dragEnded
    case .dragCancelled: .dragCancelled
    case .load: .load
    case .undo: .undo
    case .redo: .redo
    case .levels: .levels
    case .switchDocument: .switchDocument
    case .calculate: .calculate
    case .deliver: .deliver
    case .wait: .wait
    }
  }

  /// The ids of the items in selection mask `mask`, in order.
  static func ids(in mask: Int) -> [String] {
    itemIDs.indices.filter { mask & (1 << $0) != 0 }.map { itemIDs[$0] }
  }

  /// The action the step is, as a suite writes it, when `documentsOpened` documents were opened
  /// and `calculations` calculations started before it (they are numbered in that order).
  func action(documentsOpened: Int, calculations: Int) -> UndoHistoryAction {
    switch self {
    case .items(let values):
      .items(zip(Self.itemIDs, values).map { ItemValue(id: $0.0, value: $0.1) })
    case .select(let mask): .select(Self.ids(in: mask))
    case .adjust(let value): .adjust(value)
    case .dragBegan: .dragBegan
    case .dragMoved(let value): .dragMoved(value)
    case .dragEnded: .dragEnded
    case .dragCancelled: .dragCancelled
    case .load(let value): .load(value)
    case .undo: .undo
    case .redo: .redo
    case .levels(let count): .levels(count)
    case .switchDocument(let value): .switchDocument("d\(documentsOpened + 1)", value)
    case .calculate: .calculate("c\(calculations + 1)")
    case .deliver(let age, let result):
      .deliver("c\(calculations - min(age, calculations - 1))", result)
    case .wait(let length): .wait(length)
    }
  }

  /// Simpler steps of the same kind, simplest first: round inputs not in `used`, the items at
  /// 10, 20 and 30, single items, small limits, the newest calculation.
  func simplifications(avoiding used: Set<Int>) -> [SelectionStep] {
    func simpler(than value: Int) -> [Int] {
      UndoStep.simpler(than: value).filter { !used.contains($0) }
    }
    return switch self {
    case .adjust(let value): simpler(than: value).map { .adjust($0) }
    case .dragMoved(let value): simpler(than: value).map { .dragMoved($0) }
    case .load(let value): simpler(than: value).map { .load($0) }
    case .select(let mask): [1, 2, 4, 3].prefix { $0 != mask }.map { .select($0) }
    case .levels(let count): UndoStep.simplerLimits(than: count).map { .levels($0) }
    case .items(let values): values == [10, 20, 30] ? [] : [.items([10, 20, 30])]
    case .switchDocument(let value): simpler(than: value).map { .switchDocument($0) }
    case .deliver(let age, let result):
      (0..<age).map { .deliver(age: $0, result: result) }
        + simpler(than: result).map { .deliver(age: age, result: $0) }
    case .dragBegan, .dragEnded, .dragCancelled, .undo, .redo, .calculate, .wait: []
    }
  }

  /// The numbers the step gives the subject.
  var inputs: [Int] {
    switch self {
    case .items(let values): values
    case .adjust(let value), .dragMoved(let value), .load(let value), .switchDocument(let value),
      .deliver(_, let value):
      [value]
    case .select, .dragBegan, .dragEnded, .dragCancelled, .undo, .redo, .levels, .calculate,
      .wait:
      []
    }
  }
}
