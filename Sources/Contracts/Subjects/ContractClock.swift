/// The time a subject reads instead of the system's: a clock the runner owns and moves only when
/// a step lets time pass (`wait 800ms`), so rules about time are tested without sleeps.
///
/// The contract: ``now`` starts at zero when the subject is made, never decreases, and does not
/// change between two reads unless a `wait` step came between them. An action scheduled with
/// ``schedule(after:_:)`` runs while a `wait` step lets its deadline pass — never during any other
/// step — and sees ``now`` equal to its deadline; actions due in the same wait run in deadline
/// order, and those with the same deadline in the order they were scheduled. A subject that reads
/// time and sets timers only through the clock it was given
/// (``UndoHistorySubject/useClock(_:)``, ``OptimisticUpdateSubject/useClock(_:)``) therefore
/// behaves the same on every run. Suite `undo-history` (cases that require `coalescing-window`),
/// suite `optimistic-updates` (cases that require `write-timeouts`) and `stategate explore` drive
/// subjects through it.
@MainActor
public protocol ContractClock: AnyObject {
  /// The time passed since the clock started: zero when the subject is made.
  var now: Duration { get }

  /// Schedules `action` to run once `delay` has passed: a timer on the clock.
  ///
  /// The action runs during the `wait` step that lets its deadline (``now`` plus `delay`) pass,
  /// with ``now`` equal to that deadline; a delay of zero runs it during the next wait.
  ///
  /// - Parameters:
  ///   - delay: How long from now the action is due; a negative delay counts as zero.
  ///   - action: The work to run when it is due.
  /// - Returns: A timer that cancels the action when it has not run yet.
  func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> ClockTimer
}

/// An action scheduled on a ``ContractClock``: it can be cancelled until it runs.
@MainActor
public final class ClockTimer {
  /// The time on the clock at which the action is due.
  public let deadline: Duration
  /// Whether the action will still run: neither cancelled nor run yet.
  public private(set) var isScheduled = true

  /// Creates a scheduled timer due at `deadline`.
  ///
  /// - Parameter deadline: The clock's time at which the action is due.
  public init(deadline: Duration) {
    self.deadline = deadline
  }

  /// Cancels the action unless it has run; cancelling twice, or after it ran, does nothing.
  public func cancel() {
    isScheduled = false
  }

  /// Marks the action as run; the clock calls this just before it runs the action.
  func fire() {
    isScheduled = false
  }
}

/// A clock that moves only when told to: the one the runner gives every subject, and the
/// stand-in a subject may hold until it is given one.
@MainActor
public final class VirtualClock: ContractClock {
  /// The time passed since the clock was made: the sum of every ``advance(by:)``.
  public private(set) var now: Duration = .zero

  /// The actions scheduled and neither run nor cancelled, in scheduling order.
  private var scheduled: [(timer: ClockTimer, order: Int, action: @MainActor () -> Void)] = []
  /// The number the next scheduled action gets: ties in deadline run in this order.
  private var nextOrder = 0
  /// How many entries ``scheduled`` may hold before cancelled ones are dropped: twice the
  /// entries left by the last drop, so a subject that cancels every timer it sets (a write's
  /// timeout, stopped by its answer) holds memory for its live timers, not for every timer it
  /// ever set, at a constant cost per timer.
  private var compactionThreshold = 64

  /// Creates a clock at zero.
  public init() {}

  /// Lets `duration` pass, running every scheduled action that falls due on the way.
  ///
  /// Due actions run in deadline order (ties in the order they were scheduled), each with
  /// ``now`` at its own deadline; an action scheduled by one of them runs in the same call when
  /// it falls due before the end. When the call returns, ``now`` has moved by `duration`.
  ///
  /// - Parameter duration: How much time passes; must not be negative.
  public func advance(by duration: Duration) {
    precondition(duration >= .zero, "a virtual clock cannot go back (advance by \(duration))")
    let end = now + duration
    while let next = nextDue(by: end) {
      let entry = scheduled.remove(at: next)
      now = max(now, entry.timer.deadline)
      entry.timer.fire()
      entry.action()
    }
    now = end
  }

  /// The number of actions still scheduled: neither run nor cancelled.
  public var pendingTimers: Int {
    scheduled.filter(\.timer.isScheduled).count
  }

  /// The deadline of the earliest action still scheduled, if any.
  public var nextDeadline: Duration? {
    scheduled.filter(\.timer.isScheduled).map(\.timer.deadline).min()
  }

  public func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void)
    -> ClockTimer
  {
    let timer = ClockTimer(deadline: now + max(.zero, delay))
    if scheduled.count >= compactionThreshold {
      scheduled.removeAll { !$0.timer.isScheduled }
      compactionThreshold = max(64, 2 * scheduled.count)
    }
    scheduled.append((timer, nextOrder, action))
    nextOrder += 1
    return timer
  }

  /// The index of the earliest action due by `end` that is still scheduled, dropping cancelled
  /// ones.
  private func nextDue(by end: Duration) -> Int? {
    scheduled.removeAll { !$0.timer.isScheduled }
    var best: Int?
    for index in scheduled.indices where scheduled[index].timer.deadline <= end {
      guard let current = best else {
        best = index
        continue
      }
      let candidate = scheduled[index]
      let chosen = scheduled[current]
      if (candidate.timer.deadline, candidate.order) < (chosen.timer.deadline, chosen.order) {
        best = index
      }
    }
    return best
  }
}
