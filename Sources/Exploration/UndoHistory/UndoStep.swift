import Contracts

/// One generated undo-history step.
///
/// A calculation is named by its age (0: the newest started), a document switch opens a new
/// document, and a switch back names the document by how recently it was left, so deleting steps
/// keeps the others' meaning.
enum UndoStep: Hashable, Sendable {
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
  /// `switch DOC N` to a document not opened before.
  case switchDocument(Int)
  /// `switch DOC 0` back to a document the run opened and left, `age` documents before the one
  /// left last (or the oldest, when fewer were left): generated under `history-per-document`.
  case switchBack(age: Int)
  /// `undo`.
  case undo
  /// `redo`.
  case redo
  /// `calculate as NAME`.
  case calculate
  /// `deliver NAME N` to the calculation started `age` calculations before the newest (or the
  /// oldest, when fewer were started).
  case deliver(age: Int, result: Int)
  /// `levels N`.
  case levels(Int)
  /// `wait 800ms`: time passes on the runner's clock (generated around a declared coalescing
  /// window).
  case wait(WaitLength)

  /// The contract's kinds the explorer generates, in the order coverage lists them (by the
  /// words each kind's action starts with).
  static let generated = GeneratedKinds<UndoHistoryAction.Kind>([
    .adjust, .dragBegan, .dragMoved, .dragEnded, .dragCancelled, .load, .switchDocument, .undo,
    .redo, .calculate, .deliver, .levels, .wait,
  ])

  /// The contract's kind of the action the step is.
  var kind: UndoHistoryAction.Kind {
    switch self {
    case .adjust: .adjust
    case .dragBegan: .dragBegan
    case .dragMoved: .dragMoved
    case .dragEnded: .dragEnded
    case .dragCancelled: .dragCancelled
    case .load: .load
    case .switchDocument, .switchBack: .switchDocument
    case .undo: .undo
    case .redo: .redo
    case .calculate: .calculate
    case .deliver: .deliver
    case .levels: .levels
    case .wait: .wait
    }
  }

  /// Simpler steps of the same kind, simplest first: round inputs not in `used`, the newest
  /// calculation, small limits.
  func simplifications(avoiding used: Set<Int>) -> [UndoStep] {
    func simpler(than value: Int) -> [Int] {
      Self.simpler(than: value).filter { !used.contains($0) }
    }
    return switch self {
    case .adjust(let value): simpler(than: value).map { .adjust($0) }
    case .dragMoved(let value): simpler(than: value).map { .dragMoved($0) }
    case .load(let value): simpler(than: value).map { .load($0) }
    case .switchDocument(let value): simpler(than: value).map { .switchDocument($0) }
    case .deliver(let age, let result):
      (0..<age).map { .deliver(age: $0, result: result) }
        + simpler(than: result).map { .deliver(age: age, result: $0) }
    case .levels(let count): Self.simplerLimits(than: count).map { .levels($0) }
    case .switchBack(let age): (0..<age).map { .switchBack(age: $0) }
    case .dragBegan, .dragEnded, .dragCancelled, .undo, .redo, .calculate, .wait: []
    }
  }

  /// The numbers the step gives the subject.
  var inputs: [Int] {
    switch self {
    case .adjust(let value), .dragMoved(let value), .load(let value), .switchDocument(let value),
      .deliver(_, let value):
      [value]
    case .dragBegan, .dragEnded, .dragCancelled, .undo, .redo, .calculate, .levels, .wait,
      .switchBack:
      []
    }
  }

  /// Draws a wait around a declared coalescing window, in whole milliseconds: just below it, at
  /// it, just above it, half of it (two of them close it) and twice it.
  static func waitMilliseconds(around window: Duration?, _ random: inout SplitMix64) -> Int {
    let window = window ?? .zero
    let whole =
      Int(window.components.seconds) * 1000
      + Int(window.components.attoseconds / 1_000_000_000_000_000)
    let at = Duration.milliseconds(whole) < window ? whole + 1 : whole
    switch random.below(100) {
    case 0..<30: return max(0, at - 1)
    case 30..<55: return at
    case 55..<75: return at + 1
    case 75..<90: return at / 2
    default: return 2 * at
    }
  }

  /// The inputs a shrunk case prefers, most preferred first: the built-in suites' own numbers.
  static let roundInputs = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 0]

  /// Round inputs preferred to `value`, most preferred first.
  static func simpler(than value: Int) -> [Int] {
    let rank = roundInputs.firstIndex(of: value) ?? roundInputs.count
    return Array(roundInputs.prefix(rank))
  }

  /// Limits preferred to `count`: 1, 2, 3, then unlimited.
  static func simplerLimits(than count: Int) -> [Int] {
    let order = [1, 2, 3, 0]
    let rank = order.firstIndex(of: count) ?? order.count
    return Array(order.prefix(rank))
  }
}
