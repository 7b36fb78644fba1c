import Contracts
import Faults
import ReferenceModels
import Testing

@testable import RunModel
@testable import Runner

/// The built-in cases of both displays judge a pessimistic subject through their `under
/// display-pessimistic` lines: correct pessimistic lists pass them, one that paints the intent
/// fails them as `ui-binding`, and without those lines they would fail a correct list.
@MainActor
@Suite("The built-in cases under the pessimistic display")
struct PessimisticDisplayCaseTests {
  /// The reference pessimistic list, and pessimistic copies of the list that reads by itself and
  /// of the follow list (values beyond on/off): each runs the cases of both displays it can.
  static let subjects: [SubjectEntry] = [
    SubjectEntry.reference[3],
    .optimisticUpdates("favorites-pessimistic-rereading", summary: "") {
      PessimisticFavorites(rereadsAutomatically: true)
    },
    .optimisticUpdates("follows-pessimistic", summary: "") {
      PessimisticFavorites(choices: .followChoices, serverValues: ["requested"])
    },
  ]

  static func optimisticSuite() throws -> ContractSuite {
    try #require(try BuiltInSuites.load().first { $0.family == .optimisticUpdates })
  }

  @Test("Correct pessimistic lists pass every case of both displays, each of those cases run")
  func correctListsPass() throws {
    let suite = try Self.optimisticSuite()
    let report = ContractRunner(clock: frozenClock).run(
      RunPlan(suites: [suite], subjects: Self.subjects))
    let results = report.suites.flatMap(\.cases)
    let failures = results.filter { $0.outcome == .failed }
    #expect(failures.map { "\($0.subject) \($0.caseID)" } == [])
    let ran = Set(results.filter { $0.outcome == .passed }.map(\.caseID))
    #expect(bothDisplaysCaseIDs.filter { !ran.contains($0) } == [])
    // The reference pessimistic list runs 44 of the 79 cases (22 before the `under` lines).
    let reference = results.filter { $0.subject == "favorites-pessimistic" }
    #expect(reference.count == 79)
    #expect(reference.filter { $0.outcome == .passed }.count == 44)
  }

  @Test("Each case of both displays states a pessimistic value, and only where the row differs")
  func variantsWhereTheRowDiffers() throws {
    let suite = try Self.optimisticSuite()
    let withVariants = suite.cases.filter(\.hasVariants).map(\.id)
    #expect(withVariants == bothDisplaysCaseIDs)
    for contractCase in suite.cases where contractCase.hasVariants {
      #expect(!contractCase.requirements.contains(.displayOptimistic), "\(contractCase.id)")
      for step in contractCase.steps {
        for variant in step.variants {
          #expect(variant.answer == .displayPessimistic)
          #expect(variant.line == step.line + 1)
          for expectation in variant.expectations {
            // What differs is what the row shows (and so which rows a filter keeps).
            #expect(
              expectation.key.hasSuffix(".displayed") || expectation.key == "order",
              "\(contractCase.id):\(variant.line) \(expectation)")
            #expect(
              step.expectations.contains { $0.key == expectation.key && $0 != expectation },
              "\(contractCase.id):\(variant.line) \(expectation) restates the step")
          }
        }
      }
    }
  }

  @Test("Without their pessimistic lines the cases of both displays fail the correct list")
  func variantsAreWhatJudges() throws {
    var suite = try Self.optimisticSuite()
    suite.cases = suite.cases.filter(\.hasVariants).map { contractCase in
      var stripped = contractCase
      stripped.steps = contractCase.steps.map { step in
        var plain = step
        plain.variants = []
        return plain
      }
      return stripped
    }
    let report = ContractRunner(clock: frozenClock).run(
      RunPlan(suites: [suite], subjects: [Self.subjects[0]]))
    let failed = report.suites.flatMap(\.cases).filter { $0.outcome == .failed }
    #expect(failed.count == 22)
  }

  @Test("A pessimistic list that paints the intent fails the cases of both displays as ui-binding")
  func faultFailsAsUIBinding() throws {
    var suite = try Self.optimisticSuite()
    suite.cases = suite.cases.filter(\.hasVariants)
    let fault = Fault.pessimisticShowsIntent.subject
    let report = ContractRunner(clock: frozenClock).run(
      RunPlan(suites: [suite], subjects: [fault]))
    let results = report.suites.flatMap(\.cases).filter {
      if case .skipped = $0.outcome { return false }
      return true
    }
    #expect(results.count == 22)
    for result in results {
      #expect(result.outcome == .failed, "\(result.caseID)")
      #expect(result.classification?.failureClass == .uiBinding, "\(result.caseID)")
    }
  }
}
