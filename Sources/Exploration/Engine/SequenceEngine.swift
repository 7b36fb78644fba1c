import Contracts

/// Generates, replays and shrinks the sequences of one family on one subject.
@MainActor
struct SequenceEngine<Run: SequenceRun> {
  /// The subject every sequence runs against, fresh each time.
  let subject: SubjectEntry
  /// The most steps a generated sequence has.
  let maxSteps: Int
  /// Called after each step a generated or replayed sequence performs, so a watcher knows the
  /// work goes on.
  var onStep: () -> Void = {}

  /// What one generated sequence did.
  struct Outcome {
    /// The steps performed, up to and including the failing one.
    var steps: [Run.Step]
    /// The failure, if a step failed.
    var failure: StepFailure?
    /// What the sequence reached.
    var coverage: Coverage
  }

  /// Generates a sequence from `seed` and runs it until its last step or its first failure.
  func generate(seed: UInt64) -> Outcome {
    var random = SplitMix64(seed: seed)
    let run = Run(subject: subject.make(), recording: false)
    var steps: [Run.Step] = []
    steps.reserveCapacity(maxSteps)
    for _ in 0..<maxSteps {
      let step = run.nextStep(&random)
      steps.append(step)
      let failure = run.perform(step)
      onStep()
      if let failure {
        return Outcome(steps: steps, failure: failure, coverage: run.coverage)
      }
    }
    return Outcome(steps: steps, failure: nil, coverage: run.coverage)
  }

  /// Generates the sequence of `seed` as ``generate(seed:)`` does, recording its suite text and
  /// handing each step's text to `onStep` before the step is performed, so what a subject that
  /// crashes or hangs in a step was doing is known.
  ///
  /// - Returns: The steps performed, the failure, and the run (for its recorded texts).
  func record(seed: UInt64, onStep: (String) -> Void) -> (
    performed: [Run.Step], failure: StepFailure?, run: Run
  ) {
    var random = SplitMix64(seed: seed)
    let run = Run(subject: subject.make(), recording: true)
    var steps: [Run.Step] = []
    for _ in 0..<maxSteps {
      let step = run.nextStep(&random)
      steps.append(step)
      onStep(run.text(of: step))
      if let failure = run.perform(step) {
        return (steps, failure, run)
      }
    }
    return (steps, nil, run)
  }

  /// Replays `steps` on a fresh subject, skipping every step whose preconditions no longer hold,
  /// until the first failure.
  ///
  /// - Returns: The steps performed, the failure, and the run (for its recorded texts).
  func replay(_ steps: [Run.Step], recording: Bool = false) -> (
    performed: [Run.Step], failure: StepFailure?, run: Run
  ) {
    let run = Run(subject: subject.make(), recording: recording)
    var performed: [Run.Step] = []
    for step in steps where run.allows(step) {
      performed.append(step)
      let failure = run.perform(step)
      onStep()
      if let failure {
        return (performed, failure, run)
      }
    }
    return (performed, nil, run)
  }

  /// Shrinks a failing sequence to a local minimum: removes chunks from large to small, from the
  /// back, then pairs of small chunks apart, then simplifies arguments, re-checking preconditions
  /// on every replay, until nothing smaller still fails at the same kind of action.
  ///
  /// - Parameters:
  ///   - steps: The failing sequence, its failing step last.
  ///   - failure: How it failed.
  ///   - replayLimit: The most replays to spend.
  ///   - simplifying: Whether to simplify arguments as well as remove steps.
  /// - Returns: The shrunk sequence, how it fails, and the replays spent.
  func shrink(
    _ steps: [Run.Step], failure: StepFailure, replayLimit: Int, simplifying: Bool = true
  ) -> (steps: [Run.Step], failure: StepFailure, replays: Int) {
    var current = steps
    var currentFailure = failure
    var replays = 0

    /// Replays `candidate`; keeps it when it fails like the original.
    func attempt(_ candidate: [Run.Step]) -> Bool {
      guard replays < replayLimit else { return false }
      replays += 1
      let result = replay(candidate)
      guard let found = result.failure, found.resembles(failure) else { return false }
      current = result.performed
      currentFailure = found
      return true
    }

    /// Removes single chunks, largest first, scanning from the back.
    func removeChunks() -> Bool {
      var improved = false
      var size = max(1, current.count / 2)
      while size >= 1 {
        var start = current.count - size
        while start >= 0 {
          var candidate = current
          candidate.removeSubrange(start..<(start + size))
          if attempt(candidate) {
            improved = true
            start = min(start, current.count - size)
          } else {
            start -= 1
          }
        }
        size /= 2
      }
      return improved
    }

    /// Removes two chunks of up to three steps apart at once (a request and its answer, say),
    /// which no single removal can.
    func removePairs() -> Bool {
      ShrinkPasses.removePairs(of: current, accepts: attempt)
    }

    /// Replaces arguments by simpler ones, one step at a time.
    func simplify() -> Bool {
      var improved = false
      var index = 0
      while index < current.count {
        var used: Set<Int> = [0]
        for (other, step) in current.enumerated() where other != index {
          used.formUnion(Run.inputs(of: step))
        }
        for simpler in Run.simplifications(of: current[index], avoiding: used) {
          var candidate = current
          candidate[index] = simpler
          if attempt(candidate) {
            improved = true
            break
          }
        }
        index += 1
      }
      return improved
    }

    while replays < replayLimit {
      if removeChunks() { continue }
      if removePairs() { continue }
      if simplifying && simplify() { continue }
      break
    }
    return (current, currentFailure, replays)
  }
}
