/// `manifest.json`: what a result directory holds and how the run went.
///
/// Written last, when the run is complete or interrupted. A directory without a manifest, or
/// still under its temporary name, is not a finished run.
package struct Manifest: Codable, Equatable, Sendable {
  /// The version of this format; readers refuse versions newer than they know.
  package static let currentSchemaVersion = 1
  /// The versions this reader knows; any other (0, a negative one, a newer one) is refused as
  /// malformed, never read as a finished run.
  package static let readableSchemaVersions = 1...currentSchemaVersion

  /// How the run ended.
  package enum Status: String, Codable, Sendable {
    /// Every planned case ran.
    case complete
    /// SIGINT or SIGTERM stopped the run after the step in progress.
    case interrupted
    /// stategate itself failed; the directory holds what existed at that point.
    case crashed
  }

  /// Counts of case outcomes.
  package struct Counts: Codable, Equatable, Sendable {
    /// Cases that passed.
    package var passed: Int
    /// Cases that failed.
    package var failed: Int
    /// Cases that were skipped.
    package var skipped: Int
    /// Cases stopped by an interruption.
    package var interrupted: Int
    /// Planned cases that never started (after an interruption).
    package var notRun: Int

    /// Creates counts.
    package init(passed: Int, failed: Int, skipped: Int, interrupted: Int, notRun: Int) {
      self.passed = passed
      self.failed = failed
      self.skipped = skipped
      self.interrupted = interrupted
      self.notRun = notRun
    }
  }

  /// A suite the run planned.
  package struct SuiteEntry: Codable, Equatable, Sendable {
    /// The suite's id.
    package var id: String
    /// Where it was read from: a path, or `builtin:<file>`.
    package var source: String
    /// Its family: `undo` or `optimistic`.
    package var family: String

    /// Creates an entry.
    package init(id: String, source: String, family: String) {
      self.id = id
      self.source = source
      self.family = family
    }
  }

  /// A subject whose cases ran in its own value words (``valueWords``).
  package struct ValueWords: Codable, Equatable, Sendable {
    /// The subject's name.
    package var subject: String
    /// The mapping it declares, case word to subject word, such as `{"on": "up"}`.
    package var mapping: [String: String]
    /// The note the console and `summary.md` print: `cases run in the subject's words: on→up`.
    package var note: String

    /// Creates an entry.
    package init(subject: String, mapping: [String: String], note: String) {
      self.subject = subject
      self.mapping = mapping
      self.note = note
    }
  }

  /// One subject's conformance profile: per rule of its family's contract, whether it held,
  /// broke, was not judged or was skipped, and the undeclared policy its failures fit.
  package struct Conformance: Codable, Equatable, Sendable {
    /// One rule's verdict.
    package struct Rule: Codable, Equatable, Sendable {
      /// The rule, such as `rollback-target`.
      package var rule: String
      /// `held` (a case judging it passed it), `broke` (a case judging it failed it),
      /// `not-judged` (no case judging it ran) or `skipped` (every case judging it was skipped).
      package var verdict: String
      /// The cases behind the verdict, `suite/case`; for `broke`, each with its class:
      /// `suite/case (class)`.
      package var cases: [String]

      /// Creates a rule's verdict.
      package init(rule: String, verdict: String, cases: [String]) {
        self.rule = rule
        self.verdict = verdict
        self.cases = cases
      }
    }

    /// The subject's name.
    package var subject: String
    /// The rules, in the contract's order.
    package var rules: [Rule]
    /// What the failures fit, one line each, such as "behaves like the in-flight rule
    /// 'latest-wins': declare it if that is the product's choice"; absent when they fit none.
    package var fits: [String]?

    /// Creates a profile.
    package init(subject: String, rules: [Rule], fits: [String]?) {
      self.subject = subject
      self.rules = rules
      self.fits = fits
    }
  }

  /// A failure class the run could not observe on a subject.
  package struct NotObserved: Codable, Equatable, Sendable {
    /// The subject's name.
    package var subject: String
    /// The class no case could assign on it, such as `ui-binding`.
    package var failureClass: String
    /// Why, and what to declare so that it is observed.
    package var reason: String

    /// Creates an entry.
    package init(subject: String, failureClass: String, reason: String) {
      self.subject = subject
      self.failureClass = failureClass
      self.reason = reason
    }
  }

  /// A case the run was told must run (`run --require`), against one subject, and whether it ran.
  package struct RequiredCase: Codable, Equatable, Sendable {
    /// The case, `suite/case`.
    package var `case`: String
    /// The subject it had to run against; absent when no selected subject answers its family.
    package var subject: String?
    /// Whether it ran (passed or failed).
    package var ran: Bool
    /// Why it did not run, when it did not.
    package var reason: String?

    /// Creates an entry.
    package init(case name: String, subject: String?, ran: Bool, reason: String?) {
      self.case = name
      self.subject = subject
      self.ran = ran
      self.reason = reason
    }

    /// One line: the case, the subject and why it did not run.
    package var line: String {
      let against = subject.map { "@\($0)" } ?? ""
      return "required case '\(self.case)\(against)' did not run: \(reason ?? "it ran")"
    }

    /// The manifest's entries for several runs of one plan (the shards `stategate merge` joins):
    /// one per case and subject, in the order first seen; a case ran when any run ran it (each
    /// shard judges the cases it planned and leaves out the others').
    package static func joined(_ runs: [[RequiredCase]]) -> [RequiredCase] {
      var joined: [RequiredCase] = []
      var index: [String: Int] = [:]
      for entry in runs.joined() {
        let key = recordName(entry.case, subject: entry.subject)
        if let at = index[key] {
          if entry.ran { joined[at] = entry }
        } else {
          index[key] = joined.count
          joined.append(entry)
        }
      }
      return joined
    }

    /// The test an unmet requirement is recorded as, in suite `stategate` of `junit.xml` and in
    /// triage: `required suite/case@subject`.
    package static func recordName(_ name: String, subject: String?) -> String {
      "required \(name)" + (subject.map { "@\($0)" } ?? "")
    }
  }

  /// A capability a subject's methods implement but the subject does not declare, so the cases
  /// that need it were skipped.
  package struct UndeclaredCapability: Codable, Equatable, Sendable {
    /// The subject's name.
    package var subject: String
    /// The capability, such as `sessions`.
    package var capability: String
    /// The method that behaves unlike the protocol's default, such as `replaceSession(with:)`.
    package var method: String
    /// How many planned cases were skipped for the want of it.
    package var skippedCases: Int
    /// The whole warning, one line.
    package var message: String

    /// Creates an entry.
    package init(
      subject: String, capability: String, method: String, skippedCases: Int, message: String
    ) {
      self.subject = subject
      self.capability = capability
      self.method = method
      self.skippedCases = skippedCases
      self.message = message
    }
  }

  /// Where a crashed run was when it crashed.
  package struct Crash: Codable, Equatable, Sendable {
    /// The suite of the case that was running.
    package var suite: String
    /// The case that was running.
    package var `case`: String
    /// The subject it ran against.
    package var subject: String
    /// The last step of the case that finished (0: none); the crash came after it, in the next
    /// step or in the case's classification.
    package var lastCompletedStep: Int

    /// Creates a crash location.
    package init(suite: String, case: String, subject: String, lastCompletedStep: Int) {
      self.suite = suite
      self.case = `case`
      self.subject = subject
      self.lastCompletedStep = lastCompletedStep
    }
  }

  /// Where the run happened, from the CI system's variables or the git checkout.
  package struct CIContext: Codable, Equatable, Sendable {
    /// The CI system, such as `github-actions`, `gitlab`, `jenkins`, or `git` for a checkout.
    package var provider: String?
    /// The commit the run tested.
    package var commit: String?
    /// The branch or ref.
    package var ref: String?
    /// The CI system's run or build number.
    package var runID: String?

    /// Creates a context.
    package init(provider: String?, commit: String?, ref: String?, runID: String?) {
      self.provider = provider
      self.commit = commit
      self.ref = ref
      self.runID = runID
    }
  }

  /// The format version, ``currentSchemaVersion`` when written.
  package var schemaVersion: Int
  /// The run's UUID, also the end of the directory's name.
  package var runID: String
  /// `stategate <version>`.
  package var toolVersion: String
  /// When the run started, ISO 8601 in UTC.
  package var startTime: String
  /// When the run ended, ISO 8601 in UTC.
  package var endTime: String
  /// How the run ended.
  package var status: Status
  /// The subjects run, in order.
  package var subjects: [String]
  /// The suites planned, in order.
  package var suites: [SuiteEntry]
  /// The `--filter` patterns (empty: every case).
  package var filter: [String]
  /// Case outcomes.
  package var counts: Counts
  /// Failed cases per failure class.
  package var failuresByClass: [String: Int]
  /// The exact command line, program name first.
  package var commandLine: [String]
  /// The CI context, when one was found.
  package var ci: CIContext?
  /// `i/n` when the run was shard `i` of `n` (`run --shard`).
  package var shard: String?
  /// The run ids a merged directory was made from (`stategate merge`).
  package var mergedFrom: [String]?
  /// Failure classes the run could not observe, per subject (absent when every class was
  /// observable).
  package var notObserved: [NotObserved]?
  /// The cases the run was told must run, and whether each did (absent when none was named).
  package var requiredCases: [RequiredCase]?
  /// Capabilities subjects implement but do not declare (absent when there are none).
  package var undeclaredCapabilities: [UndeclaredCapability]?
  /// The subjects whose cases ran in their own value words, with the mapping (absent when none
  /// declares one).
  package var valueWords: [ValueWords]?
  /// Per subject whose cases failed, which rule of the contract held, broke, went unjudged or
  /// was skipped, and the undeclared policy the failures fit (absent when no case failed).
  package var conformance: [Conformance]?
  /// For a `crashed` run: the case and step it crashed in.
  package var crash: Crash?
  /// For `stategate explore`: the seed, what was explored and reached, and how findings shrank.
  package var exploration: Exploration?
  /// The language the run spoke to people in: `en`, `ja`, `zh-Hant` or `ko`.
  ///
  /// From `--language`, else the locale; absent in manifests written before it was recorded.
  /// Nothing else in the directory's machine formats depends on it.
  package var language: String?

  /// Creates a manifest.
  package init(
    runID: String, toolVersion: String, startTime: String, endTime: String, status: Status,
    subjects: [String], suites: [SuiteEntry], filter: [String], counts: Counts,
    failuresByClass: [String: Int], commandLine: [String], ci: CIContext?
  ) {
    self.schemaVersion = Self.currentSchemaVersion
    self.runID = runID
    self.toolVersion = toolVersion
    self.startTime = startTime
    self.endTime = endTime
    self.status = status
    self.subjects = subjects
    self.suites = suites
    self.filter = filter
    self.counts = counts
    self.failuresByClass = failuresByClass
    self.commandLine = commandLine
    self.ci = ci
  }
}

extension Manifest {
  /// Where the suite `id` was read from (a path, or `builtin:FILE`), or `nil` when the run did
  /// not read it.
  package func source(ofSuite id: String) -> String? {
    suites.first { $0.id == id }?.source
  }

  /// Where the case `caseID` of suite `id` on `subject` was read from: for a case `explore`
  /// found, the corpus file it is kept in (its lines are that file's); otherwise
  /// ``source(ofSuite:)``.
  package func source(ofSuite id: String, case caseID: String, subject: String) -> String? {
    let kept = exploration?.subjects.first { $0.subject == subject && $0.shrink?.case == caseID }
    return kept?.shrink?.keptIn ?? source(ofSuite: id)
  }
}
