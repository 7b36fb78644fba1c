import Foundation
import Testing
import Triage

@testable import XCResult

/// A copy of a fixture bundle in a fresh temporary folder, to damage.
func copyOfFixture(_ name: String) throws -> String {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("stategate-xcresult-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let copy = folder.appendingPathComponent(name).path
  try FileManager.default.copyItem(atPath: try fixture(name), toPath: copy)
  return copy
}

/// The gate's verdict on `path`, as `stategate triage PATH` decides it.
func verdict(_ path: String) -> TriageVerdict {
  ArchiveTriage.report(paths: [path]).verdict
}

/// The problems triage reports for `path`, one line each.
func problems(_ path: String) -> [String] {
  ArchiveTriage.report(paths: [path]).inputs.flatMap(\.problems)
}

/// Runs SQL on a copied database with the `sqlite3` command-line tool (`ci/deps.sh` installs
/// it): stategate itself never writes a bundle.
func sqlite(_ database: String, _ sql: String) throws {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["sqlite3", database, sql]
  try process.run()
  process.waitUntilExit()
  #expect(process.terminationStatus == 0, "sqlite3 \(sql)")
}

func truncate(_ path: String, to fraction: Double) throws {
  let data = try Data(contentsOf: URL(fileURLWithPath: path))
  try data.prefix(Int(Double(data.count) * fraction)).write(to: URL(fileURLWithPath: path))
}

func flip(_ path: String, at offset: Int) throws {
  var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  bytes[offset] ^= 0xFF
  try Data(bytes).write(to: URL(fileURLWithPath: path))
}

func dataObjects(_ bundle: String) throws -> [String] {
  try FileManager.default.contentsOfDirectory(atPath: bundle + "/Data")
    .filter { $0.hasPrefix("data.") }.sorted().map { bundle + "/Data/" + $0 }
}

/// Damaged bundles are never green.
///
/// Each damage is `malformed` (exit 65) or `incomplete` (exit 1), with a one-line reason naming
/// the file.
@Suite struct MutatedBundleTests {
  /// A copy of the mixed bundle whose every test passed: the baseline the damage is measured
  /// against (it exits 0 undamaged).
  func greenDatabaseBundle() throws -> String {
    let bundle = try copyOfFixture("Xcode16-Mixed-XCTest-SwiftTesting.xcresult")
    try sqlite(
      bundle + "/database.sqlite3",
      "UPDATE TestCaseRuns SET result = 'Success', skipNotice_fk = NULL; DELETE FROM TestIssues; "
        + "UPDATE TestCaseResultsByDestinationAndConfiguration SET result = 'Success';")
    #expect(verdict(bundle) == .passed)
    return bundle
  }

  @Test("A green bundle without Info.plist, or of an unknown version, is malformed")
  func info() throws {
    let bundle = try greenDatabaseBundle()
    let plist = bundle + "/Info.plist"
    let text = try String(contentsOfFile: plist, encoding: .utf8)
    try text.replacingOccurrences(of: "<integer>3</integer>", with: "<integer>4</integer>")
      .write(toFile: plist, atomically: true, encoding: .utf8)
    #expect(verdict(bundle) == .malformed)
    #expect(problems(bundle).first?.contains("bundle version 4.53") == true)
    try FileManager.default.removeItem(atPath: plist)
    #expect(verdict(bundle) == .malformed)
    #expect(
      problems(bundle) == [
        "'\(plist)': missing: not an .xcresult bundle, or one whose "
          + "Info.plist was lost"
      ])
  }

  @Test(
    "A green database without an expected table is malformed",
    arguments: [
      "TestCaseRuns", "TestCases", "TestIssues", "Actions", "Arguments", "Devices",
      "RunDestinations", "SkipNotices", "TestCaseResultsByDestinationAndConfiguration",
      "TestPlanConfigurations", "TestPlanRuns", "TestableRuns",
    ])
  func missingTable(table: String) throws {
    let bundle = try greenDatabaseBundle()
    try sqlite(bundle + "/database.sqlite3", "DROP TABLE \(table);")
    #expect(verdict(bundle) == .malformed)
    #expect(problems(bundle).first?.contains("no table '\(table)'") == true)
  }

  @Test(
    "Runs removed from a database never read as a shorter, greener run",
    arguments: [
      // The failing runs, their issues and expected failures of the failing mixed bundle.
      "DELETE FROM TestCaseRuns WHERE testCase_fk IN (SELECT testCase_fk FROM TestCaseRuns "
        + "WHERE result = 'Failure'); DELETE FROM TestIssues; DELETE FROM ExpectedFailures;",
      // Every second run of the failing mixed bundle.
      "DELETE FROM TestCaseRuns WHERE rowid % 2 = 0;",
      // Only the runs that failed.
      "DELETE FROM TestCaseRuns WHERE result = 'Failure'; DELETE FROM TestIssues;",
    ])
  func removedRuns(sql: String) throws {
    let bundle = try copyOfFixture("Xcode16-Mixed-XCTest-SwiftTesting.xcresult")
    try sqlite(bundle + "/database.sqlite3", sql)
    #expect(verdict(bundle) == .malformed, "\(sql)")
    #expect(problems(bundle).contains { $0.contains("rows were removed") }, "\(problems(bundle))")
  }

  @Test("Every second run removed from a green database is malformed, not a smaller green run")
  func removedGreenRuns() throws {
    let bundle = try greenDatabaseBundle()
    try sqlite(bundle + "/database.sqlite3", "DELETE FROM TestCaseRuns WHERE rowid % 2 = 0;")
    #expect(verdict(bundle) == .malformed)
  }

  @Test("A truncated green database is malformed", arguments: [0.0, 0.25, 0.5, 0.9, 0.99])
  func truncatedDatabase(fraction: Double) throws {
    let bundle = try greenDatabaseBundle()
    try truncate(bundle + "/database.sqlite3", to: fraction)
    #expect(verdict(bundle) == .malformed)
    #expect(problems(bundle).first?.contains("database.sqlite3") == true)
  }

  @Test("A green database with a result stategate does not know is malformed")
  func unknownResult() throws {
    let bundle = try greenDatabaseBundle()
    try sqlite(
      bundle + "/database.sqlite3", "UPDATE TestCaseRuns SET result = 'Exploded' WHERE rowid = 7;")
    #expect(verdict(bundle) == .malformed)
    #expect(problems(bundle).first?.contains("'Exploded'") == true)
  }

  @Test("A green run that did not finish is incomplete")
  func unfinishedRun() throws {
    let bundle = try greenDatabaseBundle()
    try sqlite(bundle + "/database.sqlite3", "UPDATE Actions SET finished = NULL;")
    #expect(verdict(bundle) == .incomplete)
  }

  @Test("A test that failed and then passed on retry is flaky: counted, and not a failure")
  func flakyRetry() throws {
    let bundle = try greenDatabaseBundle()
    try sqlite(
      bundle + "/database.sqlite3", "UPDATE TestCaseRuns SET result = 'Failure' WHERE rowid = 1;")
    let input = ArchiveTriage.report(paths: [bundle]).inputs[0]
    #expect(input.counts.flaky == 1)
    #expect(input.counts.failed == 0)
  }

  @Test("Flipped bytes anywhere in the database never make the failing mixed bundle green")
  func flippedDatabase() throws {
    let bundle = try copyOfFixture("Xcode16-Mixed-XCTest-SwiftTesting.xcresult")
    let database = bundle + "/database.sqlite3"
    let original = try Data(contentsOf: URL(fileURLWithPath: database))
    var malformed = 0
    for offset in stride(from: 0, to: original.count, by: original.count / 40) {
      try original.write(to: URL(fileURLWithPath: database))
      try flip(database, at: offset)
      let found = verdict(bundle)
      #expect(found != .passed, "byte \(offset)")
      if found == .malformed { malformed += 1 }
    }
    #expect(malformed > 0)
  }

  @Test("Every object of the object store truncated, flipped or removed: never green")
  func damagedObjects() throws {
    let bundle = try copyOfFixture("Test.test_result.xcresult")
    #expect(verdict(bundle) == .failed)
    for object in try dataObjects(bundle) {
      let original = try Data(contentsOf: URL(fileURLWithPath: object))
      var damages: [(String, () throws -> Void)] = [
        ("truncated", { try truncate(object, to: 0.5) }),
        ("removed", { try FileManager.default.removeItem(atPath: object) }),
      ]
      for offset in [4, 5, original.count / 2, original.count - 1] where offset < original.count {
        damages.append(("byte \(offset) flipped", { try flip(object, at: offset) }))
      }
      for (damage, apply) in damages {
        try original.write(to: URL(fileURLWithPath: object))
        try apply()
        #expect(verdict(bundle) != .passed, "\(object) \(damage)")
      }
      try original.write(to: URL(fileURLWithPath: object))
    }
  }

  @Test("The root object truncated, cut, corrupt or not Zstandard is malformed, named")
  func damagedRoot() throws {
    let bundle = try copyOfFixture("Test.test_result.xcresult")
    let root = try dataObjects(bundle).first { $0.contains("ONz3zz9Pw_nP") }
    let path = try #require(root)
    let original = try Data(contentsOf: URL(fileURLWithPath: path))
    for damage in [0.0, 0.5, 0.99] {
      try original.write(to: URL(fileURLWithPath: path))
      try truncate(path, to: damage)
      #expect(verdict(bundle) == .malformed)
      #expect(problems(bundle).first?.hasPrefix("'\(bundle)/Data/data.0~ONz3") == true)
    }
    try original.write(to: URL(fileURLWithPath: path))
    try flip(path, at: 0)
    #expect(verdict(bundle) == .malformed)
    #expect(problems(bundle).first?.contains("not Zstandard data") == true)
    try FileManager.default.removeItem(atPath: path)
    #expect(verdict(bundle) == .malformed)
    #expect(problems(bundle).first?.contains("missing from the bundle") == true)
  }

  @Test("An object that decompresses beyond 256 MB is refused, not allocated")
  func decompressionBomb() throws {
    let bundle = try copyOfFixture("Test.test_result.xcresult")
    let root = try #require(try dataObjects(bundle).first { $0.contains("ONz3zz9Pw_nP") })
    try FileManager.default.removeItem(atPath: root)
    try FileManager.default.copyItem(
      atPath: try fixture("Hostile/bomb-300MB-of-zeros.zst"), toPath: root)
    #expect(verdict(bundle) == .malformed)
    #expect(problems(bundle).first?.contains("more than 256 MB; refused") == true)
  }

  @Test("Nesting deeper than the limit is refused")
  func deepNesting() throws {
    let depth = CompactEncodingReader.depthLimit + 10
    let open = "[T[K2:_nV4:Node]K1:x"
    var text = String(repeating: open, count: depth) + "[S4:Node]"
    text += String(repeating: "]", count: depth)
    #expect(throws: XCResultError.self) {
      try CompactEncodingReader.parse(Array(text.utf8), path: "deep")
    }
    let shallow = String(repeating: open, count: 3) + "[S4:Node]" + "]]]"
    #expect(throws: Never.self) { try CompactEncodingReader.parse(Array(shallow.utf8), path: "ok") }
  }

  @Test("A link leading out of the bundle is not followed")
  func linkOutOfBundle() throws {
    let bundle = try greenDatabaseBundle()
    let outside = (bundle as NSString).deletingLastPathComponent + "/elsewhere.sqlite3"
    try FileManager.default.moveItem(atPath: bundle + "/database.sqlite3", toPath: outside)
    try FileManager.default.createSymbolicLink(
      atPath: bundle + "/database.sqlite3", withDestinationPath: outside)
    #expect(verdict(bundle) == .malformed)
    #expect(problems(bundle).first?.contains("leads outside the bundle") == true)
  }

  @Test("An empty folder named .xcresult is malformed; a missing one is missing")
  func notABundle() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("stategate-xcresult-\(UUID().uuidString)/Empty.xcresult").path
    #expect(verdict(folder) == .missing)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    #expect(verdict(folder) == .malformed)
  }

  @Test("A StateGateXCTest tag in a bundle's failure is its class, exactly, as in JUnit")
  func taggedFailure() throws {
    let bundle = try copyOfFixture("Xcode16-Mixed-XCTest-SwiftTesting.xcresult")
    // XCTAssertContract fails with XCTFail ("failed - MESSAGE"); #expectContract records an issue
    // whose comment is the message.
    try sqlite(
      bundle + "/database.sqlite3",
      """
      UPDATE TestIssues SET compactDescription = 'failed - stategate[group-boundary] step 3 \
      ''undo'': expected canUndo=yes, got no' WHERE rowid IN (33, 34);
      UPDATE TestIssues SET compactDescription = 'stategate[redo-availability] step 2 \
      ''redo'': expected canRedo=no, got yes' WHERE rowid IN (1, 2);
      """)
    let input = ArchiveTriage.report(paths: [bundle]).inputs[0]
    let xctest = try #require(input.failures.first { $0.name == "testBasicAssertions()" })
    #expect(xctest.failureClass == .groupBoundary && xctest.isExact)
    let swiftTesting = try #require(input.failures.first { $0.name == "testPostLength()" })
    #expect(swiftTesting.failureClass == .redoAvailability && swiftTesting.isExact)
  }
}
