import Contracts
import Foundation
import Platform
import ResultSchema
import RunModel

/// Runs a plan's cases in worker processes: the run alone owns its results, and whatever a
/// subject does to its worker — trap, exit, crash, hang, flood its output — becomes a failing case
/// of class `crashed` or `timed-out`, and the run goes on with a fresh worker.
///
/// Up to ``Configuration/jobs`` workers run cases at once; events still arrive in plan order, so
/// the output of a run does not depend on how many ran side by side.
@MainActor
package struct IsolatedRunner {
  /// How workers are started and limited.
  package struct Configuration: Sendable {
    /// The executable that serves as a worker (the run's own).
    package var executable: String
    /// Its arguments.
    package var arguments: [String]
    /// Its environment (the worker setting is added).
    package var environment: [String: String]
    /// How many workers run cases at once, at least 1.
    package var jobs: Int
    /// The longest a step may take, in seconds; 0 for no limit.
    package var stepTimeout: Double
    /// The longest a case may take, its classification included, in seconds; 0 for no limit.
    package var caseTimeout: Double
    /// A test hook: the point (`classification`) at which workers hold until they are killed.
    package var holdAt: String?

    /// Creates a configuration.
    package init(
      executable: String, arguments: [String] = ["worker"], environment: [String: String],
      jobs: Int, stepTimeout: Double, caseTimeout: Double, holdAt: String? = nil
    ) {
      self.executable = executable
      self.arguments = arguments
      self.environment = environment
      self.jobs = max(1, jobs)
      self.stepTimeout = stepTimeout
      self.caseTimeout = caseTimeout
      self.holdAt = holdAt
    }
  }

  /// How workers are started and limited.
  package var configuration: Configuration
  /// Reads a monotonic clock, in seconds.
  package var clock: @Sendable () -> Double
  /// Whether the run must stop (SIGINT, SIGTERM): asked often, at least ten times a second.
  package var shouldStop: @Sendable () -> Bool
  /// A descriptor that becomes readable when ``shouldStop`` turns true, so the run wakes at once.
  package var wakeDescriptor: FileDescriptor?
  /// Receives every event, in plan order.
  package var onEvent: @MainActor (RunEvent) -> Void
  /// Receives progress remarks for standard error, such as a worker holding for a test hook.
  package var onRemark: @MainActor (String) -> Void
  /// When set, workers replace the values a subject produced with this de-identifier's tokens
  /// before anything leaves them; `nil` keeps them in clear.
  package var deidentifier: Deidentifier?

  /// Creates a runner.
  package init(
    configuration: Configuration, clock: @escaping @Sendable () -> Double,
    shouldStop: @escaping @Sendable () -> Bool = { false }, wakeDescriptor: FileDescriptor? = nil,
    deidentifier: Deidentifier? = nil,
    onEvent: @escaping @MainActor (RunEvent) -> Void = { _ in },
    onRemark: @escaping @MainActor (String) -> Void = { _ in }
  ) {
    self.configuration = configuration
    self.clock = clock
    self.shouldStop = shouldStop
    self.wakeDescriptor = wakeDescriptor
    self.deidentifier = deidentifier
    self.onEvent = onEvent
    self.onRemark = onRemark
  }

  /// Runs `plan` and returns the results.
  ///
  /// - Throws: ``IsolationError`` when a worker cannot be started, or does not answer the worker
  ///   handshake (``WorkerHandshake``): the executable cannot serve as a worker.
  package func run(_ plan: RunPlan) throws(IsolationError) -> RunReport {
    let scheduler = try IsolatedScheduler(runner: self, plan: plan)
    return try scheduler.run()
  }
}

/// A worker could not be started, so nothing could run isolated.
package struct IsolationError: Error, Equatable, CustomStringConvertible {
  /// What went wrong.
  package var description: String

  package init(description: String) {
    self.description = description
  }
}

