import UndoKit

/// A check that a subject's method does something the protocol's default does not, while the
/// capability that gives the method meaning is undeclared: the cases that need the capability
/// are then skipped although the adapter does the work, and the run says so.
///
/// Each probe calls the method on a fresh subject and compares what is observable (the value,
/// the history, the rows, the tokens returned) with what the default's no-op leaves. Capabilities
/// that follow a declaration (`values`, `write-timeouts`, `coalescing-window`), rules both of
/// whose answers are valid behaviour (`drag-back-records-*`) and `ui-layer` (a correct UI layer
/// shows what the model holds, so nothing tells it from the default) have no probe.
public struct CapabilityProbe: Sendable {
  /// The method the probe calls, as a warning names it, such as `replaceSession(with:)`; also the
  /// probe's identity.
  public var method: String
  /// The capabilities that give the method meaning; declaring any one of them stops the probe.
  public var capabilities: [SubjectCapability]
  /// What to declare, as the warning ends: `declare it`, or the rule to declare.
  public var remedy: String
  /// Whether the method, called on a fresh subject the function makes, changes what the default
  /// would not.
  let differs: @MainActor @Sendable (_ make: @MainActor () -> ContractSubject) -> Bool

  /// The probes for `family`.
  public static func all(in family: ContractFamily) -> [CapabilityProbe] {
    switch family {
    case .undoHistory: undoHistory
    case .optimisticUpdates: optimistic
    }
  }

  /// The probe whose method is `method`, in either family.
  public static func named(_ method: String) -> CapabilityProbe? {
    (undoHistory + optimistic).first { $0.method == method }
  }

  /// The probes whose capabilities a fresh subject of `entry` leaves undeclared and whose method
  /// behaves unlike the default on it.
  ///
  /// - Parameters:
  ///   - entry: Makes the fresh subjects, one per probe run.
  ///   - declared: What a fresh subject declares, when the caller has read it already.
  /// - Returns: The probes that found the method implemented.
  @MainActor
  public static func implementedButUndeclared(
    by entry: SubjectEntry, declaring declared: Set<SubjectCapability>? = nil
  ) -> [CapabilityProbe] {
    let declared = declared ?? entry.make().capabilities
    return all(in: entry.family).filter { probe in
      probe.capabilities.allSatisfy { !declared.contains($0) } && probe.differs(entry.make)
    }
  }

  private static let undoHistory: [CapabilityProbe] = [
    CapabilityProbe(method: "switchDocument(to:value:)", capabilities: [.documents]) {
      undoDiffers($0()) { $0.switchDocument(to: "stategate-probe", value: 7) }
    },
    CapabilityProbe(
      method: "startCalculation(id:)/deliverCalculation(id:result:)",
      capabilities: [.asyncResults]
    ) {
      undoDiffers($0()) {
        $0.startCalculation(id: 1)
        $0.deliverCalculation(id: 1, result: 7)
      }
    },
    CapabilityProbe(
      method: "cancelDrag()", capabilities: [.dragCancelRestores, .dragCancelKeeps],
      remedy: "declare dragCancelRule"
    ) {
      undoDiffers(
        $0(),
        after: {
          $0.beginDrag()
          $0.moveDrag(to: 5)
        }
      ) { $0.cancelDrag() }
    },
    CapabilityProbe(
      method: "undo()", capabilities: [.dragUndoRefused, .dragUndoCancels],
      remedy: "declare undoDuringDragRule"
    ) { make in
      guard case .undoHistory(let own) = make(), case .undoHistory(let plain) = make() else {
        return false
      }
      let drag: (any UndoHistorySubject) -> Void = {
        $0.adjust(to: 3)
        UndoManager.endEvent()
        $0.beginDrag()
        $0.moveDrag(to: 5)
      }
      let viaSubject = undoObservation(own, after: drag) { $0.undo() }
      let viaManager = undoObservation(plain, after: drag) { $0.undoHistory.undo() }
      return viaSubject != viaManager
    },
    CapabilityProbe(method: "loadItems(_:)", capabilities: [.selection]) {
      guard case .undoHistory(let subject) = $0() else { return false }
      quietly { subject.loadItems([ItemValue(id: "a", value: 1), ItemValue(id: "b", value: 2)]) }
      return !subject.itemIDs.isEmpty
    },
  ]

