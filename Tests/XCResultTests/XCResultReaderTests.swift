import Foundation
import Testing
import XCResult

/// The readers against trainer's JUnit of the same bundles: every case and every failure is
/// accounted for, and the two stores of one bundle agree.
@Suite struct XCResultReaderTests {
  @Test("The database of the mixed bundle holds every case and failure of trainer's JUnit")
  func mixedDatabaseMatchesTrainer() throws {
    let report = try XCResultBundle.read(try fixture("Xcode16-Mixed-XCTest-SwiftTesting.xcresult"))
    #expect(report.source == .database)
    #expect(report.problems.isEmpty)
    #expect(report.unfinished == nil)
    #expect(report.devices == ["iPhone 16 Pro (iOS Simulator 18.2)"])
    #expect(report.configurations == ["MyTestPlanConfig"])
    let trainer = try trainerCases(
      try fixture("Xcode16-Mixed-XCTest-SwiftTesting-WithoutRetries.junit"))
    #expect(report.cases.count == trainer.count)
    var ours: [String: [XCResultCase]] = [:]
    for testCase in report.cases {
      ours[trainerForm(testCase.displayName ?? testCase.name), default: []].append(testCase)
    }
    for expected in trainer {
      let name = trainerForm(expected.name)
      guard let match = ours[name]?.first else {
        Issue.record("trainer's '\(expected.className)/\(expected.name)' is not read")
        continue
      }
      ours[name]?.removeFirst()
      #expect(match.suite == expected.className || expected.className.hasSuffix(match.suite))
      #expect(match.outcome.rawValue == expected.outcome, "\(name)")
      let failures = match.outcome == .failed ? match.decidingAttempt?.issues ?? [] : []
      #expect(
        failures.map { trainerForm($0.located) } == expected.failures.map(trainerForm),
        "\(name)")
      if let skipped = expected.skipped {
        #expect(match.decidingAttempt?.skipReason == skipped, "\(name)")
      }
    }
    #expect(ours.values.allSatisfy { $0.isEmpty }, "cases trainer does not have")
  }

  @Test("Every attempt of trainer's JUnit with retries is an attempt of a case")
  func mixedRetriesAreAttempts() throws {
    let report = try XCResultBundle.read(try fixture("Xcode16-Mixed-XCTest-SwiftTesting.xcresult"))
    let trainer = try trainerCases(
      try fixture("Xcode16-Mixed-XCTest-SwiftTesting-WithRetries.junit"))
    let attempts = report.cases.reduce(0) { $0 + $1.attempts.count }
    // trainer writes one <testcase> per attempt of a case that repeated, one for the others.
    let repeated = report.cases.filter { $0.attempts.count > 1 }
    #expect(trainer.count == attempts, "\(repeated.count) repeated cases")
    #expect(report.cases.filter(\.isFlaky).isEmpty)
  }

  @Test(
    "Legacy bundles match trainer case for case (attempts grouped; lines counted from 1)",
    arguments: [
      ("SwiftTesting.xcresult", "SwiftTesting.junit", XCResultBundle.Store.objectStore),
      ("SwiftTesting.xcresult", "SwiftTesting.junit", XCResultBundle.Store.database),
      ("Test.test_result.xcresult", "Test.test_result.junit", XCResultBundle.Store.objectStore),
    ])
  func legacyMatchesTrainer(bundle: String, junit: String, store: XCResultBundle.Store) throws {
    let report = try XCResultBundle.read(try fixture(bundle), store: store)
    #expect(report.problems.isEmpty)
    #expect(report.unfinished == nil)
    var trainer: [String: [TrainerCase]] = [:]
    var order: [String] = []
    for testCase in try trainerCases(try fixture(junit)) {
      let key = "\(testCase.className)/\(testCase.name)"
      if trainer[key] == nil { order.append(key) }
      trainer[key, default: []].append(testCase)
    }
    #expect(report.cases.count == order.count)
    for key in order {
      let attempts = trainer[key] ?? []
      let match = report.cases.first {
        key == "\($0.suite.split(separator: ".").last ?? "")/\($0.name)"
      }
      guard let match else {
        Issue.record("trainer's '\(key)' is not read")
        continue
      }
      #expect(match.attempts.count == attempts.count, "\(key)")
      #expect(match.outcome.rawValue == attempts.last?.outcome, "\(key)")
      for (attempt, expected) in zip(match.attempts, attempts) {
        #expect(attempt.issues.map(\.located) == expected.failures.map(locatedFromLegacyTrainer))
      }
    }
  }

  @Test("The database and the object store of SwiftTesting.xcresult agree")
  func bothStoresAgree() throws {
    let path = try fixture("SwiftTesting.xcresult")
    let database = try XCResultBundle.read(path, store: .database)
    let objects = try XCResultBundle.read(path, store: .objectStore)
    #expect(database.source == .database && objects.source == .objectStore)
    #expect(XCResultBundle.disagreements(database, objects).isEmpty)
    #expect(database.cases == objects.cases)
    #expect(database.devices == objects.devices)
    #expect(database.configurations == objects.configurations)
    let both = try XCResultBundle.read(path)
    #expect(both.problems.isEmpty)
    #expect(both.notes.contains { $0.contains("they agree") })
  }

  @Test("The test-results JSON reads as the same tests, one case per argument")
  func testResultsJSON() throws {
    let report = try XCResultJSON.read(try fixture("Xcode16-Mixed-XCTest-SwiftTesting.json"))
    #expect(report.source == .testResultsJSON)
    #expect(report.problems.isEmpty)
    #expect(report.devices == ["iPhone 16 Pro (iOS Simulator 18.2)"])
    #expect(report.configurations == ["MyTestPlanConfig"])
    let outcomes = Dictionary(grouping: report.cases, by: \.outcome).mapValues(\.count)
    #expect(outcomes[.failed] == 13 && outcomes[.skipped] == 7 && outcomes[.passed] == 44)
    let launch = report.cases.filter { $0.suite == "FastlaneTrainerExampleUITestsLaunchTests" }
    #expect(
      launch.map(\.name) == [
        "testLaunch(1, 1)", "testLaunch(1, 4)", "testLaunch(2, 1)", "testLaunch(4, 2)",
      ])
    let password = try #require(report.cases.first { $0.name == "testPasswordLength()" })
    #expect(password.displayName == "Password length requirements")
    #expect(password.attempts.count == 2)
    #expect(password.attempts[1].issues.map(\.line) == [156, 156])
    // The database of another run of the same project names the same tests.
    let database = try XCResultBundle.read(
      try fixture("Xcode16-Mixed-XCTest-SwiftTesting.xcresult"))
    let names = Set(database.cases.map { "\($0.suite)/\($0.name)" })
    let shared = report.cases.filter { names.contains("\($0.suite)/\($0.name)") }
    #expect(shared.count == report.cases.count - launch.count + 1)
  }

  @Test("Legacy JSON of the tests object reads as the object store does, less the summaries")
  func legacyJSON() throws {
    let json = try XCResultJSON.read(try fixture("SwiftTesting-tests-legacy.json"))
    let objects = try XCResultBundle.read(try fixture("SwiftTesting.xcresult"), store: .objectStore)
    #expect(json.source == .legacyJSON)
    #expect(json.problems.isEmpty)
    #expect(json.cases.map(\.name) == objects.cases.map(\.name))
    #expect(json.cases.map(\.suite) == objects.cases.map(\.suite))
    #expect(json.cases.map(\.outcome) == objects.cases.map(\.outcome))
    #expect(json.cases.map(\.attempts.count) == [3, 3])
    #expect(json.notes.contains { $0.contains("not their summaries") })
  }

  @Test("JSON that is neither form is refused, naming the file")
  func otherJSON() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("stategate-other-\(UUID().uuidString).json")
    try Data(#"{"name": "package"}"#.utf8).write(to: file)
    #expect(throws: XCResultError.self) { try XCResultJSON.read(file.path) }
    try Data(#"{"testNodes": [{"nodeType": "Test Case", "result": "Exploded"}]}"#.utf8)
      .write(to: file)
    let report = try XCResultJSON.read(file.path)
    #expect(report.problems.first?.contains("'Exploded'") == true)
  }
}