/// One isolated run in progress.
@MainActor
final class IsolatedScheduler {
  /// One case of the plan.
  private struct Job {
    var entry: Int
    var contractCase: ContractCase
    var suite: ContractSuite
    var subject: SubjectEntry
  }

  /// What a job has produced so far: steps as encoded records, kept only until they are emitted,
  /// and the few a result needs (the trail and the first failure).
  private final class Progress {
    let started: Double
    var received = 0
    var pending: [EncodedStep] = []
    var emitted = 0
    var trail: [[UInt8]] = []
    var firstFailure: EncodedStep?
    var end: End?
    /// Since when the run has not read the job's steps (it holds ``pendingLimit`` of them while
    /// an earlier case is written), so the worker may be waiting for the run.
    var heldSince: Double?
    /// The seconds the job was held before.
    var heldBefore = 0.0

    init(started: Double) {
      self.started = started
    }

    /// The seconds the case has run at `now`, leaving out the time the run held it.
    func runningTime(at now: Double) -> Double {
      now - started - heldBefore - (heldSince.map { now - $0 } ?? 0)
    }

    /// Notes whether the run holds the job at `now`.
    func setHeld(_ held: Bool, at now: Double) {
      if held, heldSince == nil {
        heldSince = now
      } else if !held, let since = heldSince {
        heldBefore += now - since
        heldSince = nil
      }
    }
  }

  /// How a job ended.
  private struct End {
    var outcome: CaseOutcome
    var classification: Classification?
    var duration: Double
    /// For a case whose worker died (crashed, or killed past a time limit) during a step: that
    /// step, the one after the last that finished, and what became of it.
    var unfinished: UnfinishedStep?
  }

  /// A step a worker did not finish: its number and how it ended, a phrase that follows
  /// "step N 'action'", such as "did not finish within 10s".
  private struct UnfinishedStep {
    var number: Int
    var ending: String
  }

  /// A worker and the job it runs.
  private struct Slot {
    var process: WorkerProcess
    var job: Int?
    var lastActivity = 0.0
    var classifying = false
    /// When the run asked the worker for the steps it holds, its time limit having passed; the
    /// reason it records if the worker is killed.
    var flushRequested: (at: Double, reason: (Int) -> Reason, ending: String?)?
    /// When the worker said it caught a fatal signal, and which: its time limits no longer
    /// apply, since a crash report may take a while.
    var crashing: (at: Double, signal: Int32)?
  }

  /// How long a worker that caught a fatal signal may take to end before it is killed.
  private static let crashGrace = 30.0

  /// How long a worker past its time limit has to hand over the steps it completed before it is
  /// killed.
  private static let flushGrace = 0.2

  /// The most steps a job that is not the one being emitted may hold before its worker has to
  /// wait: memory stays bounded however many long cases run side by side.
  private static let pendingLimit = 4096

  private let runner: IsolatedRunner
  private var plan: RunPlan
  private var jobs: [Job] = []
  private var progress: [Int: Progress] = [:]
  private var slots: [Slot] = []
  private var nextJob = 0
  private var nextToEmit = 0
  private var interrupted = false
  /// Why a worker the run needed could not be started; the run ends with it.
  private var startFailure: IsolationError?
  private var suiteResults: [SuiteResult] = []
  private var suiteCases: [CaseResult] = []
  private var suiteStart = 0.0
  private var begun: Set<Int> = []
  private var openSuite: Int?

  init(runner: IsolatedRunner, plan: RunPlan) throws(IsolationError) {
    self.runner = runner
    self.plan = plan
    for (index, entry) in plan.entries.enumerated() {
      for contractCase in entry.cases {
        jobs.append(
          Job(entry: index, contractCase: contractCase, suite: entry.suite, subject: entry.subject))
      }
    }
    let first = try startWorker()
    slots.append(Slot(process: first))
  }

