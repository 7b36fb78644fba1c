import Contracts
import Foundation
import RunModel
import Runner

/// The machine-readable form of a run (`--format json`): sorted keys, camelCase, versioned.
enum JSONReport {
  /// The version of this JSON shape.
  static let schemaVersion = 1

  private struct Document: Encodable {
    var schemaVersion: Int
    var tool: String
    var durationSeconds: Double
    var status: String
    var resultDirectory: String?
    var totals: Totals
    var suites: [Suite]
  }

  private struct Totals: Encodable {
    var passed: Int
    var failed: Int
    var skipped: Int
    var interrupted: Int
    var notRun: Int
    var failuresByClass: [String: Int]
  }

  private struct Suite: Encodable {
    var id: String
    var title: String
    var family: String
    var subject: String
    var notObserved: [NotObserved]?
    var durationSeconds: Double
    var cases: [Case]
  }

  private struct NotObserved: Encodable {
    var failureClass: String
    var reason: String
  }

  private struct Case: Encodable {
    var id: String
    var title: String
    var outcome: String
    var skipReason: String?
    var failureClass: String?
    var reason: String?
    /// The other explanations that survived, ranked after `failureClass`; absent when confident.
    var alternatives: [NotObserved]?
    var firstFailure: Failure?
    var durationSeconds: Double
  }

  private struct Failure: Encodable {
    var step: Int
    var line: Int
    var action: String
    var mismatches: [MismatchValue]
    var notes: [String]
  }

  private struct MismatchValue: Encodable {
    var key: String
    var relation: String?
    var expected: String
    var capture: String?
    var actual: String?
    var invariant: String?
  }

  /// Encodes the report as JSON text with a trailing newline.
  ///
  /// - Parameters:
  ///   - report: The run's results.
  ///   - subjects: The subjects the run could pick from, to say which classes each cannot
  ///     observe.
  ///   - resultDirectory: The result directory's path.
  /// - Returns: The JSON text.
  @MainActor
  static func encode(
    _ report: RunReport, subjects: [SubjectEntry] = [], resultDirectory: String? = nil
  ) -> String {
    let counts = report.counts
    let document = Document(
      schemaVersion: schemaVersion, tool: "stategate \(StateGate.version)",
      durationSeconds: rounded(report.durationSeconds),
      status: report.wasInterrupted ? "interrupted" : "complete", resultDirectory: resultDirectory,
      totals: Totals(
        passed: counts.passed, failed: counts.failed, skipped: counts.skipped,
        interrupted: counts.interrupted, notRun: report.notRun,
        failuresByClass: Dictionary(
          uniqueKeysWithValues: counts.perClass.map { ($0.key.rawValue, $0.value) })),
      suites: report.suites.map { suite in
        let unobserved =
          subjects.first { $0.name == suite.subject }.map { subject in
            report.declaredCapabilities[subject.name].map {
              subject.unobservedClasses(declaring: $0)
            } ?? []
          } ?? []
        return Suite(
          id: suite.suiteID, title: suite.title, family: suite.family.rawValue,
          subject: suite.subject,
          notObserved: unobserved.isEmpty
            ? nil
            : unobserved.map {
              NotObserved(failureClass: $0.failureClass.rawValue, reason: $0.reason)
            },
          durationSeconds: rounded(suite.durationSeconds), cases: suite.cases.map(encode))
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(document), let text = String(data: data, encoding: .utf8)
    else {
      return "{}\n"
    }
    return text + "\n"
  }

  private static func encode(_ result: CaseResult) -> Case {
    var skipReason: String?
    if case .skipped(let reason) = result.outcome {
      skipReason = reason
    }
    return Case(
      id: result.caseID, title: result.title, outcome: result.outcome.name,
      skipReason: skipReason, failureClass: result.classification?.failureClass.rawValue,
      reason: result.classification?.reason,
      alternatives: result.classification.flatMap { classification in
        classification.alternatives.isEmpty
          ? nil
          : classification.alternatives.map {
            NotObserved(failureClass: $0.failureClass.rawValue, reason: $0.reason)
          }
      },
      firstFailure: result.firstFailure.map { step in
        Failure(
          step: step.number, line: step.line, action: step.action.description,
          mismatches: step.mismatches.map {
            MismatchValue(
              key: $0.key, relation: $0.relation == .equal ? nil : $0.relation.rawValue,
              expected: $0.expected.spelled(for: $0.key), capture: $0.capture,
              actual: $0.actual?.spelled(for: $0.key), invariant: $0.invariant)
          }, notes: step.notes)
      }, durationSeconds: rounded(result.durationSeconds))
  }

  private static func rounded(_ value: Double) -> Double {
    (value * 1000).rounded() / 1000
  }
}
