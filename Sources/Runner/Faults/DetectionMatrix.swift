import Contracts
import RunModel

/// How well the suites catch the fault catalogue: for every fault and every case, whether the
/// case caught it and with which class.
///
/// A fault counts as detected when at least one case fails against it, and as correctly
/// classified when every case that catches it assigns its expected class. A fault listed as an
/// equivalent mutant is reported apart and never counted as detected.
package struct DetectionMatrix: Sendable {
  /// What one case did against one fault.
  package enum Cell: Hashable, Sendable {
    /// The case failed, with this class.
    case caught(FailureClass, reason: String)
    /// The case passed.
    case missed
    /// The case does not apply to the subject.
    case skipped
  }

  /// One fault's line of the matrix.
  package struct Row: Sendable {
    /// The fault's name (without `fault:`).
    package var fault: String
    /// The fault's family.
    package var family: ContractFamily
    /// What a user would report.
    package var symptom: String
    /// The class the fault's failures must get.
    package var expectedClass: FailureClass
    /// The cells, keyed by `suite/case`, in plan order.
    package var cells: [(name: String, cell: Cell)]
    /// Why the fault is an equivalent mutant, if it is one.
    package var equivalence: String?

    /// The cases that caught the fault, with the class each assigned.
    package var catches: [(name: String, failureClass: FailureClass, reason: String)] {
      cells.compactMap { entry in
        if case .caught(let failureClass, let reason) = entry.cell {
          return (entry.name, failureClass, reason)
        }
        return nil
      }
    }

    /// Whether at least one case caught the fault (never true for an equivalent mutant).
    package var isDetected: Bool { equivalence == nil && !catches.isEmpty }

    /// Whether every case that caught the fault assigned the expected class.
    package var isClassifiedCorrectly: Bool {
      isDetected && catches.allSatisfy { $0.failureClass == expectedClass }
    }
  }

  /// One line per fault, in catalogue order.
  package var rows: [Row]

  /// Runs every suite against every fault of its family.
  ///
  /// - Parameters:
  ///   - suites: The suites to measure.
  ///   - faults: The faults to run them against.
  ///   - clock: A monotonic clock in seconds (durations are not part of the matrix).
  @MainActor
  package init(
    suites: [ContractSuite], faults: [Fault],
    clock: @escaping @Sendable () -> Double
  ) {
    let runner = ContractRunner(clock: clock)
    rows = faults.map { fault in
      let plan = RunPlan(suites: suites, subjects: [fault.subject])
      let report = runner.run(plan)
      let cells = report.suites.flatMap { suite in
        suite.cases.map { result -> (name: String, cell: Cell) in
          let name = "\(result.suiteID)/\(result.caseID)"
          switch result.outcome {
          case .passed: return (name, .missed)
          case .skipped, .interrupted: return (name, .skipped)
          case .failed:
            let classification =
              result.classification ?? Classification(.unclassified, "no classification")
            return (name, .caught(classification.failureClass, reason: classification.reason))
          }
        }
      }
      return Row(
        fault: fault.name, family: fault.family, symptom: fault.symptom,
        expectedClass: fault.expectedClass, cells: cells, equivalence: fault.equivalence)
    }
  }

  /// The faults that count: every row except equivalent mutants.
  package var countedRows: [Row] { rows.filter { $0.equivalence == nil } }

  /// The equivalent mutants, listed apart with their reasons.
  package var equivalentRows: [Row] { rows.filter { $0.equivalence != nil } }

  /// The number of counted faults caught by at least one case.
  package var detectedCount: Int { countedRows.filter(\.isDetected).count }

  /// The number of counted faults whose every catch has the expected class.
  package var correctlyClassifiedCount: Int { countedRows.filter(\.isClassifiedCorrectly).count }

  /// Whether every counted fault is detected and correctly classified.
  package var isComplete: Bool {
    detectedCount == countedRows.count && correctlyClassifiedCount == countedRows.count
  }
}