  func run() throws(IsolationError) -> RunReport {
    let start = runner.clock()
    describeSubjects()
    if let startFailure {
      stopAll()
      throw startFailure
    }
    runner.onEvent(.runStarted(plan))
    while nextToEmit < jobs.count, !interrupted {
      if let startFailure {
        stopAll()
        throw startFailure
      }
      if runner.shouldStop() {
        interrupted = true
        break
      }
      dispatch()
      waitForActivity()
      collect()
      // A worker that just finished starts its next case while this process writes the last one.
      dispatch()
      enforceTimeLimits()
      emit()
    }
    if interrupted {
      stopAll()
      emitInterruption()
    }
    finishSuite()
    stopAll()
    var report = RunReport(
      suites: suiteResults, durationSeconds: runner.clock() - start, wasInterrupted: interrupted,
      plannedCases: plan.caseCount)
    report.declaredCapabilities = plan.declaredCapabilities
    report.implementedUndeclared = plan.implementedUndeclared
    runner.onEvent(.runFinished(report))
    return report
  }

  // MARK: - Workers

  private func startWorker() throws(IsolationError) -> WorkerProcess {
    var environment = runner.configuration.environment
    environment[WorkerLoop.environmentKey] =
      "\(WorkerMessage.version):\(ProcessInfo.processInfo.processIdentifier)"
    let process: WorkerProcess
    do {
      process = try WorkerProcess(
        executable: runner.configuration.executable, arguments: runner.configuration.arguments,
        environment: environment, tailLimit: 8192)
    } catch {
      throw IsolationError(description: "\(error)")
    }
    let answer = process.awaitHandshake(
      shouldStop: runner.shouldStop, wakeDescriptor: runner.wakeDescriptor)
    switch answer {
    case .ready, .stopped:
      break
    case .refused(let how):
      throw IsolationError(
        description: WorkerHandshake.failure(executable: runner.configuration.executable, how))
    }
    if let seed = runner.deidentifier?.seed {
      var request = WorkerMessage.Request(kind: .deidentify, subject: "")
      request.salt = seed.salt.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
      request.typed = seed.typed
      _ = process.send(request)
    }
    return process
  }

  /// Asks a worker what a fresh subject of each planned subject declares.
  private func describeSubjects() {
    for subject in plan.subjects where plan.declarations[subject.name] == nil {
      if runner.shouldStop() { return }
      guard let process = idleProcess(at: 0),
        process.send(.init(kind: .describe, subject: subject.name))
      else { continue }
      let deadline = runner.clock() + max(runner.configuration.caseTimeout, 10)
      waiting: while runner.clock() < deadline, !runner.shouldStop() {
        Poll.waitForInput(on: [process.replies, process.log].compactMap { $0 }, timeout: 0.1)
        process.readLog()
        let (replies, ended) = process.readReplies()
        for case .message(let reply) in replies {
          if reply.kind == .described {
            plan.declarations[subject.name] = reply.declarations
          }
          if reply.kind == .probed {
            plan.implementedUndeclared[subject.name] = reply.implemented ?? []
            break waiting
          }
          if reply.kind == .refused {
            process.kill()
            break waiting
          }
        }
        if ended {
          process.kill()
          break
        }
      }
    }
  }

  /// Starts a worker; `nil` when it cannot be, the reason kept in ``startFailure`` (which ends
  /// the run).
  private func startWorkerOrNote() -> WorkerProcess? {
    do {
      return try startWorker()
    } catch {
      startFailure = startFailure ?? error
      return nil
    }
  }

  /// The worker in slot `index` if it is alive and idle, starting a new one if it died.
  private func idleProcess(at index: Int) -> WorkerProcess? {
    if slots[index].process.exitStatus != nil || slots[index].process.replies == nil {
      slots[index].process.kill()
      guard let fresh = startWorkerOrNote() else { return nil }
      slots[index] = Slot(process: fresh)
    }
    return slots[index].job == nil ? slots[index].process : nil
  }

