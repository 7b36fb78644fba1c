/// A subject with one planted bug, the symptom a user would report, and the class every failure
/// it causes must get: what `stategate faults` measures the suites with.
public struct Fault: Sendable {
  /// The fault's name, without the `fault:` prefix.
  public var name: String
  /// The family of the subject it is planted in.
  public var family: ContractFamily
  /// What a user would report.
  public var symptom: String
  /// The class every failure it causes must get.
  public var expectedClass: FailureClass
  /// The subject entry, named `fault:<name>`.
  public var subject: SubjectEntry
  /// Why no black-box case can observe the fault (an equivalent mutant), or `nil`.
  ///
  /// An equivalent fault is listed with its reason and never counted as detected.
  public var equivalence: String?

  /// Creates a fault from the entry of its subject, which is named `fault:<name>`.
  ///
  /// - Parameters:
  ///   - name: The fault's name, without the `fault:` prefix.
  ///   - symptom: What a user would report.
  ///   - expectedClass: The class every failure it causes must get.
  ///   - equivalence: Why no case can observe it, for an equivalent mutant.
  ///   - subject: The subject with the bug planted.
  public init(
    name: String, symptom: String, expectedClass: FailureClass, equivalence: String? = nil,
    subject: SubjectEntry
  ) {
    self.name = name
    self.family = subject.family
    self.symptom = symptom
    self.expectedClass = expectedClass
    self.subject = subject
    self.equivalence = equivalence
  }

  /// The same fault, its subject marked as one that may break the process it runs in.
  public func requiringIsolation() -> Fault {
    var fault = self
    fault.subject = subject.requiringIsolation()
    return fault
  }

  /// A fault planted in an undo-history subject made by `make`.
  ///
  /// - Parameters:
  ///   - name: The fault's name, without the `fault:` prefix.
  ///   - model: What the bug is planted in, for the subject's summary.
  ///   - symptom: What a user would report.
  ///   - expectedClass: The class every failure it causes must get.
  ///   - make: Makes a fresh subject with the bug.
  /// - Returns: The fault.
  public static func undoHistory(
    _ name: String, in model: String, symptom: String, expectedClass: FailureClass,
    make: @escaping @MainActor @Sendable () -> any UndoHistorySubject
  ) -> Fault {
    Fault(
      name: name, symptom: symptom, expectedClass: expectedClass,
      subject: .undoHistory("fault:\(name)", summary: "\(model) with a bug: \(symptom)", make: make)
    )
  }

  /// A fault planted in an optimistic-update subject made by `make`.
  ///
  /// - Parameters:
  ///   - name: The fault's name, without the `fault:` prefix.
  ///   - model: What the bug is planted in, for the subject's summary.
  ///   - symptom: What a user would report.
  ///   - expectedClass: The class every failure it causes must get.
  ///   - make: Makes a fresh subject with the bug.
  /// - Returns: The fault.
  public static func optimisticUpdates(
    _ name: String, in model: String, symptom: String, expectedClass: FailureClass,
    make: @escaping @MainActor @Sendable () -> any OptimisticUpdateSubject
  ) -> Fault {
    Fault(
      name: name, symptom: symptom, expectedClass: expectedClass,
      subject: .optimisticUpdates(
        "fault:\(name)", summary: "\(model) with a bug: \(symptom)", make: make))
  }
}
