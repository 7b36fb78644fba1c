import Foundation
import Testing
import Triage

@testable import XCResult

/// Each source of outcome of each real bundle edited alone, cut short, or swapped for something
/// that is not a file: never a passing verdict, and always an answer within 10 s.
@Suite struct OutcomeFuzzTests {
  /// One change to a copied bundle.
  struct Mutation {
    var name: String
    var apply: (String) throws -> Void
  }

  /// `relative` inside the bundle replaced with something that is not a regular file (or with
  /// an empty one).
  static func swaps(_ relative: String) -> [Mutation] {
    let files = FileManager.default
    func replace(_ name: String, _ make: @escaping (String) throws -> Void) -> Mutation {
      Mutation(name: "\(relative) \(name)") { bundle in
        let path = bundle + "/" + relative
        try files.removeItem(atPath: path)
        try make(path)
      }
    }
    return [
      replace("a FIFO") { #expect(mkfifo($0, 0o644) == 0) },
      replace("a directory") {
        try files.createDirectory(atPath: $0, withIntermediateDirectories: false)
      },
      replace("a link to /dev/zero") {
        try files.createSymbolicLink(atPath: $0, withDestinationPath: "/dev/zero")
      },
      replace("a link to /dev/null") {
        try files.createSymbolicLink(atPath: $0, withDestinationPath: "/dev/null")
      },
      replace("empty") { _ = files.createFile(atPath: $0, contents: Data()) },
    ]
  }

  /// Every mutation of the bundle at `original` (read to find its sources), applied to a copy.
  static func mutations(of original: String) throws -> [Mutation] {
    var list: [Mutation] = []
    let database = original + "/database.sqlite3"
    if FileManager.default.fileExists(atPath: database) {
      func edit(_ name: String, _ sql: String) -> Mutation {
        Mutation(name: name) { try sqlite($0 + "/database.sqlite3", sql) }
      }
      let runs = "UPDATE TestCaseRuns SET result = '%@' WHERE result = 'Failure';"
      let results =
        "UPDATE TestCaseResultsByDestinationAndConfiguration SET result = '%@' "
        + "WHERE result = 'Failure';"
      for word in ["Success", "Expected Failure", "Skipped"] {
        let run = runs.replacingOccurrences(of: "%@", with: word)
        let result = results.replacingOccurrences(of: "%@", with: word)
        list.append(edit("runs \(word)", run))
        list.append(edit("runs and results \(word), TestIssues kept", run + result))
        list.append(edit("results \(word)", result))
      }
      list.append(edit("TestIssues deleted", "DELETE FROM TestIssues;"))
      for fraction in [0.0, 0.1, 0.5, 0.9] {
        list.append(
          Mutation(name: "database cut to \(fraction)") {
            try truncate($0 + "/database.sqlite3", to: fraction)
          })
      }
      list += Self.swaps("database.sqlite3")
    }
    if FileManager.default.fileExists(atPath: original + "/Data") {
      func edit(_ name: String, _ edits: [(String, (LegacyValue) -> LegacyValue)]) -> Mutation {
        Mutation(name: name) { bundle in
          for (type, change) in edits { try ObjectEditing.edit(bundle, type: type, change) }
        }
      }
      let tree = "ActionTestPlanRunSummaries"
      let summary = "ActionTestSummary"
      let root = "ActionsInvocationRecord"
      for word in ["Success", "Expected Failure", "Skipped"] {
        let flip = ObjectEditing.statuses("Failure", to: word)
        list.append(edit("tree \(word)", [(tree, flip)]))
        list.append(
          edit("tree and counts \(word)", [(tree, flip), (root, ObjectEditing.noFailedCount)]))
        list.append(edit("summary objects \(word)", [(summary, flip)]))
        list.append(
          edit(
            "tree, counts and summary statuses \(word)",
            [(tree, flip), (root, ObjectEditing.noFailedCount), (summary, flip)]))
        list.append(
          edit(
            "everything but the invocation's failure summaries \(word)",
            [
              (tree, flip), (root, ObjectEditing.noFailedCount),
              (summary, { ObjectEditing.removing("failureSummaries")(flip($0)) }),
            ]))
      }
      list.append(edit("counts", [(root, ObjectEditing.noFailedCount)]))
      list.append(
        edit("summary failures removed", [(summary, ObjectEditing.removing("failureSummaries"))]))
      list.append(
        edit("failure summaries removed", [(root, ObjectEditing.removing("testFailureSummaries"))]))
      // The objects the reader opens: the root, the tests, the summaries.
      for path in try dataObjects(original) {
        guard let value = try? ObjectEditing.read(path),
          [tree, summary, root].contains(value.typeName)
        else { continue }
        let name = "Data/" + (path as NSString).lastPathComponent
        for fraction in [0.0, 0.5, 0.9] {
          list.append(
            Mutation(name: "\(name) cut to \(fraction)") {
              try truncate($0 + "/" + name, to: fraction)
            })
        }
        list += Self.swaps(name)
      }
      list += Self.swaps("Data")
    }
    list += Self.swaps("Info.plist")
    return list
  }

  @Test(
    "No mutation of a real bundle reads as passed, and each answers within 10 s",
    arguments: [
      "SwiftTesting.xcresult", "Test.test_result.xcresult",
      "Xcode16-Mixed-XCTest-SwiftTesting.xcresult",
    ])
  func mutatedBundles(name: String) throws {
    let original = try fixture(name)
    #expect(verdict(original) == .failed)
    var greens: [String] = []
    var hangs: [String] = []
    let mutations = try Self.mutations(of: original)
    for mutation in mutations {
      let bundle = try copyOfFixture(name)
      try mutation.apply(bundle)
      let found = withDeadline(10) { verdict(bundle) }
      switch found {
      case nil: hangs.append(mutation.name)
      case .passed?: greens.append(mutation.name)
      default: break
      }
    }
    #expect(mutations.count > 20)
    #expect(greens == [], "false greens of '\(name)'")
    #expect(hangs == [], "hangs of '\(name)'")
  }
}