  /// Hands the next jobs to idle workers, starting workers up to the configured number.
  private func dispatch() {
    while nextJob < jobs.count {
      if let reason = plan.skipReason(for: jobs[nextJob].contractCase, on: jobs[nextJob].subject) {
        // The plan skips it: no worker needed.
        progress[nextJob] = Progress(started: runner.clock())
        finish(nextJob, outcome: .skipped(reason: reason), classification: nil)
        nextJob += 1
        continue
      }
      var free = slots.indices.first { slots[$0].job == nil }
      if free == nil, slots.count < runner.configuration.jobs, let process = startWorkerOrNote() {
        slots.append(Slot(process: process))
        free = slots.count - 1
      }
      guard let slot = free, let process = idleProcess(at: slot) else { return }
      let job = jobs[nextJob]
      let request = WorkerMessage.Request(
        kind: .run, subject: job.subject.name,
        suite: job.suite.id, contractCase: job.contractCase.wireForm,
        holdAt: runner.configuration.holdAt)
      let now = runner.clock()
      progress[nextJob] = Progress(started: now)
      slots[slot].job = nextJob
      slots[slot].lastActivity = now
      slots[slot].classifying = false
      slots[slot].flushRequested = nil
      slots[slot].crashing = nil
      nextJob += 1
      process.clearLog()
      if !process.send(request) {
        finishWithWorkerEnd(slot: slot)
      }
    }
  }

  /// Waits until a worker writes something, a signal arrives, or a time limit may have passed.
  private func waitForActivity() {
    var descriptors: [FileDescriptor?] = []
    for slot in slots {
      guard let job = slot.job else { continue }
      descriptors.append(slot.process.log)
      if mayRead(job) {
        descriptors.append(slot.process.replies)
      }
    }
    descriptors.append(runner.wakeDescriptor)
    let open = descriptors.compactMap { $0 }
    guard !open.isEmpty else { return }
    Poll.waitForInput(on: open, timeout: 0.1)
  }

  /// Whether the run reads more of `job`'s steps now: always for the job being emitted; for a
  /// job ahead of it, only while it holds fewer than ``pendingLimit``.
  private func mayRead(_ job: Int) -> Bool {
    job == nextToEmit || (progress[job]?.pending.count ?? 0) < Self.pendingLimit
  }

  /// Reads what every busy worker said, and notices workers that ended.
  private func collect() {
    for index in slots.indices {
      guard let job = slots[index].job else { continue }
      let process = slots[index].process
      process.readLog()
      let now = runner.clock()
      progress[job]?.setHeld(!mayRead(job), at: now)
      guard mayRead(job) else {
        // The worker waits for the run, not for its subject: neither its step nor its case is
        // running late meanwhile.
        slots[index].lastActivity = now
        continue
      }
      let limit =
        job == nextToEmit ? Int.max : Self.pendingLimit - (progress[job]?.pending.count ?? 0)
      let (replies, ended) = process.readReplies(limit: limit)
      for reply in replies {
        handle(reply, slot: index, job: job)
        if slots[index].job == nil { break }
      }
      if slots[index].job != nil, ended || process.wait(blocking: false) != nil {
        if process.replies != nil {
          for reply in process.readReplies().replies where slots[index].job != nil {
            handle(reply, slot: index, job: job)
          }
        }
        if slots[index].job != nil {
          process.readLog()
          finishWithWorkerEnd(slot: index)
        }
      }
    }
  }

  private func handle(_ reply: WorkerProcess.ReplyLine, slot: Int, job index: Int) {
    slots[slot].lastActivity = runner.clock()
    switch reply {
    case .step(let passed, let record):
      guard let state = progress[index] else { return }
      state.received += 1
      let step = EncodedStep(number: state.received, passed: passed, record: record)
      if state.trail.count < CaseResult.trailLimit {
        state.trail.append(record)
      }
      if !passed, state.firstFailure == nil {
        state.firstFailure = step
      }
      state.pending.append(step)
    case .message(let message):
      switch message.kind {
      case .classifying:
        slots[slot].classifying = true
      case .crashing:
        slots[slot].crashing = (runner.clock(), Int32(message.signal ?? 0))
      case .holding:
        runner.onRemark("stategate: holding at classification (a worker test hook)\n")
      case .finished:
        guard let result = message.result else { return }
        finish(index, outcome: outcome(of: result), classification: classification(of: result))
        slots[slot].job = nil
      case .refused:
        finish(
          index, outcome: .failed,
          classification: Classification(
            .unclassified,
            Reason(
              .workerRefused,
              ["problem": message.problem.map { Reason($0) } ?? Reason(.noReasonGiven)])))
        slots[slot].job = nil
      case .described, .probed, .unknown:
        return
      }
    }
  }

