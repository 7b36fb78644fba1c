import Contracts
import Foundation
import Testing

@testable import RunModel
@testable import Runner

/// The verdict set: independent correct models pass `run` and `explore`; every bug either
/// reaches gets its own class, and none a confident wrong one; the confusion matrix in
/// docs/failure-classes.md is the one measured.
@MainActor
@Suite("Verdict quality", .serialized)
struct VerdictQualityTests {
  private static var measured: VerdictMatrix?

  private func matrix() throws -> VerdictMatrix {
    if let measured = Self.measured { return measured }
    let matrix = try VerdictMatrix(models: VerdictModel.all)
    Self.measured = matrix
    return matrix
  }

  @Test("The set holds enough bugs, interacting bugs and correct models")
  func setIsLargeEnough() {
    let bugs = VerdictModel.all.filter { $0.expected != nil }
    #expect(bugs.count >= 24)
    #expect(bugs.filter(\.interacting).count >= 8)
    #expect(VerdictModel.all.filter { $0.expected == nil }.count >= 3)
  }

  @Test("Every correct model passes run and explore")
  func correctModelsPass() throws {
    let matrix = try matrix()
    for mode in VerdictMatrix.Mode.allCases {
      let failures = matrix.falsePositives(mode)
      #expect(failures.isEmpty, "\(mode): \(failures.map { "\($0.model) \($0.caseID)" })")
    }
  }

  @Test(
    "Every bug a mode reaches gets its class (95% confident); none a wrong one")
  func bugsGetTheirClass() throws {
    let matrix = try matrix()
    for mode in VerdictMatrix.Mode.allCases {
      let verdicts = matrix.bugVerdicts(mode)
      let wrong = verdicts.filter(\.isWrong)
      #expect(
        wrong.isEmpty,
        "\(mode): \(wrong.map { "\($0.model) \($0.caseID): \($0.ranked): \($0.reason)" })")
      // A verdict whose ranked classes hold the right one is not wrong, but not confident either:
      // it does not count toward the 95% of confident right classes, and is listed under the
      // matrix.
      let (right, ambiguous, _, _) = matrix.tally(mode)
      let notRight = verdicts.filter { !$0.isRight }
      let listed = notRight.map { "\($0.model) \($0.caseID): \($0.ranked): \($0.reason)" }
      #expect(
        right * 100 >= verdicts.count * 95,
        "\(mode): \(right) right of \(verdicts.count), \(ambiguous) ambiguous; \(listed)")
    }
  }

  @Test("docs/failure-classes.md holds the measured confusion matrix")
  func matrixIsDocumented() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../docs/failure-classes.md").standardized
    let text = try String(contentsOf: url, encoding: .utf8)
    let generated = try matrix().markdown()
    let beginMarker = "<!-- verdicts:begin"
    let endMarker = "<!-- verdicts:end -->"
    guard let begin = text.range(of: beginMarker),
      let open = text.range(of: "-->\n", range: begin.upperBound..<text.endIndex),
      let end = text.range(of: endMarker)
    else {
      Issue.record("docs/failure-classes.md has no \(beginMarker) ... \(endMarker) block")
      return
    }
    let documented = String(text[open.upperBound..<end.lowerBound])
    if documented != generated,
      ProcessInfo.processInfo.environment["STATEGATE_WRITE_VERDICT_MATRIX"] == "1"
    {
      try (String(text[..<open.upperBound]) + generated + String(text[end.lowerBound...]))
        .write(to: url, atomically: true, encoding: .utf8)
      return
    }
    #expect(
      documented == generated,
      "regenerate with STATEGATE_WRITE_VERDICT_MATRIX=1 swift test --filter VerdictQuality")
  }
}
