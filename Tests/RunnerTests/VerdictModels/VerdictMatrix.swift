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
    /// The classes ranked after `given` that also survived; empty for a confident verdict.
    var alternatives: [FailureClass] = []
    var caseID: String
    var reason: String

    /// Whether other explanations survived beside `given`.
    var isAmbiguous: Bool { !alternatives.isEmpty }
    /// Confident and right.
    var isRight: Bool { !isAmbiguous && given == expected }
    /// Not confident, with the expected class among the ranked ones.
    var isAmbiguousWithRight: Bool {
      isAmbiguous && ([given] + alternatives).contains { $0 == expected }
    }
    /// A class given without the expected one among the ranked ones.
    var isWrong: Bool { given != .unclassified && !isRight && !isAmbiguousWithRight }
    /// `a or b`, for listings.
    var ranked: String { ([given] + alternatives).map(\.rawValue).joined(separator: " or ") }
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
  /// The models `explore` is not given: they declare a rule its oracle does not model
  /// (`Explorer.unmodelledRule(of:)`), so exploring them would fail a correct model.
  private(set) var unexplored: [String] = []

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
            alternatives: failure.classification?.alternatives.map(\.failureClass) ?? [],
            caseID: failure.caseID, reason: failure.classification?.rankedReason ?? ""))
      }
      if cases.isEmpty, model.expected != nil {
        missed[.run, default: []].append(model.subject.name)
      }
      if Explorer.unmodelledRule(of: model.subject) != nil {
        unexplored.append(model.subject.name)
        continue
      }
      let explored = Explorer(
        options: ExplorationOptions(seed: 7, budget: .sequences(Self.sequences)),
        clock: { 0 }
      ).explore([model.subject]).subjects.first
      if let finding = explored?.finding {
        verdicts[.explore, default: []].append(
          Verdict(
            model: model.subject.name, expected: model.expected, given: finding.failureClass,
            alternatives: finding.result.classification?.alternatives.map(\.failureClass) ?? [],
            caseID: "explored",
            reason: finding.result.classification?.rankedReason ?? ""))
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

  /// Right (confident), ambiguous with the right class among the ranked ones, wrong (a class
  /// given without the right one among them) and unclassified verdicts on bugs.
  func tally(_ mode: Mode) -> (right: Int, ambiguous: Int, wrong: Int, unclassified: Int) {
    let all = bugVerdicts(mode)
    return (
      all.filter(\.isRight).count, all.filter(\.isAmbiguousWithRight).count,
      all.filter(\.isWrong).count,
      all.filter { $0.given == .unclassified && !$0.isAmbiguous }.count
    )
  }

  /// The matrix as Markdown: one table per mode, expected class by row, class given by column.
  func markdown() -> String {
    var text = ""
    for mode in Mode.allCases {
      let all = bugVerdicts(mode)
      let expected = FailureClass.allCases.filter { failureClass in
        all.contains { $0.expected == failureClass }
      }
      let confident = all.filter { !$0.isAmbiguous }
      let ambiguous = all.filter(\.isAmbiguous)
      let given = FailureClass.allCases.filter { failureClass in
        confident.contains { $0.given == failureClass }
      }
      let (right, ambiguousRight, wrong, unclassified) = tally(mode)
      text +=
        "Under `\(mode.rawValue)`: \(all.count) verdicts on bugs — \(right) right, "
        + "\(ambiguousRight) ambiguous with the right class among the alternatives, \(wrong) "
        + "wrong, \(unclassified) unclassified; \(falsePositives(mode).count) failures of "
        + "correct models; bugs not reached: \((missed[mode] ?? []).count)"
        + (mode == .explore && !unexplored.isEmpty
          ? "; not explored (a rule the oracle does not model): "
            + unexplored.map { "`\($0)`" }.joined(separator: ", ") : "")
        + ".\n\n"
      let columns = given.map { "`\($0.rawValue)`" } + (ambiguous.isEmpty ? [] : ["ambiguous"])
      text += "| expected \\ given | " + columns.joined(separator: " | ") + " |\n"
      text += "|---|" + columns.map { _ in "---:" }.joined(separator: "|") + "|\n"
      for row in expected {
        var cells = given.map { column in
          let count = confident.filter { $0.expected == row && $0.given == column }.count
          return count == 0 ? "·" : "\(count)"
        }
        if !ambiguous.isEmpty {
          let count = ambiguous.filter { $0.expected == row }.count
          cells.append(count == 0 ? "·" : "\(count)")
        }
        text += "| `\(row.rawValue)` | " + cells.joined(separator: " | ") + " |\n"
      }
      text += "\n"
      var listed: [String: Int] = [:]
      var order: [String] = []
      for verdict in ambiguous {
        let line =
          "`\(verdict.model)` (expected `\(verdict.expected?.rawValue ?? "none")`): "
          + ([verdict.given] + verdict.alternatives).map { "`\($0.rawValue)`" }
          .joined(separator: " or ")
        if listed[line] == nil { order.append(line) }
        listed[line, default: 0] += 1
      }
      for line in order {
        text += "- \(line) — \(listed[line] ?? 0) verdict\(listed[line] == 1 ? "" : "s")\n"
      }
      if !order.isEmpty { text += "\n" }
    }
    return text
  }
}