  private func outcome(of result: WorkerMessage.Result) -> CaseOutcome {
    switch result.outcome {
    case "passed": .passed
    case "failed": .failed
    case "skipped": .skipped(reason: result.skipReason ?? "skipped")
    default: .interrupted
    }
  }

  private func classification(of result: WorkerMessage.Result) -> Classification? {
    guard let name = result.failureClass else { return nil }
    let reason = result.reason ?? ""
    return Classification(
      FailureClass(rawValue: name) ?? .unclassified, reason: reason,
      explanation: result.explanation ?? Reason(reason),
      alternatives: (result.alternatives ?? []).map {
        Classification(
          FailureClass(rawValue: $0.failureClass) ?? .unclassified, reason: $0.reason,
          explanation: $0.explanation ?? Reason($0.reason))
      })
  }

  /// Records the case of a worker that ended before finishing it as `crashed`.
  ///
  /// - Parameters:
  ///   - slot: The worker's slot.
  ///   - lateSignal: The fatal signal of a worker killed because it took too long to end after
  ///     it.
  private func finishWithWorkerEnd(slot: Int, lateSignal: Int32? = nil) {
    guard let index = slots[slot].job else { return }
    let process = slots[slot].process
    process.readLog()
    process.kill()
    let job = jobs[index]
    let done = progress[index]?.received ?? 0
    let phase =
      slots[slot].classifying
      ? Reason(.whileClassifying) : Reason(.duringStep, ["step": Reason(stepLabel(job, done + 1))])
    let tail = process.tailText()
    let late = lateSignal.map {
      Reason(
        .lateSignal,
        [
          "signal": Reason(WorkerProcess.signalName($0)),
          "grace": Reason(Self.seconds(Self.crashGrace)),
        ])
    }
    let ending = late?.english ?? process.endDescription
    finish(
      index, outcome: .failed,
      classification: Classification(
        .crashed,
        tail.isEmpty
          ? Reason(
            .subjectCrashed,
            ["step": "\(done)", "phase": phase, "ending": late ?? process.endReason])
          : Reason(
            .subjectCrashedWrote,
            [
              "step": "\(done)", "phase": phase, "ending": late ?? process.endReason,
              "text": Reason(tail),
            ])),
      unfinished: slots[slot].classifying
        ? nil : UnfinishedStep(number: done + 1, ending: "crashed: the worker ended with \(ending)")
    )
    slots[slot].job = nil
  }