  private static let optimistic: [CapabilityProbe] = [
    CapabilityProbe(method: "cancel(request:)", capabilities: [.cancellation]) { make in
      optimisticDiffers(make()) { subject in
        guard let request = subject.tap(record: "p1") else { return {} }
        return { subject.cancel(request: request) }
      }
    },
    CapabilityProbe(method: "reorder(to:)", capabilities: [.sorting]) { make in
      optimisticDiffers(make()) { subject in { subject.reorder(to: ["p2", "p1"]) } }
    },
    CapabilityProbe(method: "replaceSession(with:)", capabilities: [.sessions]) { make in
      optimisticDiffers(make()) { subject in
        { subject.replaceSession(with: [RecordValue(id: "p1", value: true)]) }
      }
    },
    CapabilityProbe(method: "filter(showing:)", capabilities: [.filtering]) { make in
      optimisticDiffers(make()) { subject in { subject.filter(showing: OptimisticValue.on) } }
    },
    CapabilityProbe(method: "startRefresh()", capabilities: [.refresh]) { make in
      guard case .optimistic(let subject) = make() else { return false }
      subject.load(probeRecords)
      return subject.startRefresh() != nil
    },
    CapabilityProbe(method: "tapAll(records:)", capabilities: [.batches]) { make in
      guard case .optimistic(let subject) = make() else { return false }
      subject.load(probeRecords)
      return subject.tapAll(records: ["p1", "p2"]) != nil
    },
    CapabilityProbe(method: "takeStartedReads()", capabilities: [.automaticReads]) { make in
      guard case .optimistic(let subject) = make() else { return false }
      subject.load(probeRecords)
      _ = subject.takeStartedReads()
      guard let request = subject.tap(record: "p1") else { return false }
      subject.respond(to: request, with: .unknown)
      return !subject.takeStartedReads().isEmpty
    },
  ]

  private init(
    method: String, capabilities: [SubjectCapability], remedy: String = "declare it",
    differs: @escaping @MainActor @Sendable (_ make: @MainActor () -> ContractSubject) -> Bool
  ) {
    self.method = method
    self.capabilities = capabilities
    self.remedy = remedy
    self.differs = differs
  }

  /// Two records, both off.
  private static let probeRecords = [
    RecordValue(id: "p1", value: false), RecordValue(id: "p2", value: false),
  ]

  /// Whether `action` changes an undo-history subject's value, history or items after `setup`.
  @MainActor
  private static func undoDiffers(
    _ subject: ContractSubject, after setup: (any UndoHistorySubject) -> Void = { _ in },
    _ action: (any UndoHistorySubject) -> Void
  ) -> Bool {
    guard case .undoHistory(let subject) = subject else { return false }
    let before = undoObservation(subject, after: setup) { _ in }
    return undoObservation(subject, after: { _ in }, action) != before
  }

  /// What an undo-history subject shows after `setup` and then `action`: its value, history,
  /// items and the misuses UndoKit recorded.
  @MainActor
  private static func undoObservation(
    _ subject: any UndoHistorySubject, after setup: (any UndoHistorySubject) -> Void,
    _ action: (any UndoHistorySubject) -> Void
  ) -> [String] {
    quietly { setup(subject) }
    #if canImport(Darwin)
    action(subject)
    let misuses = ""
    #else
    let (_, recorded) = UndoManager.recordingMisuse {
      action(subject)
      UndoManager.endEvent()
    }
    let misuses = recorded.map(\.kind.rawValue).joined(separator: ",")
    #endif
    return observed(subject) + [misuses]
  }

  /// An undo-history subject's value, grouping level, history counts and number of items.
  @MainActor
  private static func observed(_ subject: any UndoHistorySubject) -> [String] {
    let history = subject.undoHistory
    return [
      subject.value, history.groupingLevel, history.undoCount, history.redoCount,
      subject.itemIDs.count,
    ].map(String.init)
  }

  /// Whether the action `prepare` returns changes an optimistic subject's rows or records.
  @MainActor
  private static func optimisticDiffers(
    _ subject: ContractSubject,
    _ prepare: (any OptimisticUpdateSubject) -> (() -> Void)
  ) -> Bool {
    guard case .optimistic(let subject) = subject else { return false }
    subject.load(probeRecords)
    let action = prepare(subject)
    func observed() -> [String] {
      subject.order
        + probeRecords.map { record in subject.state(of: record.id).map { "\($0)" } ?? "-" }
    }
    let before = observed()
    action()
    return observed() != before
  }

  /// Runs `body` with undo-manager misuse recorded rather than trapping, ending the event after.
  @MainActor
  private static func quietly(_ body: () -> Void) {
    #if canImport(Darwin)
    body()
    #else
    _ = UndoManager.recordingMisuse {
      body()
      UndoManager.endEvent()
    }
    #endif
  }
}
