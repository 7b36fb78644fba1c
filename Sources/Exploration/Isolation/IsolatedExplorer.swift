import Contracts
import Foundation
import Platform
import RunModel
import Runner

/// Explores subjects in worker processes, as ``Explorer`` does in its own: the same sequences,
/// shrinks and reports, but a subject that traps, exits, crashes or hangs ends only its worker.
///
/// Each subject is explored in a worker of its own. When a worker ends without its report, or
/// reports no progress within the step limit, the sequence it was running is generated again in
/// a fresh worker that says each step before performing it; the steps up to the one the subject
/// broke in become the finding, shrunk by replaying smaller cases isolated, and its class is the
/// runner's: `crashed` or `timed-out`, with the step. Every found case is run once more through
/// ``IsolatedRunner``, which gives its result and class.
@MainActor
package struct IsolatedExplorer {
  /// How workers are started and limited.
  package struct Configuration: Sendable {
    /// The executable that serves as a worker (the exploration's own).
    package var executable: String
    /// Its environment (the worker setting is added).
    package var environment: [String: String]
    /// The longest a worker may go without progress — it reports after every step it performs,
    /// generating, recording or shrinking — in seconds.
    package var stepTimeout: Double
    /// The longest a found case may take when it is run again, its classification included, in
    /// seconds.
    package var caseTimeout: Double

    /// Creates a configuration.
    package init(
      executable: String, environment: [String: String], stepTimeout: Double, caseTimeout: Double
    ) {
      self.executable = executable
      self.environment = environment
      self.stepTimeout = stepTimeout
      self.caseTimeout = caseTimeout
    }
  }

  /// The options.
  package var options: ExplorationOptions
  /// How workers are started and limited.
  package var configuration: Configuration
  /// Reads a monotonic clock, in seconds.
  package var clock: @Sendable () -> Double
  /// Whether the exploration must stop (SIGINT, SIGTERM).
  package var shouldStop: @Sendable () -> Bool
  /// A descriptor that becomes readable when ``shouldStop`` turns true.
  package var wakeDescriptor: FileDescriptor?
  /// Called with the count of steps a worker has performed so far, each time it reports one
  /// (replays included): what a progress line shows.
  package var onWorkerStep: (Int) -> Void = { _ in }

  /// The most isolated replays shrinking a crash may spend.
  static let brokenShrinkLimit = 48
  /// How long a worker that said it is crashing may take to end.
  static let crashGrace = 30.0
  /// How long a worker past its limit has to hand over what it holds before it is killed.
  static let flushGrace = 0.2

  /// Creates an isolated explorer.
  package init(
    options: ExplorationOptions, configuration: Configuration,
    clock: @escaping @Sendable () -> Double,
    shouldStop: @escaping @Sendable () -> Bool = { false }, wakeDescriptor: FileDescriptor? = nil
  ) {
    self.options = options
    self.configuration = configuration
    self.clock = clock
    self.shouldStop = shouldStop
    self.wakeDescriptor = wakeDescriptor
  }

  /// Explores each subject in turn, each in worker processes.
  ///
  /// - Throws: ``IsolationError`` when no worker can be started.
  package func explore(_ subjects: [SubjectEntry]) throws(IsolationError) -> ExplorationReport {
    var results: [SubjectExploration] = []
    var interrupted = false
    let end = options.budgetEnd(startingAt: clock())
    for (position, subject) in subjects.enumerated() where !interrupted {
      let seconds = end.map { end in
        ExplorationOptions.share(until: end, now: clock(), subjectsLeft: subjects.count - position)
      }
      guard let result = try explore(subject, seconds: seconds) else {
        interrupted = true
        break
      }
      results.append(result)
      interrupted = shouldStop()
    }
    return ExplorationReport(options: options, subjects: results, wasInterrupted: interrupted)
  }

  /// Explores one subject; `nil` when a stop request ended it.
  private func explore(_ subject: SubjectEntry, seconds: Double?) throws(IsolationError)
    -> SubjectExploration?
  {
    let start = clock()
    var request = self.request(kind: .explore, subject: subject)
    if case .sequences(let count) = options.budget {
      request.sequences = count
    } else {
      request.seconds = seconds ?? 0
    }
    let watched = try watch(request)
    switch watched.end {
    case .interrupted:
      return nil
    case .answered(let reply):
      guard let explored = reply.exploration else {
        throw IsolationError(
          description: "the worker exploring '\(subject.name)' refused: "
            + (reply.problem ?? "it answered '\(reply.kind.rawValue)'"))
      }
      var finding: Finding?
      if let found = explored.finding {
        guard let classified = try classify(found, of: subject) else { return nil }
        finding = classified
      }
      return SubjectExploration(
        subject: subject.name, family: subject.family, sequences: explored.sequences,
        steps: explored.steps, durationSeconds: explored.durationSeconds,
        coverage: explored.coverage, finding: finding)
    case .crashed, .hung:
      return try broken(subject, watched: watched, start: start)
    }
  }

  // MARK: - A worker that broke

  /// Makes a finding of the sequence a worker broke in: generates it again, step by step, in a
  /// fresh worker, shrinks what breaks it and runs the result through the runner.
  private func broken(_ subject: SubjectEntry, watched: Watched, start: Double)
    throws(IsolationError) -> SubjectExploration?
  {
    let found = clock() - start
    let end = watched.end
    let sequence = watched.lastSequence ?? (options.shard.index - 1)
    var request = self.request(kind: .record, subject: subject)
    request.sequence = sequence
    let recorded = try watch(request)
    let finding: Finding?
    switch recorded.end {
    case .interrupted:
      return nil
    case .answered(let reply) where reply.failure != nil:
      // The sequence fails the oracle when it runs on its own: the worker broke while shrinking
      // or classifying that failure. The failure is kept unshrunk.
      guard let failure = reply.failure else { return nil }
      finding = try classify(
        ExplorationMessage.Found(
          sequence: sequence, generatedSteps: failure.generatedSteps,
          shrunkSteps: failure.generatedSteps, replays: 0, secondsToFind: found,
          firstSeen: failure.firstSeen, caseText: failure.caseText, suiteText: failure.suiteText),
        of: subject, brokenBefore: end)
    case .answered, .crashed, .hung:
      guard
        let shrunk = try shrinkBroken(
          recorded.texts, of: subject, sequence: sequence, firstEnd: end,
          recordEnd: recorded.end)
      else { return nil }
      finding = Finding(
        subject: subject.name, sequence: sequence, seed: options.seed,
        generatedSteps: recorded.texts.count, shrunkSteps: shrunk.written.contractCase.steps.count,
        replays: shrunk.replays, secondsToFind: found, firstSeen: end.description,
        caseText: shrunk.written.caseText,
        suiteText: shrunk.written.suiteText(result: shrunk.result),
        contractCase: shrunk.written.contractCase, result: shrunk.result)
    }
    return SubjectExploration(
      subject: subject.name, family: subject.family, sequences: max(watched.sequencesSeen, 1),
      steps: watched.steps,
      durationSeconds: found, coverage: Explorer.emptyCoverage(of: subject.family),
      finding: finding)
  }

  /// The smallest case of `texts` that still breaks a worker the same way, found by removing
  /// chunks of steps and running each candidate isolated; `nil` when a stop request came.
  private func shrinkBroken(
    _ texts: [String], of subject: SubjectEntry, sequence: Int, firstEnd: WorkerEnd,
    recordEnd: WorkerEnd
  ) throws(IsolationError) -> (written: FoundCase, result: CaseResult, replays: Int)? {
    func written(_ actions: [String], replays: Int) -> FoundCase? {
      FoundCase(
        brokenSubject: subject.name, family: subject.family, seed: options.seed,
        sequence: sequence, actions: actions, generatedSteps: texts.count, replays: replays)
    }
    guard let first = written(texts, replays: 0), !texts.isEmpty else {
      return try unreproduced(texts, of: subject, sequence: sequence, firstEnd: firstEnd)
    }
    guard var result = try run(first.contractCase, of: subject) else { return nil }
    let brokeClass = result.classification?.failureClass
    guard result.outcome == .failed, brokeClass == .crashed || brokeClass == .timedOut else {
      return try unreproduced(texts, of: subject, sequence: sequence, firstEnd: firstEnd)
    }
    var current = texts
    var replays = 0
    // A candidate that hangs costs a whole step limit, so only crashes are shrunk.
    var size = brokeClass == .crashed ? max(1, current.count / 2) : 0
    while size >= 1 && replays < Self.brokenShrinkLimit {
      var start = current.count - size
      while start >= 0 && replays < Self.brokenShrinkLimit {
        var candidate = current
        candidate.removeSubrange(start..<(start + size))
        guard !candidate.isEmpty, let shrunk = written(candidate, replays: replays) else {
          start -= 1
          continue
        }
        replays += 1
        guard let tried = try run(shrunk.contractCase, of: subject) else { return nil }
        if tried.outcome == .failed, tried.classification?.failureClass == brokeClass {
          current = candidate
          result = tried
          start = min(start, current.count - size)
        } else {
          start -= 1
        }
      }
      size /= 2
    }
    guard let final = written(current, replays: replays) else { return nil }
    return (final, result, replays)
  }

  /// The finding of a sequence that broke a worker once but not when it ran again: kept as it
  /// was generated, failed as `crashed` or `timed-out` with what the first worker showed.
  private func unreproduced(
    _ texts: [String], of subject: SubjectEntry, sequence: Int, firstEnd: WorkerEnd
  ) throws(IsolationError) -> (written: FoundCase, result: CaseResult, replays: Int)? {
    guard
      let written = FoundCase(
        brokenSubject: subject.name, family: subject.family, seed: options.seed,
        sequence: sequence, actions: texts.isEmpty ? [] : texts, generatedSteps: texts.count,
        replays: 0)
    else { return nil }
    guard var result = try run(written.contractCase, of: subject) else { return nil }
    if result.outcome != .failed {
      result.outcome = .failed
      result.classification = Classification(
        firstEnd.failureClass,
        Reason(
          .sequenceBrokeWorkerOnce,
          ["sequence": Reason("\(sequence)"), "end": Reason(firstEnd.description)]))
    }
    return (written, result, 0)
  }

  // MARK: - Running a found case

  /// Runs a worker's found case through the isolated runner for its result and class; `nil`
  /// when a stop request came.
  private func classify(
    _ found: ExplorationMessage.Found, of subject: SubjectEntry, brokenBefore: WorkerEnd? = nil
  ) throws(IsolationError) -> Finding? {
    guard let suite = try? SuiteReader.parse(found.suiteText, source: "explore"),
      let contractCase = suite.cases.first
    else {
      throw IsolationError(
        description: "a worker's found case on '\(subject.name)' does not read back")
    }
    guard var result = try run(contractCase, of: subject) else { return nil }
    if result.outcome != .failed {
      result.outcome = .failed
      result.classification = Classification(
        .unclassified, Reason(.explorationNotReproduced, ["seen": Reason(found.firstSeen)]))
    }
    if let brokenBefore, var classification = result.classification {
      // The English reason and the reason as data grow together, so every language says it.
      let note = Reason(.brokeWorkerWhileShrinking, ["end": Reason(brokenBefore.description)])
      classification.reason += note.english
      classification.explanation.parts += note.parts
      result.classification = classification
    }
    return Finding(
      subject: subject.name, sequence: found.sequence, seed: options.seed,
      generatedSteps: found.generatedSteps, shrunkSteps: contractCase.steps.count,
      replays: found.replays, secondsToFind: found.secondsToFind, firstSeen: found.firstSeen,
      caseText: found.caseText,
      suiteText: FoundCase.suiteText(found.suiteText, classifiedAs: result.classification),
      contractCase: contractCase, result: result)
  }

  /// Runs one case isolated; `nil` when a stop request came.
  private func run(_ contractCase: ContractCase, of subject: SubjectEntry) throws(IsolationError)
    -> CaseResult?
  {
    let suite = ContractSuite(
      id: Explorer.suiteID(of: subject.family), family: subject.family,
      title: "Found by stategate explore", source: "explore", cases: [contractCase])
    let runner = IsolatedRunner(
      configuration: .init(
        executable: configuration.executable, environment: configuration.environment, jobs: 1,
        stepTimeout: configuration.stepTimeout, caseTimeout: configuration.caseTimeout),
      clock: clock, shouldStop: shouldStop, wakeDescriptor: wakeDescriptor)
    let report = try runner.run(RunPlan(suites: [suite], subjects: [subject]))
    guard !report.wasInterrupted, let result = report.suites.first?.cases.first,
      result.outcome != .interrupted
    else { return nil }
    return result
  }

  // MARK: - Watching a worker

  /// How a worker's request ended.
  enum WorkerEnd: CustomStringConvertible {
    /// It answered.
    case answered(ExplorationMessage.Reply)
    /// It ended without answering: how, and what it last wrote.
    case crashed(String)
    /// It made no progress within the step limit.
    case hung(Double)
    /// A stop request came.
    case interrupted

    var failureClass: FailureClass {
      if case .hung = self { return .timedOut }
      return .crashed
    }

    var description: String {
      switch self {
      case .answered: "answered"
      case .crashed(let how): "crashed (\(how))"
      case .hung(let limit):
        "made no progress within \(limit == limit.rounded() ? "\(Int(limit))" : "\(limit)")s"
      case .interrupted: "was interrupted"
      }
    }
  }

  /// What watching a worker saw.
  struct Watched {
    var end: WorkerEnd = .interrupted
    /// The last sequence the worker said it began.
    var lastSequence: Int?
    /// How many sequences it began.
    var sequencesSeen = 0
    /// How many steps it performed, replays included.
    var steps = 0
    /// The step texts it said, in order.
    var texts: [String] = []
  }

  /// Starts a worker, sends `request` and then what `follow` writes to it (`false`: it could no
  /// longer be written to), and watches it until it answers, ends, hangs or a stop request
  /// comes; the worker is gone when this returns.
  func watch(
    _ request: ExplorationMessage.Request, then follow: (WorkerProcess) -> Bool = { _ in true }
  ) throws(IsolationError) -> Watched {
    guard let line = try? JSONEncoder().encode(request) else {
      throw IsolationError(description: "cannot encode an exploration request")
    }
    var environment = configuration.environment
    environment[ExplorationWorker.environmentKey] =
      "\(ExplorationMessage.version):\(getpid())"
    let process: WorkerProcess
    do {
      process = try WorkerProcess(
        executable: configuration.executable, arguments: ["worker"], environment: environment,
        tailLimit: 4096)
    } catch {
      throw IsolationError(description: "\(error)")
    }
    defer { process.kill() }
    var watched = Watched()
    switch process.awaitHandshake(shouldStop: shouldStop, wakeDescriptor: wakeDescriptor) {
    case .ready:
      break
    case .stopped:
      watched.end = .interrupted
      return watched
    case .refused(let how):
      throw IsolationError(
        description: WorkerHandshake.failure(executable: configuration.executable, how))
    }
    guard process.send(line: Array(line)), follow(process) else {
      process.wait(blocking: true)
      watched.end = .crashed(process.endDescription)
      return watched
    }
    var lastProgress = clock()
    var crashingSince: Double?
    var flushRequested: Double?
    let decoder = JSONDecoder()
    while true {
      var answer: ExplorationMessage.Reply?
      let ended = process.readLines { line in
        guard let first = line.first else { return false }
        switch first {
        case UInt8(ascii: "q"):
          watched.lastSequence = Int(String(decoding: line.dropFirst(), as: UTF8.self))
          watched.sequencesSeen += 1
        case UInt8(ascii: "t"):
          watched.texts.append(String(decoding: line.dropFirst(), as: UTF8.self))
        case UInt8(ascii: "h"):
          watched.steps += 1
          onWorkerStep(watched.steps)
        case UInt8(ascii: "p"):
          // Lines of a session read: progress, not a replayed step.
          break
        default:
          guard let reply = try? decoder.decode(ExplorationMessage.Reply.self, from: Data(line))
          else { return false }
          if reply.kind == .crashing {
            crashingSince = crashingSince ?? clock()
          } else {
            answer = reply
          }
        }
        lastProgress = clock()
        return true
      }
      process.readLog()
      if let answer {
        watched.end = .answered(answer)
        return watched
      }
      if ended {
        process.wait(blocking: true)
        watched.end = .crashed(Self.ending(of: process))
        return watched
      }
      if shouldStop() {
        watched.end = .interrupted
        return watched
      }
      let now = clock()
      if let crashingSince {
        if now - crashingSince > Self.crashGrace {
          process.kill()
          watched.end = .crashed(Self.ending(of: process))
          return watched
        }
      } else if let flushRequested {
        if now - flushRequested >= Self.flushGrace {
          watched.end = .hung(configuration.stepTimeout)
          return watched
        }
      } else if configuration.stepTimeout > 0, now - lastProgress > configuration.stepTimeout {
        process.requestFlush()
        flushRequested = now
      }
      Poll.waitForInput(
        on: [process.replies, process.log, wakeDescriptor].compactMap { $0 }, timeout: 0.05)
    }
  }

  /// How a worker ended, and the crash line or last output it wrote.
  private static func ending(of process: WorkerProcess) -> String {
    let tail = process.tailText()
    return "the worker ended with \(process.endDescription)"
      + (tail.isEmpty ? "" : "; it last wrote: \(tail)")
  }

  /// A request of `kind` for `subject` with the exploration's options.
  func request(kind: ExplorationMessage.RequestKind, subject: SubjectEntry)
    -> ExplorationMessage.Request
  {
    ExplorationMessage.Request(
      kind: kind, subject: subject.name, seed: String(options.seed), maxSteps: options.maxSteps,
      shrinkReplayLimit: options.shrinkReplayLimit, shardIndex: options.shard.index,
      shardCount: options.shard.count)
  }
}
