import Contracts
import Faults
import Foundation
import PhotoAdapters
import StateGateTesting
import Testing

/// The photo app's subjects against the built-in suites and `Suites/brightness.suite`, from
/// `swift test`: one test case per contract case, a failure as an issue at its suite line.
@Suite("Contracts")
struct ContractSuiteTests {
  /// The brightness editor, by the name the team's `stategate` gives it.
  static let brightness = SubjectEntry.photoApp[0]
  /// The album's favourites.
  static let album = SubjectEntry.photoApp[1]

  @Test(
    "The brightness editor keeps the undo contract and the team's own cases",
    arguments: try ContractCases.suites(["undo-history", "../../Suites"], for: brightness))
  @MainActor
  func brightnessCase(_ contractCase: ContractTestCase) throws {
    try contractCase.check()
  }

  @Test(
    "The album keeps the optimistic-updates contract",
    arguments: try ContractCases.builtIn(for: album))
  @MainActor
  func albumCase(_ contractCase: ContractTestCase) throws {
    try contractCase.check()
  }

  @Test("Exploring the photo app's models finds nothing")
  @MainActor
  func exploration() {
    ContractTests.explore(SubjectEntry.photoApp, budget: .cases(300))
  }

  @Test("A planted fault fails, its class in the issue")
  @MainActor
  func plantedFaultFails() throws {
    let fault = Fault.secondTapSends
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("photo-app-fault-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    var report: ContractTestReport?
    try withKnownIssue("fault:second-tap-sends is planted") {
      report = try ContractTests.check(
        fault.subject, filter: ["tap-while-pending"], resultsIn: folder.path)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix("stategate[\(fault.expectedClass.rawValue)] ")
      }
    }
    #expect(report?.failed == 1)
    #expect(report?.passed == 0)
  }
}
