import Contracts
import Exploration
import Foundation
import RunModel

@testable import Runner

/// The verdicts `run` and `explore` give on every model of the verdict set, and the confusion
/// matrix of expected class against class given.
@MainActor
struct VerdictMatrix {
  /// One verdict: a failing case under `run`, or the finding under `explore`.
  struct Verdict {
    var model: String
    var expected: FailureClass?
    var given: FailureClass
    var caseID: String
    var reason: String
  }

  /// How verdicts were reached.
  enum Mode: String, CaseIterable {
    case run
    case explore
  }

  /// The sequences `explore` tries per model.
  static let sequences = 400

  private(set) var verdicts: [Mode: [Verdict]] = [:]
  /// The bugs each mode did not reach.
  private(set) var missed: [Mode: [String]] = [:]

  init(models: [VerdictModel]) throws {
    let suites = try BuiltInSuites.load()
    for model in models {
      let cases = ContractRunner(clock: { 0 })
        .run(RunPlan(suites: suites, subjects: [model.subject]))
        .suites.flatMap(\.cases).filter { $0.outcome == .failed }
      for failure in cases {
        verdicts[.run, default: []].append(
          Verdict(
            model: model.subject.name, expected: model.expected,
            given: failure.classification?.failureClass ?? .unclassified,
            caseID: failure.caseID, reason: failure.classification?.reason ?? ""))
      }
      if cases.isEmpty, model.expected != nil {
        missed[.run, default: []].append(model.subject.name)
      }
      let explored = Explorer(
        options: ExplorationOptions(seed: 7, budget: .sequences(Self.sequences)),
        clock: { 0 }
      ).explore([model.subject]).subjects.first
      if let finding = explored?.finding {
        verdicts[.explore, default: []].append(
          Verdict(
            model: model.subject.name, expected: model.expected, given: finding.failureClass,
            caseID: "explored",
            reason: finding.result.classification?.reason ?? ""))
      } else if model.expected != nil {
        missed[.explore, default: []].append(model.subject.name)
      }
    }
  }

  /// The verdicts on bugs (a correct model's failures are false positives, counted apart).
  func bugVerdicts(_ mode: Mode) -> [Verdict] {
    (verdicts[mode] ?? []).filter { $0.expected != nil }
  }

  /// The failures reported on correct models.
  func falsePositives(_ mode: Mode) -> [Verdict] {
    (verdicts[mode] ?? []).filter { $0.expected == nil }
  }

  /// Right, wrong (a confident other class) and unclassified verdicts on bugs.
  func tally(_ mode: Mode) -> (right: Int, wrong: Int, unclassified: Int) {
    let all = bugVerdicts(mode)
    let right = all.filter { $0.given == $0.expected }.count
    let unclassified = all.filter { $0.given == .unclassified && $0.expected != .unclassified }
      .count
    return (right, all.count - right - unclassified, unclassified)
  }

  /// The matrix as Markdown: one table per mode, expected class by row, class given by column.
  func markdown() -> String {
    var text = ""
    for mode in Mode.allCases {
      let all = bugVerdicts(mode)
      let expected = FailureClass.allCases.filter { failureClass in
        all.contains { $0.expected == failureClass }
      }
      let given = FailureClass.allCases.filter { failureClass in
        all.contains { $0.given == failureClass }
      }
      let (right, wrong, unclassified) = tally(mode)
      text +=
        "Under `\(mode.rawValue)`: \(all.count) verdicts on bugs — \(right) right, \(wrong) "
        + "wrong, \(unclassified) unclassified; \(falsePositives(mode).count) failures of "
        + "correct models; bugs not reached: \((missed[mode] ?? []).count).\n\n"
      text +=
        "| expected \\ given | " + given.map { "`\($0.rawValue)`" }.joined(separator: " | ")
        + " |\n"
      text += "|---|" + given.map { _ in "---:" }.joined(separator: "|") + "|\n"
      for row in expected {
        let cells = given.map { column in
          let count = all.filter { $0.expected == row && $0.given == column }.count
          return count == 0 ? "·" : "\(count)"
        }
        text += "| `\(row.rawValue)` | " + cells.joined(separator: " | ") + " |\n"
      }
      text += "\n"
    }
    return text
  }
}
