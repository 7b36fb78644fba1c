import Contracts
import Faults
import ReferenceModels
import ResultSchema
import Testing

@testable import RunModel
@testable import Runner

/// The conformance profile: every built-in case mapped to the rules it judges, and a model that
/// follows none of the article's rules gets each rule named held or broke.
@MainActor
@Suite("Conformance profile")
struct ConformanceProfileTests {
  @Test("Every built-in case is mapped to the rules it judges, and every entry names one")
  func everyBuiltInCaseIsMapped() throws {
    let names = try BuiltInSuites.load().flatMap { suite in
      suite.cases.map { "\(suite.id)/\($0.id)" }
    }
    let unmapped = names.filter { (BuiltInCaseRules.table[$0] ?? []).isEmpty }
    #expect(unmapped.isEmpty, "map each in BuiltInCaseRules.table")
    let stale = Set(BuiltInCaseRules.table.keys).subtracting(names)
    #expect(stale.isEmpty, "entries naming no built-in case")
    for suite in try BuiltInSuites.load() {
      for contractCase in suite.cases {
        for rule in BuiltInCaseRules.rules(suiteID: suite.id, caseID: contractCase.id) {
          #expect(
            ContractRule.all(in: suite.family).contains(rule),
            "\(suite.id)/\(contractCase.id) judges \(rule), a rule of another family")
        }
      }
    }
  }

  private func profile(of subject: SubjectEntry) throws -> Manifest.Conformance? {
    let plan = RunPlan(suites: try BuiltInSuites.load(), subjects: [subject])
    var report = ContractRunner(clock: frozenClock).run(plan)
    report.policyFits = PolicyProbe.fits(of: report, plan: plan)
    return ConformanceProfile.profiles(of: report).first
  }

  @Test("The favourite star as shipped gets each rule named held or broke, and no fit it misses")
  func shippedStarProfile() throws {
    let star = SubjectEntry.optimisticUpdates("shipped-star", summary: "") { ShippedStar() }
    let profile = try #require(try profile(of: star))
    let verdicts = Dictionary(uniqueKeysWithValues: profile.rules.map { ($0.rule, $0.verdict) })
    #expect(
      verdicts == [
        // It flips the star back from what it shows, not to the value confirmed now.
        "in-flight": "broke", "rollback-target": "broke", "server-authority": "held",
        "unknown-outcome": "broke", "stale-answers": "broke", "sessions": "broke",
        // A record's unknown outcome beside another's success is judged for identity too.
        "identity": "broke", "ui-binding": "broke",
        // Every case judging the display is for the pessimistic display, which it does not declare.
        "display": "skipped",
      ])
    let broken = try #require(profile.rules.first { $0.rule == "in-flight" })
    #expect(broken.cases.contains { $0.hasPrefix("optimistic-updates/tap-while-pending (") })
    // Its taps while pending send, as under latest-wins, but so do its taps after an unknown
    // outcome, where every in-flight answer blocks them until a sync: no answer fits, and the
    // probe says none rather than a near miss.
    #expect(profile.fits == nil, "\(profile.fits ?? [])")
  }

  @Test("A correct subject gets no profile; a one-bug copy breaks its rule and not the others")
  func oneBugBreaksItsRule() throws {
    let correct = SubjectEntry.optimisticUpdates("favorites", summary: "") {
      ReferenceFavorites()
    }
    #expect(try profile(of: correct) == nil)
    let snapshot = try #require(try profile(of: Fault.rollbackToSnapshot.subject))
    let verdicts = Dictionary(uniqueKeysWithValues: snapshot.rules.map { ($0.rule, $0.verdict) })
    #expect(verdicts["rollback-target"] == "broke")
    #expect(verdicts["in-flight"] == "held")
    #expect(verdicts["ui-binding"] == "held")
    #expect(verdicts["sessions"] == "held")
    #expect(snapshot.fits == nil, "a rollback bug fits no policy")
  }

  @Test(
    "A probe's subject that declares nothing new behaves as the subject: every case of every reference subject, and of the faults, ends the same"
  )
  func probeForwardsEverything() throws {
    // A requirement the probe's wrapper did not forward would fall back to the protocol's default
    // and change what some subject does.
    let suites = try BuiltInSuites.load()
    for entry in SubjectEntry.reference + FaultCatalog.faults.map(\.subject)
    where !entry.requiresIsolation {
      let outcomes = { (subject: SubjectEntry) in
        ContractRunner(clock: frozenClock).run(RunPlan(suites: suites, subjects: [subject]))
          .suites.flatMap(\.cases).map { "\($0.caseID) \($0.outcome)" }
      }
      #expect(outcomes(entry.declaring([])) == outcomes(entry), "\(entry.name)")
    }
  }

  @Test("A control that stays disabled while it sends fits no in-flight answer")
  func disabledButSendingFitsNothing() throws {
    // The fault sends a second tap while its control says taps are refused: under latest-wins
    // the control must accept them, so no answer explains both.
    let ungated = try #require(try profile(of: Fault.secondTapSends.subject))
    let broken = ungated.rules.filter { $0.verdict == "broke" }.map(\.rule)
    #expect(broken == ["in-flight"])
    #expect(ungated.fits == nil, "\(ungated.fits ?? [])")
  }

  /// A correct model of a policy, declared with another answer to each of its rules.
  struct Masked: CustomTestStringConvertible, Sendable {
    let entry: SubjectEntry
    /// The rules it answers, with the answer it behaves by and the one it is made to declare.
    let answers: [(rule: ProductRule, real: SubjectCapability, declared: SubjectCapability)]

    var testDescription: String { entry.name }
  }

  // The shared-entities timeline is left out: declared per-row it passes every case it runs (no
  // per-row case has two rows of one entity), so it has no failure to fit.
  nonisolated static let masked: [Masked] = [
    Masked(
      entry: .optimisticUpdates("likes", summary: "") { LikeStore() },
      answers: [(.inFlight, .latestTapWins, .oneWriteInFlight)]),
    Masked(
      entry: .optimisticUpdates("todos", summary: "") { OfflineQueue() },
      answers: [(.inFlight, .latestTapQueued, .oneWriteInFlight)]),
    Masked(
      entry: .optimisticUpdates("outbox", summary: "") { Outbox() },
      answers: [(.unknownOutcome, .unknownKeepsRetrying, .unknownWithdraws)]),
    Masked(
      entry: .optimisticUpdates("reading-list", summary: "") { RemoveToolbar() },
      answers: [(.confirmation, .removalAsksFirst, .tapsWriteAtOnce)]),
    Masked(
      entry: .optimisticUpdates("votes", summary: "") { PendingVoteList() },
      answers: [(.display, .displayPessimistic, .displayOptimistic)]),
    Masked(
      entry: .undoHistory("notebook", summary: "") { NotebookEditor() },
      answers: [(.documentHistory, .historyPerDocument, .historyPerOpen)]),
    Masked(
      entry: .undoHistory("dial", summary: "") { DialEditorKeepingCancels() },
      answers: [
        (.dragCancel, .dragCancelKeeps, .dragCancelRestores),
        (.undoDuringDrag, .dragUndoCancels, .dragUndoRefused),
      ]),
  ]

  @Test(
    "A correct model that declares the article's answer instead of its own is named as fitting its own, and nothing else",
    arguments: masked)
  func fitsItsOwnPolicy(_ model: Masked) throws {
    let declared = model.entry.declaring(
      model.answers.map { DeclaredAnswer(rule: $0.rule, answer: $0.declared) })
    let profile = try #require(try profile(of: declared), "declared otherwise, it must fail")
    let fits = profile.fits ?? []
    let real = model.answers.map { DeclaredAnswer(rule: $0.rule, answer: $0.real).phrase }
    for phrase in real {
      #expect(fits.contains { $0.contains(phrase) }, "no fit names \(phrase): \(fits)")
    }
    let named = ProductRule.all.flatMap { rule in
      rule.choices.map { DeclaredAnswer(rule: rule, answer: $0).phrase }
    }.filter { phrase in fits.contains { $0.contains(phrase) } }
    #expect(Set(named) == Set(real), "\(fits)")
    if real.count > 1 {
      // Rules judged by one contract rule fit only together, in one note.
      #expect(fits.contains { line in real.allSatisfy(line.contains) }, "\(fits)")
    }
  }

  @Test("A star that shows the confirmed value while saving is named as fitting 'pessimistic'")
  func pessimisticFits() throws {
    let star = SubjectEntry.optimisticUpdates("pessimistic-star", summary: "") {
      PessimisticStar()
    }
    let profile = try #require(try profile(of: star))
    #expect(
      profile.fits?.contains(
        "behaves like the display rule 'pessimistic' (display-pessimistic): declare it if that is "
          + "the product's choice"
      ) == true, "\(profile)")
  }
}
