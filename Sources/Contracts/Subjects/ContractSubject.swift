/// A fresh subject of either family, as a ``SubjectEntry`` makes it.
@MainActor
public enum ContractSubject {
  /// An undo-history subject.
  case undoHistory(any UndoHistorySubject)
  /// An optimistic-update subject.
  case optimistic(any OptimisticUpdateSubject)

  /// The family the subject belongs to.
  public var family: ContractFamily {
    switch self {
    case .undoHistory: .undoHistory
    case .optimistic: .optimisticUpdates
    }
  }

  /// The capabilities the subject declares, its drag rules and coalescing window included.
  public var capabilities: Set<SubjectCapability> {
    switch self {
    case .undoHistory(let subject):
      subject.capabilities.subtracting(ProductRule.documentHistory.choices).union(
        [
          subject.dragCancelRule?.capability, subject.undoDuringDragRule?.capability,
          subject.unchangedDragRule?.capability, subject.documentHistoryRule.capability,
          subject.coalescingWindow.map { _ in .coalescingWindow },
        ].compactMap { $0 })
    case .optimistic(let subject):
      Self.optimisticCapabilities(of: subject)
    }
  }

  /// An optimistic subject's capabilities: `values` and `write-timeouts` follow what it
  /// declares (values beyond on/off, a `writeTimeout`), whatever its list says, and each product
  /// rule's answer is the one its rule property declares (replacing any listed).
  ///
  /// - Parameter subject: The subject.
  /// - Returns: Its capabilities.
  public static func optimisticCapabilities(of subject: any OptimisticUpdateSubject)
    -> Set<SubjectCapability>
  {
    var capabilities = subject.capabilities
    if subject.choices.count > 2 || !subject.serverValues.isEmpty {
      capabilities.insert(.values)
    }
    if subject.writeTimeout != nil {
      capabilities.insert(.writeTimeouts)
    } else {
      capabilities.remove(.writeTimeouts)
    }
    for rule in ProductRule.all(in: .optimisticUpdates) {
      capabilities.subtract(rule.choices)
    }
    capabilities.formUnion([
      subject.inFlightRule.capability, subject.displayRule.capability,
      subject.unknownOutcomeRule.capability, subject.confirmationRule.capability,
      subject.entityRule.capability,
    ])
    return capabilities
  }
}

/// A named way to make fresh subjects: what `--subject NAME` selects.
public struct SubjectEntry: Sendable {
  /// The name `--subject` takes, such as `editor`.
  public let name: String
  /// The contract family the subject answers.
  public let family: ContractFamily
  /// One line saying what the subject is.
  public let summary: String
  /// Makes a fresh subject; every case, and every experiment, gets its own.
  public let make: @MainActor @Sendable () -> ContractSubject
  /// Whether the subject may break the process it runs in (trap, exit, hang), so it must only
  /// run in a worker process, never in the run's own.
  public private(set) var requiresIsolation = false

  /// The same entry, marked as one that may break the process it runs in.
  public func requiringIsolation() -> SubjectEntry {
    var entry = self
    entry.requiresIsolation = true
    return entry
  }

  /// An entry for an undo-history subject.
  ///
  /// - Parameters:
  ///   - name: The name `--subject` takes.
  ///   - summary: One line saying what the subject is.
  ///   - make: Makes a fresh subject, with empty history.
  /// - Returns: The entry.
  public static func undoHistory(
    _ name: String, summary: String,
    make: @escaping @MainActor @Sendable () -> any UndoHistorySubject
  ) -> SubjectEntry {
    SubjectEntry(name: name, family: .undoHistory, summary: summary) { .undoHistory(make()) }
  }

  /// An entry for an optimistic-update subject.
  ///
  /// - Parameters:
  ///   - name: The name `--subject` takes.
  ///   - summary: One line saying what the subject is.
  ///   - make: Makes a fresh subject, with an empty list.
  /// - Returns: The entry.
  public static func optimisticUpdates(
    _ name: String, summary: String,
    make: @escaping @MainActor @Sendable () -> any OptimisticUpdateSubject
  ) -> SubjectEntry {
    SubjectEntry(name: name, family: .optimisticUpdates, summary: summary) { .optimistic(make()) }
  }

  private init(
    name: String, family: ContractFamily, summary: String,
    make: @escaping @MainActor @Sendable () -> ContractSubject
  ) {
    self.name = name
    self.family = family
    self.summary = summary
    self.make = make
  }
}
