/// The catalogue of faulty subjects: each a reference subject with exactly one planted bug, the
/// symptom a user would report, and the class its failures must get.
public enum FaultCatalog {
  /// One faulty subject.
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

    /// Creates a fault.
    public init(
      name: String, family: ContractFamily, symptom: String, expectedClass: FailureClass,
      subject: SubjectEntry, equivalence: String? = nil
    ) {
      self.name = name
      self.family = family
      self.symptom = symptom
      self.expectedClass = expectedClass
      self.subject = subject
      self.equivalence = equivalence
    }
  }

  /// Every fault, undo-history faults first, each family in declaration order.
  public static let faults: [Fault] =
    EditorFault.allCases.map { fault in
      Fault(
        name: fault.rawValue, family: .undoHistory, symptom: fault.symptom,
        expectedClass: fault.expectedClass,
        subject: .undoHistory(
          "fault:\(fault.rawValue)", summary: "reference editor with a bug: \(fault.symptom)"
        ) { ReferenceEditor(fault: fault) })
    }
    + FavoritesFault.allCases.map { fault in
      Fault(
        name: fault.rawValue, family: .optimisticUpdates, symptom: fault.symptom,
        expectedClass: fault.expectedClass,
        subject: .optimisticUpdates(
          "fault:\(fault.rawValue)", summary: "reference favourites with a bug: \(fault.symptom)"
        ) { ReferenceFavorites(fault: fault) })
    }
}

extension SubjectEntry {
  /// The reference subjects followed by every faulty subject: what the stock `stategate` knows.
  public static let builtIn: [SubjectEntry] = reference + FaultCatalog.faults.map(\.subject)
}
