import Contracts
import RunModel

/// The experiments for waits: time passing on the runner's clock, and the write timeouts it
/// makes fall due.
extension OptimisticClassifier {
  /// The experiments for a `wait` step: for each record the step changed or should have, whether
  /// its write timed out when it should, too early, or was withdrawn the wrong way.
  func timeoutExperiments() -> [Experiment] {
    let records = context.keys.map { $0.split(separator: ".").first.map(String.init) ?? $0 }
    return Set(records).sorted().map { record in { timedOut(record) } }
  }

  /// Explains the failing wait for `record`: a write pending before it that was withdrawn before
  /// its own timeout (a timer of an earlier write), withdrawn the wrong way (as an unknown
  /// outcome), or not withdrawn although its timeout elapsed.
  private func timedOut(_ record: String) -> Finding? {
    let before = context.failing.before
    let after = context.failing.after
    guard let pending = before.text("\(record).pending"), pending != "none" else { return nil }
    guard let timeout = context.rules.writeTimeout else {
      return .notConfirmed(
        Reason(.noWriteTimeout, ["action": Reason(context.actionLabel), "record": Reason(record)]))
    }
    let times = clockTimes()
    let now = times[context.failing.number] ?? .zero
    guard let sentAt = sendingStep(of: pending), let sentTime = times[sentAt] else { return nil }
    let deadline = sentTime + timeout
    let withdrawn = after.text("\(record).pending") != pending
    if withdrawn, deadline > now {
      let earlier = earlierWrites(on: record, before: sentAt).filter { step in
        guard let time = times[step.number] else { return false }
        return time + timeout <= now
      }
      let reason =
        earlier.isEmpty
        ? Reason(.noWriteDueBy, ["record": Reason(record)])
        : Reason(
          .earlierTimeoutFellDue,
          [
            "writes": .joined(earlier.map(\.name), separator: ", "),
            "steps": Reason(earlier.map { String($0.number) }.joined(separator: ", ")),
          ])
      return .confirmed(
        Classification(
          .staleResponse,
          Reason(
            .timerOutlivedWrite,
            [
              "action": Reason(context.actionLabel), "request": Reason(pending),
              "now": Reason(text(now)), "before": Reason(before.quoting(["\(record).pending"])),
              "after": Reason(after.quoting(["\(record).pending"])),
              "deadline": Reason(text(deadline)), "step": "\(sentAt)",
              "timeout": Reason(text(timeout)), "reason": reason,
            ])))
    }
    if withdrawn {
      return unknownOutcome(record, after: Reason(.timeoutOf, ["request": Reason(pending)]))
    }
    guard deadline <= now else {
      return .notConfirmed(
        Reason(
          .stillPendingBeforeTimeout,
          [
            "request": Reason(pending), "now": Reason(text(now)),
            "deadline": Reason(text(deadline)),
          ]))
    }
    return .confirmed(
      Classification(
        .unknownOutcome,
        Reason(
          .timeoutNotGivenUp,
          [
            "action": Reason(context.actionLabel), "request": Reason(pending),
            "step": "\(sentAt)", "deadline": Reason(text(deadline)),
            "counts": Reason(after.quoting(["\(record).pending"])),
          ])))
  }

  /// A sync sent before its record's write outcome became unknown — cancelled, answered
  /// unknown, timed out — unblocked the record when answered after the read that must follow:
  /// its value may predate the write, and leaving the answer out gives the expected state.
  func syncBeforeUnknown(_ request: String?, target: String, what: Reason) -> Finding? {
    let needsSync = "\(target).needsSync"
    let before = context.failing.before
    let after = context.failing.after
    guard let request, before.bool(needsSync) == true, after.bool(needsSync) == false else {
      return nil
    }
    var sentAt: Int?
    var blockedAt: Int?
    var read: (name: String, number: Int)?
    for step in context.earlierRecords {
      switch step.action {
      case .optimistic(.sync(target, request)), .optimistic(.read(target, request)):
        sentAt = step.number
        continue
      default:
        break
      }
      guard sentAt != nil else { continue }
      if step.before.bool(needsSync) == false, step.after.bool(needsSync) == true {
        blockedAt = step.number
      }
      if blockedAt != nil, case .optimistic(.read(target, let other)) = step.action,
        other != request
      {
        read = (other, step.number)
      }
    }
    guard let sentAt, let blockedAt, let read else { return nil }
    guard failingStepLeftOutMeetsExpectations() else {
      return .notConfirmed(Reason(.leavingOutFails, ["what": what]))
    }
    return .confirmed(
      Classification(
        .unknownOutcome,
        Reason(
          .syncPredatesUnknown,
          [
            "what": what, "before": Reason(before.quoting([needsSync])),
            "after": Reason(after.quoting([needsSync])), "sent": "\(sentAt)",
            "record": Reason(target), "blocked": "\(blockedAt)", "read": Reason(read.name),
            "step": "\(read.number)",
          ])))
  }

  /// The clock's time after each step, by step number, from the case's waits and the subject's
  /// declared timeout.
  private func clockTimes() -> [Int: Duration] {
    var now = Duration.zero
    var times: [Int: Duration] = [:]
    for (index, step) in context.through.enumerated() {
      if case .optimistic(.wait(let length)) = step.action {
        now += length.duration(timeout: context.rules.writeTimeout)
      }
      times[index + 1] = now
    }
    return times
  }

  /// The number of the step that sent the write or batch `request`.
  private func sendingStep(of request: String) -> Int? {
    context.earlierRecords.first { step in
      switch step.action {
      case .optimistic(.tap(_, request)), .optimistic(.batch(_, request)): true
      default: false
      }
    }?.number
  }

  /// The writes and batches on `record` sent before step `number`, by name and step.
  private func earlierWrites(on record: String, before number: Int) -> [(name: Reason, number: Int)]
  {
    context.earlierRecords.compactMap { step in
      guard step.number < number, step.after.bool("sent") == true else { return nil }
      switch step.action {
      case .optimistic(.tap(record, let name)):
        return (name.map { Reason($0) } ?? Reason(.unnamedWrite), step.number)
      case .optimistic(.batch(let records, let name)) where records.contains(record):
        return (name.map { Reason($0) } ?? Reason(.unnamedBatch), step.number)
      default:
        return nil
      }
    }
  }

  /// A time as suites write lengths: `10s` or `9999ms`.
  private func text(_ time: Duration) -> String {
    let milliseconds =
      Int(time.components.seconds) * 1000
      + Int(time.components.attoseconds / 1_000_000_000_000_000)
    return WaitLength.fixed(milliseconds: milliseconds).description
  }
}