  /// Kills the workers whose step or case ran past its limit, recording the case `timed-out`.
  ///
  /// A worker writes its steps in batches, so first it is asked for the steps it completed; it is
  /// killed once it had ``flushGrace`` to hand them over, and the reason names the step that hung.
  private func enforceTimeLimits() {
    let now = runner.clock()
    let stepLimit = runner.configuration.stepTimeout
    let caseLimit = runner.configuration.caseTimeout
    for index in slots.indices {
      guard let job = slots[index].job, let state = progress[job] else { continue }
      if let crashing = slots[index].crashing {
        if now - crashing.at > Self.crashGrace {
          finishWithWorkerEnd(slot: index, lateSignal: crashing.signal)
        }
        continue
      }
      if let request = slots[index].flushRequested {
        guard now - request.at >= Self.flushGrace else { continue }
        slots[index].process.kill()
        let done = progress[job]?.received ?? 0
        finish(
          job, outcome: .failed,
          classification: Classification(.timedOut, request.reason(done)),
          unfinished: request.ending.map { UnfinishedStep(number: done + 1, ending: $0) })
        slots[index].job = nil
        continue
      }
      let reason: ((Int) -> Reason)?
      var ending: String?
      if caseLimit > 0, state.runningTime(at: now) > caseLimit {
        ending =
          slots[index].classifying
          ? nil : "did not finish: the case ran past its limit of \(Self.seconds(caseLimit))"
        reason = { done in
          Reason(.caseTimedOut, ["limit": Reason(Self.seconds(caseLimit)), "step": "\(done)"])
        }
      } else if stepLimit > 0, !slots[index].classifying,
        now - slots[index].lastActivity > stepLimit
      {
        let contractCase = jobs[job]
        ending = "did not finish within \(Self.seconds(stepLimit)): the subject hung"
        reason = { [unowned self] done in
          Reason(
            .stepTimedOut,
            [
              "step": Reason(stepLabel(contractCase, done + 1)),
              "limit": Reason(Self.seconds(stepLimit)),
            ])
        }
      } else {
        reason = nil
      }
      guard let reason else { continue }
      slots[index].flushRequested = (now, reason, ending)
      slots[index].process.requestFlush()
    }
  }

