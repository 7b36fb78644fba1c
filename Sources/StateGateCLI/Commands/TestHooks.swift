import Foundation

#if STATEGATE_TEST_HOOKS
/// The test hooks of `run` and `import`, driven by environment variables so tests can stop a
/// command at an exact point without sleeping: hold at a named point, hold after a step, trap
/// after a step.
///
/// Compiled only into debug (test) builds: in a release build the type below has the same
/// members, reads no variable and does nothing, so a release binary honours none of them.
struct TestHooks {
  /// `STATEGATE_TEST_HOLD_AT`: `start`, `context`, `directory` or `final-write` (held by the
  /// command) or `classification` (held by a worker).
  private let holdPoint: String?
  /// `STATEGATE_TEST_HOLD_AFTER_STEP`: the step after which the run holds.
  private let holdAfterStep: Int?
  /// `STATEGATE_TEST_CRASH_AFTER_STEP`: the step after which the run itself traps.
  private let crashAfterStep: Int?
  /// `STATEGATE_TEST_SIGNAL_AT_START`: `INT`, `TERM` or `HUP`, which the command sends itself
  /// the instant its handlers are installed.
  private let signalAtStart: Int32?
  private let interrupts: InterruptMonitor
  private let io: CommandIO

  init(environment: [String: String], interrupts: InterruptMonitor, io: CommandIO) {
    holdPoint = environment["STATEGATE_TEST_HOLD_AT"]
    holdAfterStep = environment["STATEGATE_TEST_HOLD_AFTER_STEP"].flatMap { Int($0) }
    crashAfterStep = environment["STATEGATE_TEST_CRASH_AFTER_STEP"].flatMap { Int($0) }
    signalAtStart =
      ["INT": SIGINT, "TERM": SIGTERM, "HUP": SIGHUP][
        environment["STATEGATE_TEST_SIGNAL_AT_START"] ?? ""]
    self.interrupts = interrupts
    self.io = io
  }

  /// The point at which workers hold (`classification`) when `STATEGATE_TEST_HOLD_AT` names it.
  static func workerHoldPoint(in environment: [String: String]) -> String? {
    environment["STATEGATE_TEST_HOLD_AT"] == "classification" ? "classification" : nil
  }

  /// Sends the command the signal the hook names, if any.
  func signalStart() {
    if let signalAtStart {
      raise(signalAtStart)
    }
  }

  /// Holds at `point` when the hook names it: says so on standard error and waits (up to 60 s)
  /// for a signal.
  ///
  /// - Returns: Whether the command has been asked to stop.
  func hold(at point: String) -> Bool {
    if holdPoint == point {
      io.writeError("stategate: holding at \(point) (STATEGATE_TEST_HOLD_AT)\n")
      _ = interrupts.waitForSignal(seconds: 60)
    }
    return interrupts.isInterrupted
  }

  /// Runs the step hooks after the `count`-th step of the run.
  func afterStep(_ count: Int) {
    if count == holdAfterStep {
      io.writeError("stategate: holding after step \(count) (STATEGATE_TEST_HOLD_AFTER_STEP)\n")
      _ = interrupts.waitForSignal(seconds: 60)
    }
    if count == crashAfterStep {
      fatalError("crashing after step \(count) (STATEGATE_TEST_CRASH_AFTER_STEP)")
    }
  }
}
#else
/// The test hooks' release face: the same members as in a debug build, none of which reads a
/// variable or does anything, so a release binary has no test hook.
struct TestHooks {
  private let interrupts: InterruptMonitor

  init(environment: [String: String], interrupts: InterruptMonitor, io: CommandIO) {
    self.interrupts = interrupts
  }

  /// No worker holds in a release build.
  static func workerHoldPoint(in environment: [String: String]) -> String? { nil }

  /// Does nothing.
  func signalStart() {}

  /// Holds nowhere.
  ///
  /// - Returns: Whether the command has been asked to stop.
  func hold(at point: String) -> Bool { interrupts.isInterrupted }

  /// Does nothing.
  func afterStep(_ count: Int) {}
}
#endif
