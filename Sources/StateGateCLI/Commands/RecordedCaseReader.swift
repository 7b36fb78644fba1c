import Contracts
import ResultFiles
import ResultSchema

/// Rebuilds a recorded case from the steps `events.jsonl` records, for `replay`.
///
/// A step record keeps its action only as a suite writes it (with the subject's own ids
/// de-identified, as everything in a result directory), not in a structured form, so the case
/// is rebuilt by writing its steps as suite text and reading that text back. The round trip is
/// checked: every recorded step must read back as one step that writes back as recorded, or the
/// rebuild fails naming the step's line in `events.jsonl`, and nothing is replayed from a case
/// that lost or changed a step.
enum RecordedCaseReader {
  /// The case whose steps `steps` records.
  ///
  /// - Parameters:
  ///   - suite: The suite id.
  ///   - family: The family's raw value (`undo-history`).
  ///   - caseID: The case id.
  ///   - title: The case's title, as recorded.
  ///   - requires: The capabilities the case requires.
  ///   - steps: The step records, in order; each one's `seq` is its line in `events.jsonl`.
  ///   - eventsPath: The path of `events.jsonl`, for the errors.
  /// - Returns: The case, titled as recorded, whose steps write back as recorded.
  /// - Throws: ``ResultDirectoryError/malformed(path:line:reason:)`` at the line of the first
  ///   step that does not read back as recorded.
  static func contractCase(
    suite: String, family: String, caseID: String, title: String, requires: [String],
    steps: [EventRecord.Step], eventsPath: String
  ) throws(ResultDirectoryError) -> ContractCase {
    var lines = ["suite \(suite) family \(family)", "case \(caseID)"]
    if !requires.isEmpty {
      lines.append("  requires \(requires.joined(separator: " "))")
    }
    let stepLines = steps.map(text(of:))
    if let index = stepLines.firstIndex(where: { $0.contains(where: \.isNewline) }) {
      throw notReadBack(steps[index], eventsPath, "it is written over more than one line")
    }
    if family == ContractFamily.optimisticUpdates.rawValue,
      let values = SuiteReader.valuesLine(forCaseLines: stepLines)
    {
      lines.append(values)
    }
    let firstStepLine = lines.count + 1
    lines += stepLines.map { "  \($0)" }
    let read: ContractSuite
    do {
      read = try SuiteReader.parse(lines.joined(separator: "\n"), source: eventsPath)
    } catch {
      let index = error.line - firstStepLine
      guard steps.indices.contains(index) else {
        throw .malformed(
          path: eventsPath, line: steps.first?.seq ?? 0,
          reason: "the recorded steps of '\(suite)/\(caseID)' do not read back: \(error.message)")
      }
      throw notReadBack(steps[index], eventsPath, error.message)
    }
    guard read.cases.count == 1, var rebuilt = read.cases.first else {
      throw .malformed(
        path: eventsPath, line: steps.first?.seq ?? 0,
        reason: "the recorded steps of '\(suite)/\(caseID)' read back as "
          + "\(read.cases.count) cases")
    }
    let readSteps = rebuilt.steps
    for (index, step) in steps.enumerated() {
      guard readSteps.indices.contains(index) else {
        throw notReadBack(step, eventsPath, "it is lost in the suite text")
      }
      let written = text(of: readSteps[index])
      guard written == stepLines[index] else {
        // A step the suite text dropped shows as the next one read back in its place.
        let isLost =
          readSteps.count < steps.count && stepLines.indices.contains(index + 1)
          && written == stepLines[index + 1]
        throw notReadBack(
          step, eventsPath,
          isLost ? "it is lost in the suite text" : "it reads back as '\(written)'")
      }
    }
    if readSteps.count > steps.count {
      throw .malformed(
        path: eventsPath, line: steps.last?.seq ?? 0,
        reason: "the recorded steps of '\(suite)/\(caseID)' read back with "
          + "\(readSteps.count - steps.count) step(s) more: "
          + "'\(text(of: readSteps[steps.count]))'")
    }
    rebuilt.title = title
    return rebuilt
  }

  /// A recorded step as a suite writes it: the action, then what it captures and expects.
  static func text(of step: EventRecord.Step) -> String {
    let stated =
      (step.captures ?? []).map { "\($0.key) as \($0.name)" } + step.expectations.map(\.stated)
    return step.action + (stated.isEmpty ? "" : " => \(stated.joined(separator: " "))")
  }

  /// A step read back, written as ``text(of:)-(EventRecord.Step)`` writes its record.
  private static func text(of step: ContractStep) -> String {
    let stated =
      step.captures.map { "\($0.key) as \($0.name)" }
      + step.expectations.map {
        "\($0.key)\($0.relation.rawValue)\($0.operand.spelled(for: $0.key))"
      }
    return step.action.description
      + (stated.isEmpty ? "" : " => \(stated.joined(separator: " "))")
  }

  /// The error for `step`, which does not read back as recorded for `reason`.
  private static func notReadBack(
    _ step: EventRecord.Step, _ eventsPath: String, _ reason: String
  ) -> ResultDirectoryError {
    .malformed(
      path: eventsPath, line: step.seq,
      reason: "recorded step \(step.step) '\(text(of: step))' of '\(step.suite)/\(step.case)' "
        + "does not read back: \(reason)")
  }
}
