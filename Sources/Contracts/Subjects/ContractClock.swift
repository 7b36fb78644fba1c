/// The time a subject reads instead of the system's: a clock the runner owns and moves only when
/// a step lets time pass (`wait 800ms`), so rules about time are tested without sleeps.
///
/// The contract: ``now`` starts at zero when the subject is made, never decreases, and does not
/// change between two reads unless a `wait` step came between them. A subject that reads time
/// only through the clock it was given (``UndoHistorySubject/useClock(_:)``) therefore behaves
/// the same on every run. Suite `undo-history` (cases that require `coalescing-window`) and
/// `stategate explore` drive subjects through it.
@MainActor
public protocol ContractClock: AnyObject {
  /// The time passed since the clock started: zero when the subject is made.
  var now: Duration { get }
}

/// A clock that moves only when told to: the one the runner gives every subject, and the
/// stand-in a subject may hold until it is given one.
@MainActor
public final class VirtualClock: ContractClock {
  /// The time passed since the clock was made: the sum of every ``advance(by:)``.
  public private(set) var now: Duration = .zero

  /// Creates a clock at zero.
  public init() {}

  /// Lets `duration` pass.
  ///
  /// - Parameter duration: How much time passes; must not be negative.
  public func advance(by duration: Duration) {
    precondition(duration >= .zero, "a virtual clock cannot go back (advance by \(duration))")
    now += duration
  }
}
