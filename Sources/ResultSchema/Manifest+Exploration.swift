extension Manifest {
  /// What `stategate explore` did: its seed and budget, and per subject the sequences and steps
  /// it ran, what it reached, and how its finding shrank.
  package struct Exploration: Codable, Equatable, Sendable {
    /// The seed every sequence's seed was derived from.
    package var seed: UInt64
    /// The budget as given: `--cases 1000` or `--time 30s`.
    package var budget: String
    /// The most steps a generated sequence had.
    package var maxSteps: Int
    /// One entry per subject, in the order explored.
    package var subjects: [Subject]

    /// Creates the record of an exploration.
    package init(seed: UInt64, budget: String, maxSteps: Int, subjects: [Subject]) {
      self.seed = seed
      self.budget = budget
      self.maxSteps = maxSteps
      self.subjects = subjects
    }

    /// What exploring one subject did.
    package struct Subject: Codable, Equatable, Sendable {
      /// The subject's name.
      package var subject: String
      /// Its family: `undo` or `optimistic`.
      package var family: String
      /// Sequences generated and run.
      package var sequences: Int
      /// Steps performed in them (shrink replays not counted).
      package var steps: Int
      /// Wall-clock time of generating and running, in seconds.
      package var durationSeconds: Double
      /// How often each action ran.
      package var actions: [String: Int]
      /// How often each situation occurred (zero for those never reached).
      package var situations: [String: Int]
      /// The finding's shrink, when something was found.
      package var shrink: Shrink?

      /// Creates a subject's record.
      package init(
        subject: String, family: String, sequences: Int, steps: Int, durationSeconds: Double,
        actions: [String: Int], situations: [String: Int], shrink: Shrink?
      ) {
        self.subject = subject
        self.family = family
        self.sequences = sequences
        self.steps = steps
        self.durationSeconds = durationSeconds
        self.actions = actions
        self.situations = situations
        self.shrink = shrink
      }
    }

    /// How a finding was shrunk.
    package struct Shrink: Codable, Equatable, Sendable {
      /// The case the finding became.
      package var `case`: String
      /// The sequence of the seed space that found it.
      package var sequence: Int
      /// The generated sequence's length up to its failing step.
      package var generatedSteps: Int
      /// The shrunk case's length.
      package var shrunkSteps: Int
      /// Replays the shrink spent.
      package var replays: Int
      /// The regression-corpus file the case is kept in, as `explore` named it.
      ///
      /// Relative to where it ran; absent when it was not written, and in manifests written
      /// before it was recorded. The case's step lines are lines of this file.
      package var keptIn: String?

      /// Creates a shrink record.
      package init(
        case: String, sequence: Int, generatedSteps: Int, shrunkSteps: Int, replays: Int,
        keptIn: String? = nil
      ) {
        self.case = `case`
        self.sequence = sequence
        self.generatedSteps = generatedSteps
        self.shrunkSteps = shrunkSteps
        self.replays = replays
        self.keptIn = keptIn
      }
    }
  }
}
