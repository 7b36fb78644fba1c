/// One line of `events.jsonl`: every record carries `version` and `kind`; readers skip kinds
/// they do not know.
package enum EventRecord: Equatable, Sendable {
  /// The version of the record format.
  package static let currentVersion = 1

  /// The run started.
  case runStarted(RunStarted)
  /// A case started on a fresh subject.
  case caseStarted(CaseStarted)
  /// A step ran.
  case step(Step)
  /// A case ended.
  case caseFinished(CaseFinished)
  /// The run ended (absent when the process was killed).
  case runFinished(RunFinished)

  /// The record's `kind`.
  package var kind: String {
    switch self {
    case .runStarted: "runStarted"
    case .caseStarted: "caseStarted"
    case .step: "step"
    case .caseFinished: "caseFinished"
    case .runFinished: "runFinished"
    }
  }

  /// `runStarted`: what the run will do.
  package struct RunStarted: Codable, Equatable, Sendable {
    /// The record format version.
    package var version = EventRecord.currentVersion
    /// Always `runStarted`.
    package var kind = "runStarted"
    /// The position of the record in the file, from 1.
    package var seq: Int
    /// The run's UUID.
    package var runID: String
    /// `stategate <version>`.
    package var toolVersion: String
    /// When the run started, ISO 8601 in UTC.
    package var time: String
    /// The subjects, in order.
    package var subjects: [String]
    /// The suite ids, in order.
    package var suites: [String]
    /// The `--filter` patterns.
    package var filter: [String]
    /// The number of planned cases.
    package var plannedCases: Int

    /// Creates the record.
    package init(
      seq: Int, runID: String, toolVersion: String, time: String, subjects: [String],
      suites: [String], filter: [String], plannedCases: Int
    ) {
      self.seq = seq
      self.runID = runID
      self.toolVersion = toolVersion
      self.time = time
      self.subjects = subjects
      self.suites = suites
      self.filter = filter
      self.plannedCases = plannedCases
    }
  }

  /// `caseStarted`: a case begins on a fresh subject.
  package struct CaseStarted: Codable, Equatable, Sendable {
    /// The record format version.
    package var version = EventRecord.currentVersion
    /// Always `caseStarted`.
    package var kind = "caseStarted"
    /// The position of the record in the file, from 1.
    package var seq: Int
    /// The suite id.
    package var suite: String
    /// The suite's family: `undo` or `optimistic`.
    package var family: String
    /// The case id.
    package var `case`: String
    /// The case's title.
    package var title: String
    /// The subject's name.
    package var subject: String
    /// The capabilities the case requires (its `requires` line), absent when none.
    ///
    /// What a subject must declare for a replay of the case to mean anything; records written
    /// before 0.3 lack it.
    package var requires: [String]?

    /// Creates the record.
    package init(
      seq: Int, suite: String, family: String, case: String, title: String, subject: String,
      requires: [String]? = nil
    ) {
      self.seq = seq
      self.suite = suite
      self.family = family
      self.case = `case`
      self.title = title
      self.subject = subject
      self.requires = requires
    }
  }

  /// An expected or mismatching value.
  package struct Value: Codable, Equatable, Sendable {
    /// The state key.
    package var key: String
    /// `!=` when the observed value had to differ from ``expected``; absent for `=`.
    package var relation: String?
    /// The expected value as suites write it: for an expectation the operand as written (a value
    /// or a capture name), for a mismatch the value compared with.
    package var expected: String
    /// The capture the expected value comes from, when it is one.
    package var capture: String?
    /// The observed value, for mismatches; `nil` when nothing was observed.
    package var actual: String?
    /// The invariant, for a broken invariant.
    package var invariant: String?

    /// Creates a value.
    package init(
      key: String, relation: String? = nil, expected: String, capture: String? = nil,
      actual: String? = nil, invariant: String? = nil
    ) {
      self.key = key
      self.relation = relation
      self.expected = expected
      self.capture = capture
      self.actual = actual
      self.invariant = invariant
    }

    /// The comparison as a suite writes it: `key=value`, `key!=value`, `key=capture`.
    package var stated: String {
      "\(key)\(relation ?? "=")\(capture ?? expected)"
    }
  }

  /// A value the suite captured after a step: `key as name`.
  package struct CapturedValue: Codable, Equatable, Sendable {
    /// The state key.
    package var key: String
    /// The name later expectations use.
    package var name: String

    /// Creates a capture record.
    package init(key: String, name: String) {
      self.key = key
      self.name = name
    }
  }

  /// `step`: one step, with the state before and after it and its verdict.
  package struct Step: Codable, Equatable, Sendable {
    /// The record format version.
    package var version = EventRecord.currentVersion
    /// Always `step`.
    package var kind = "step"
    /// The position of the record in the file, from 1.
    package var seq: Int
    /// The suite id.
    package var suite: String
    /// The case id.
    package var `case`: String
    /// The subject's name.
    package var subject: String
    /// The step number within the case, from 1.
    package var step: Int
    /// The step's line in the suite file.
    package var line: Int
    /// The action as a suite writes it (record ids de-identified).
    package var action: String
    /// The state before the action, key to value.
    package var before: [String: String]
    /// The state after the action, key to value.
    package var after: [String: String]
    /// The stated expectations.
    package var expectations: [Value]
    /// The values the suite captured after the step; absent when none.
    package var captures: [CapturedValue]?
    /// What did not match, stated expectations and invariants.
    package var mismatches: [Value]
    /// `pass` or `fail`.
    package var verdict: String
    /// Remarks, such as a request that was never sent.
    package var notes: [String]

    /// Creates the record.
    package init(
      seq: Int, suite: String, case: String, subject: String, step: Int, line: Int,
      action: String, before: [String: String], after: [String: String], expectations: [Value],
      captures: [CapturedValue]? = nil, mismatches: [Value], verdict: String, notes: [String]
    ) {
      self.seq = seq
      self.suite = suite
      self.case = `case`
      self.subject = subject
      self.step = step
      self.line = line
      self.action = action
      self.before = before
      self.after = after
      self.expectations = expectations
      self.captures = captures
      self.mismatches = mismatches
      self.verdict = verdict
      self.notes = notes
    }
  }

  /// `caseFinished`: how a case ended, and the class of a failure.
  package struct CaseFinished: Codable, Equatable, Sendable {
    /// The record format version.
    package var version = EventRecord.currentVersion
    /// Always `caseFinished`.
    package var kind = "caseFinished"
    /// The position of the record in the file, from 1.
    package var seq: Int
    /// The suite id.
    package var suite: String
    /// The case id.
    package var `case`: String
    /// The subject's name.
    package var subject: String
    /// `passed`, `failed`, `skipped` or `interrupted`.
    package var outcome: String
    /// The failure class, for a failed case.
    package var failureClass: String?
    /// What the classification experiment showed.
    package var reason: String?
    /// The other explanations that survived every experiment, ranked after `failureClass`;
    /// absent when the verdict is confident (added in 0.3.0: older readers ignore it).
    package var alternatives: [Alternative]?
    /// Why the case was skipped.
    package var skipReason: String?
    /// The first step that failed.
    package var firstFailureStep: Int?
    /// Wall-clock time of the case, in seconds with three decimals.
    package var durationSeconds: Double

    /// Creates the record.
    package init(
      seq: Int, suite: String, case: String, subject: String, outcome: String,
      failureClass: String?, reason: String?, alternatives: [Alternative]? = nil,
      skipReason: String?, firstFailureStep: Int?, durationSeconds: Double
    ) {
      self.alternatives = alternatives
      self.seq = seq
      self.suite = suite
      self.case = `case`
      self.subject = subject
      self.outcome = outcome
      self.failureClass = failureClass
      self.reason = reason
      self.skipReason = skipReason
      self.firstFailureStep = firstFailureStep
      self.durationSeconds = durationSeconds
    }

    /// One explanation ranked after the first: a class and the evidence for it.
    package struct Alternative: Codable, Equatable, Sendable {
      /// The failure class.
      package var failureClass: String
      /// What the experiment showed for it.
      package var reason: String

      /// Creates an alternative.
      package init(failureClass: String, reason: String) {
        self.failureClass = failureClass
        self.reason = reason
      }
    }
  }

  /// `runFinished`: the run ended, with its status and counts.
  package struct RunFinished: Codable, Equatable, Sendable {
    /// The record format version.
    package var version = EventRecord.currentVersion
    /// Always `runFinished`.
    package var kind = "runFinished"
    /// The position of the record in the file, from 1.
    package var seq: Int
    /// `complete`, `interrupted` or `crashed`.
    package var status: String
    /// When the run ended, ISO 8601 in UTC.
    package var time: String
    /// Case outcomes.
    package var counts: Manifest.Counts

    /// Creates the record.
    package init(seq: Int, status: String, time: String, counts: Manifest.Counts) {
      self.seq = seq
      self.status = status
      self.time = time
      self.counts = counts
    }
  }
}