  /// A limit in seconds as options write it: `10s`, `0.5s`.
  static func seconds(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value))s" : "\(value)s"
  }

  private func stepLabel(_ job: Job, _ number: Int) -> String {
    let steps = job.contractCase.steps
    guard steps.indices.contains(number - 1) else { return "step \(number)" }
    return "'\(steps[number - 1].action)' (step \(number))"
  }

  private func finish(
    _ index: Int, outcome: CaseOutcome, classification: Classification?,
    unfinished: UnfinishedStep? = nil
  ) {
    guard let started = progress[index]?.started else { return }
    progress[index]?.end = End(
      outcome: outcome, classification: outcome == .failed ? classification : nil,
      duration: runner.clock() - started, unfinished: outcome == .failed ? unfinished : nil)
  }

  // MARK: - Events in plan order

  /// Emits, in plan order, everything that is ready: the steps of the oldest unfinished case as
  /// they come, and every finished case before it.
  private func emit() {
    while nextToEmit < jobs.count, let state = progress[nextToEmit] {
      let index = nextToEmit
      let job = jobs[index]
      if state.received == 0, state.end == nil {
        return
      }
      beginCaseIfNeeded(index)
      emitSteps(of: index)
      guard !interrupted, progress[index]?.pending.isEmpty == true, progress[index]?.end != nil,
        let result = result(of: index)
      else { return }
      runner.onEvent(.caseFinished(result))
      suiteCases.append(result)
      progress[index] = nil
      nextToEmit += 1
      if nextToEmit == jobs.count || jobs[nextToEmit].entry != job.entry {
        finishSuite()
      }
    }
  }

  private func beginCaseIfNeeded(_ index: Int) {
    guard begun.insert(index).inserted else { return }
    let job = jobs[index]
    if openSuite != job.entry {
      openSuite = job.entry
      suiteStart = runner.clock()
      suiteCases = []
      runner.onEvent(.suiteStarted(plan.entries[job.entry]))
    }
    runner.onEvent(
      .caseStarted(suiteID: job.suite.id, caseID: job.contractCase.id, subject: job.subject.name))
  }

  /// Emits the pending steps of job `index`; once a stop is requested no more are emitted, and
  /// the case keeps only the steps that were.
  private func emitSteps(of index: Int) {
    guard let state = progress[index], !state.pending.isEmpty else { return }
    let job = jobs[index]
    var sent = 0
    for step in state.pending {
      if runner.shouldStop() {
        interrupted = true
        break
      }
      runner.onEvent(
        .stepEncoded(
          suiteID: job.suite.id, caseID: job.contractCase.id, subject: job.subject.name,
          step: step))
      sent += 1
    }
    state.emitted += sent
    if sent == state.pending.count {
      state.pending.removeAll(keepingCapacity: true)
    } else {
      state.pending.removeFirst(sent)
    }
  }

  /// The result of job `index`, its trail decoded from the encoded steps when the case did not
  /// pass (a passing case needs none).
  private func result(of index: Int) -> CaseResult? {
    guard let state = progress[index], let end = state.end else { return nil }
    let job = jobs[index]
    let count = min(state.emitted, state.received)
    var trail: [StepRecord] = []
    var firstFailure: StepRecord?
    if end.outcome != .passed {
      // The worker ran the case in the subject's words; its records are read against those steps.
      let steps =
        (plan.declarations[job.subject.name]?.adapt(job.contractCase).contractCase
        ?? job.contractCase).steps
      trail = state.trail.prefix(count).enumerated().compactMap { offset, record in
        decode(record, of: steps, number: offset + 1)
      }
      if let failing = state.firstFailure, failing.number <= count {
        firstFailure = decode(failing.record, of: steps, number: failing.number)
      } else if let unfinished = end.unfinished, unfinished.number == count + 1,
        steps.indices.contains(unfinished.number - 1)
      {
        firstFailure = Self.record(
          of: steps[unfinished.number - 1], number: unfinished.number,
          before: trail.last.flatMap { $0.number == count ? $0.after : nil } ?? StateSnapshot(),
          ending: unfinished.ending)
      }
    }
    return CaseResult(
      suiteID: job.suite.id, caseID: job.contractCase.id, title: job.contractCase.title,
      subject: job.subject.name, outcome: end.outcome, steps: trail, stepCount: count,
      firstFailure: firstFailure, classification: end.classification,
      durationSeconds: end.duration)
  }

  /// The record of a step that did not finish: nothing was observed after it and no expectation
  /// was checked; its note says how it ended.
  private static func record(
    of step: ContractStep, number: Int, before: StateSnapshot, ending: String
  ) -> StepRecord {
    StepRecord(
      number: number, line: step.line, action: step.action, before: before,
      after: StateSnapshot(), expectations: step.expectations, captures: step.captures,
      mismatches: [], notes: [ending])
  }

  private func decode(_ record: [UInt8], of steps: [ContractStep], number: Int) -> StepRecord? {
    guard steps.indices.contains(number - 1) else { return nil }
    if let step = EventRecord.Step(jsonBytes: record) {
      return StepRecord(step, of: steps[number - 1])
    }
    guard case .step(let step)? = try? EventRecord.parse(String(decoding: record, as: UTF8.self))
    else { return nil }
    return StepRecord(step, of: steps[number - 1])
  }

  private func finishSuite() {
    guard let entry = openSuite else { return }
    let suite = plan.entries[entry]
    let result = SuiteResult(
      suiteID: suite.suite.id, title: suite.suite.title, family: suite.suite.family,
      subject: suite.subject.name, cases: suiteCases,
      durationSeconds: runner.clock() - suiteStart)
    runner.onEvent(.suiteFinished(result))
    suiteResults.append(result)
    openSuite = nil
    suiteCases = []
  }

  /// After a stop request: the oldest unfinished case is interrupted with the steps it emitted;
  /// the cases after it, finished or not, are not run.
  private func emitInterruption() {
    guard nextToEmit < jobs.count else { return }
    let index = nextToEmit
    guard begun.contains(index), let state = progress[index] else {
      nextToEmit = jobs.count
      return
    }
    let finishedBeforeTheStop = state.end != nil && state.pending.isEmpty
    if !finishedBeforeTheStop {
      progress[index]?.pending = []
      progress[index]?.received = state.emitted
      progress[index]?.end = nil
      finish(index, outcome: .interrupted, classification: nil)
    }
    if let result = result(of: index) {
      runner.onEvent(.caseFinished(result))
      suiteCases.append(result)
    }
    nextToEmit = jobs.count
  }

  private func stopAll() {
    for slot in slots {
      slot.process.kill()
    }
  }
}
