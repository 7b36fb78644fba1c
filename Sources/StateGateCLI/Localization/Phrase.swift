import Contracts

/// A fixed phrase a person reads around the localized failure-class texts: headings and
/// pointers of `explain` and `list`, the overview's exit-status line, `replay`'s verdicts, the
/// lines of `explore`'s report and the headings of a failing case in the HTML report.
///
/// A phrase may hold placeholders (`{step}`) for what stays as it is in every language: numbers,
/// names, actions, class identifiers, suite text; ``text(in:_:)`` fills them.
///
/// Each language's table is its own file (`Phrase+Japanese.swift` …) with a switch over every
/// phrase, every exit status and every family, so the compiler checks none is missing; a test
/// checks that every language has the same placeholders as English and keeps the identifiers a
/// phrase quotes (`stategate explain CLASS`).
enum Phrase: CaseIterable {
  /// `failure classes:` before the list `explain` prints without a class.
  case failureClasses
  /// What `explain` without a class suggests next.
  case explainOne
  /// The heading of `explain`'s typical causes.
  case typicalCauses
  /// The heading of `explain`'s place to look first.
  case whereToLook
  /// The heading of the failure classes in `list`.
  case listedClasses
  /// The heading of the overview's exit statuses.
  case exitStatuses
  /// What separates the items of a list in a sentence.
  case listSeparator
  /// What ends a list that stands as a sentence (the overview's exit statuses).
  case listEnd
  /// What separates two class names a verdict could not choose between (`a or b`).
  case classAlternative

  // `replay`: its first line, one line per case, and each verdict.

  /// `replay`'s first line: the directory, the run it holds and the run's status.
  case replayHeading
  /// A replayed case's line: the case, the subject, where it was recorded, the verdict.
  case replayedCase
  /// What ``replayedCase`` adds when the subject is not the one the case was recorded on.
  case recordedOn
  /// A case with no recorded steps whose suite cannot be read either.
  case notReplayedNoSteps
  /// A case the subject lacks a capability for: skipped, never passed.
  case notReplayedSkipped
  /// A case recorded without steps that passes now.
  case passesNowUnrecorded
  /// A case recorded without steps that fails now.
  case failsNowUnrecorded
  /// The verdict word of a case that passes now where a recorded step failed.
  case nowPasses
  /// The verdict word of a case whose steps differ from the recording.
  case differs
  /// The first step whose verdict differs, passing now.
  case stepPassesNow
  /// The first step whose verdict differs, failing now.
  case stepFailsNow
  /// A case that passes, as the recording says.
  case passesAsRecorded
  /// A case that fails at the recorded step with the recorded values.
  case reproducesExactly
  /// A case that fails at the recorded step with other values.
  case reproducesOtherValues
  /// The replayed verdict's class.
  case replayClass
  /// The replayed verdict's classes when more than one explanation survived.
  case replayClassNotConfident
  /// The step a crashed or timed-out case failed at, without mismatches or notes.
  case endingStepFails
  /// The step a crashed or timed-out case failed at, with its mismatches.
  case endingStepMismatches
  /// The step a crashed or timed-out case failed at, with the runner's note.
  case endingStepNote
  /// A case recorded as crashed or timed out that passes now.
  case endingNowPasses
  /// A case that crashes or times out again, as recorded.
  case endingReproduces
  /// A case that ends otherwise than recorded.
  case endingDiffers

  // `explore`'s report on standard output.

  /// The report's first line: version, random seed, budget, steps a sequence, subjects.
  case exploreHeading
  /// What the first line adds for a shard.
  case exploreShard
  /// A subject's heading: its name and family.
  case subjectFamily
  /// One sequence explored.
  case sequencesOne
  /// Any other number of sequences explored.
  case sequencesMany
  /// One step explored.
  case stepsOne
  /// Any other number of steps explored.
  case stepsMany
  /// One subject explored.
  case subjectsOne
  /// Any other number of subjects explored.
  case subjectsMany
  /// One failure found.
  case failuresOne
  /// Any other number of failures found.
  case failuresMany
  /// What was explored of a subject: its sequences and steps.
  case exploredCounts
  /// A subject in which nothing was found.
  case nothingFound
  /// A finding's line after `FAIL`: the sequence, what was explored, how it was shrunk.
  case foundBySequence
  /// The heading of the case to paste.
  case caseToPaste
  /// What the heading of the case to paste adds when the corpus keeps it.
  case keptIn
  /// Coverage when the worker ended before reporting it.
  case coverageNotKnown
  /// The actions performed, with their counts.
  case coverageActions
  /// The situations reached, with their counts.
  case coverageSituations
  /// The situations never reached.
  case neverReached
  /// The report's last line.
  case exploreTotal
  /// What the last line adds when something was found.
  case failuresByClass
  /// The line of an interrupted exploration.
  case exploreInterrupted

  // A failing case in the HTML report.

  /// The heading of the failing cases.
  case failingCases
  /// What stands under the heading when no case failed.
  case everyCaseHeld
  /// The reason of a case that never finished.
  case neverFinished
  /// The steps table's heading of the suite line.
  case timelineLine
  /// The steps table's heading of the step.
  case timelineStep
  /// The steps table's heading of what the step expected.
  case timelineExpected
  /// The steps table's heading of what was observed.
  case timelineObserved
  /// The steps table's heading of the verdict.
  case timelineVerdict
  /// The invariant an observed value broke.
  case invariantNote

  /// The phrase in `language`.
  func text(in language: Language) -> String {
    switch language {
    case .english: english
    case .japanese: japanese
    case .traditionalChinese: traditionalChinese
    case .korean: korean
    }
  }

  /// The phrase in `language` with each placeholder replaced by its value.
  ///
  /// - Parameters:
  ///   - language: The language a person reads.
  ///   - values: A value for each of the phrase's placeholders, by name; a programmer error (it
  ///     traps in a debug build) when the names are not exactly the phrase's.
  /// - Returns: The text.
  func text(in language: Language, _ values: [String: String]) -> String {
    assert(
      Set(values.keys) == placeholders,
      "phrase '\(self)' takes \(placeholders.sorted()), not \(values.keys.sorted())")
    return ReasonTemplate.Pattern(text(in: language)).filled { values[$0] ?? "" }
  }

  /// The names of the placeholders, as the English wording has them.
  var placeholders: Set<String> { ReasonTemplate.Pattern(english).placeholders }
}

extension ExitStatus {
  /// What the status means, in a few words, in `language` (the overview's line).
  func meaning(in language: Language) -> String {
    switch language {
    case .english: englishMeaning
    case .japanese: japaneseMeaning
    case .traditionalChinese: traditionalChineseMeaning
    case .korean: koreanMeaning
    }
  }
}

extension ContractFamily {
  /// The family's name for people, in `language`.
  func name(in language: Language) -> String {
    switch language {
    case .english: displayName
    case .japanese: japaneseName
    case .traditionalChinese: traditionalChineseName
    case .korean: koreanName
    }
  }
}
