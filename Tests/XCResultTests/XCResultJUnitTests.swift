import Foundation
import ResultFiles
import Testing
import Triage
import XCResult

/// The schemas the strict dialect must pass, kept with the JUnit writer's tests.
func schema(_ name: String) -> String {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("ResultFilesTests/Fixtures/\(name)").path
}

/// The JUnit `stategate junit` writes from a bundle against trainer's, case by case and failure
/// by failure.
///
/// The names differ in form, on purpose: stategate names a test by its function (with a
/// parameterised case's arguments), as Swift Testing's own JUnit does, where trainer uses the
/// display name; its classname is the whole suite path (`A.B.C`), where trainer's legacy output
/// has the innermost suite; it writes one `<testcase>` per case, its attempts decided as triage
/// decides them, where trainer's legacy output writes one per attempt; its lines count from 1, as
/// Xcode shows them, where trainer's legacy messages quote a document URL counting from 0.
@Suite struct XCResultJUnitTests {
  func written(_ bundle: String, _ dialect: JUnitReport.Dialect) throws -> (
    report: XCResultReport, cases: [TrainerCase], bytes: [UInt8]
  ) {
    let report = try XCResultJUnit.read(try fixture(bundle))
    let bytes = try JUnitWriter.bytes(of: XCResultJUnit.report(of: report, dialect: dialect))
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("stategate-junit-\(UUID().uuidString).xml")
    try Data(bytes).write(to: file)
    return (report, try trainerCases(file.path), bytes)
  }

  @Test(
    "The mixed bundle's JUnit matches trainer's case for case",
    arguments: [JUnitReport.Dialect.standard, .strict])
  func mixedMatchesTrainer(dialect: JUnitReport.Dialect) throws {
    let (report, ours, _) = try written("Xcode16-Mixed-XCTest-SwiftTesting.xcresult", dialect)
    let trainer = try trainerCases(
      try fixture("Xcode16-Mixed-XCTest-SwiftTesting-WithoutRetries.junit"))
    #expect(ours.count == trainer.count)
    // Our <testcase> names are functions; the model gives each its display name.
    let shown = Dictionary(
      report.cases.map { ("\($0.suite)/\($0.name)", $0.displayName ?? $0.name) },
      uniquingKeysWith: { first, _ in first })
    var byTrainerName: [String: [TrainerCase]] = [:]
    for written in ours {
      let name = try #require(shown["\(written.className)/\(written.name)"], "\(written.name)")
      byTrainerName[trainerForm(name), default: []].append(written)
    }
    for expected in trainer {
      let name = trainerForm(expected.name)
      guard let match = byTrainerName[name]?.first else {
        Issue.record("trainer's '\(expected.name)' has no <testcase>")
        continue
      }
      byTrainerName[name]?.removeFirst()
      #expect(match.outcome == expected.outcome, "\(name)")
      // One <failure>: its message the first line of trainer's first, its text every one.
      #expect(match.failures.count == min(expected.failures.count, 1), "\(name)")
      if let message = match.failures.first, let first = expected.failures.first {
        #expect(trainerForm(first).hasPrefix(trainerForm(message)), "\(name)")
      }
      for failure in expected.failures {
        #expect(trainerForm(match.failureText).contains(trainerForm(failure)), "\(name)")
      }
      if let skipped = expected.skipped {
        #expect(match.skipped.map(trainerForm) == trainerForm(skipped), "\(name)")
      }
    }
    #expect(byTrainerName.values.allSatisfy { $0.isEmpty })
  }

  @Test(
    "The legacy bundles' JUnit matches trainer's, attempts grouped",
    arguments: [
      ("SwiftTesting.xcresult", "SwiftTesting.junit"),
      ("Test.test_result.xcresult", "Test.test_result.junit"),
    ])
  func legacyMatchesTrainer(bundle: String, junit: String) throws {
    let (_, ours, _) = try written(bundle, .standard)
    var trainer: [String: TrainerCase] = [:]
    for testCase in try trainerCases(try fixture(junit)) {
      trainer["\(testCase.className)/\(testCase.name)"] = testCase  // the last attempt decides
    }
    #expect(ours.count == trainer.count)
    for written in ours {
      let key = "\(written.className.split(separator: ".").last ?? "")/\(written.name)"
      let expected = try #require(trainer[key], "\(key)")
      #expect(written.outcome == expected.outcome, "\(key)")
      #expect(written.failures == expected.failures.map(locatedFromLegacyTrainer), "\(key)")
    }
  }

  @Test(
    "The strict dialect validates against the Jenkins and the Ant schema",
    arguments: ["jenkins-xunit-junit-10.xsd", "windyroad-JUnit.xsd"])
  func strictValidates(schemaName: String) throws {
    for bundle in [
      "Xcode16-Mixed-XCTest-SwiftTesting.xcresult", "SwiftTesting.xcresult",
      "Test.test_result.xcresult",
    ] {
      let (_, _, bytes) = try written(bundle, .strict)
      let errors = try LibXML2.validate(
        bytes, documentName: bundle, schemaPath: schema(schemaName))
      #expect(errors.isEmpty, "\(bundle): \(errors.prefix(3))")
    }
  }

  @Test("A run that did not finish gets an <error> case: its JUnit never reads green")
  func unfinishedRunIsAnError() throws {
    var report = try XCResultJUnit.read(try fixture("SwiftTesting.xcresult"))
    report.cases = report.cases.filter { $0.outcome == .passed }
    report.unfinished = "'x': the action never ended"
    let junit = XCResultJUnit.report(of: report, dialect: .standard)
    let results = junit.suites.flatMap(\.cases).map(\.result)
    #expect(results.contains { if case .error = $0 { true } else { false } })
  }
}
