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
    let runner = ContractRunner(clock: frozenClock)
    var read = plan
    read.readDeclarations()
    return ConformanceProfile.profiles(of: runner.run(plan), plan: read).first
  }

  @Test("The favourite star as shipped gets each rule named held or broke, and the fit named")
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
    #expect(
      profile.fits?.contains {
        $0.hasPrefix("its in-flight failures behave like the in-flight rule 'latest-wins'")
      } == true)
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

  @Test("A subject whose only failures are taps sent while pending behaves like latest-wins")
  func ungatedFitsLatestWins() throws {
    let ungated = try #require(try profile(of: Fault.secondTapSends.subject))
    let broken = ungated.rules.filter { $0.verdict == "broke" }.map(\.rule)
    #expect(broken == ["in-flight"])
    #expect(
      ungated.fits == [
        "behaves like the in-flight rule 'latest-wins': declare it if that is the product's "
          + "choice"
      ])
  }

  @Test("A star that shows the confirmed value while saving is named as fitting 'pessimistic'")
  func pessimisticFits() throws {
    let star = SubjectEntry.optimisticUpdates("pessimistic-star", summary: "") {
      PessimisticStar()
    }
    let profile = try #require(try profile(of: star))
    #expect(
      profile.fits?.contains(
        "behaves like the display rule 'pessimistic': declare it if that is the product's choice"
      ) == true, "\(profile)")
  }
}
