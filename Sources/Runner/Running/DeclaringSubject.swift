import Contracts
import UndoKit

/// A product-rule answer a probe makes a subject declare in place of its own.
package struct DeclaredAnswer: Hashable, Sendable {
  /// The rule answered.
  package var rule: ProductRule
  /// The answer, one of the rule's ``ProductRule/choices``.
  package var answer: SubjectCapability

  /// The answer as notes name it, with the capability to declare, as every other place names
  /// an answer (``ProductRule/answerLabel(of:quoted:note:)``):
  /// `the in-flight rule 'latest-wins' (latest-tap-wins)`.
  package var phrase: String {
    "the \(rule.name) rule \(rule.answerLabel(of: answer, quoted: true))"
  }
}

extension SubjectEntry {
  /// The same subject, declaring `answers` in place of its own answers to those rules; every
  /// other call goes to the subject unchanged.
  ///
  /// A policy probe runs the cases of another answer on it: whether the subject behaves by an
  /// answer it did not declare is judged by the very cases that answer's subjects pass.
  ///
  /// - Parameter answers: One answer per rule, of this entry's family.
  /// - Returns: An entry of the same name and family.
  package func declaring(_ answers: [DeclaredAnswer]) -> SubjectEntry {
    let make = self.make
    switch family {
    case .undoHistory:
      return .undoHistory(name, summary: summary) {
        guard case .undoHistory(let subject) = make() else {
          preconditionFailure("an undo-history entry made another family's subject")
        }
        return DeclaringUndoHistorySubject(subject, answers: answers)
      }
    case .optimisticUpdates:
      return .optimisticUpdates(name, summary: summary) {
        guard case .optimistic(let subject) = make() else {
          preconditionFailure("an optimistic-updates entry made another family's subject")
        }
        return DeclaringOptimisticSubject(subject, answers: answers)
      }
    }
  }
}

/// The answer of `rule` among `answers`, as the rule's own enum, when one is given.
private func answer<Answer: CaseIterable>(
  _ rule: ProductRule, in answers: [DeclaredAnswer], capability: (Answer) -> SubjectCapability
) -> Answer? {
  guard let given = answers.first(where: { $0.rule == rule }) else { return nil }
  return Answer.allCases.first { capability($0) == given.answer }
}

/// An optimistic subject that declares other answers to product rules; it forwards every
/// requirement of ``OptimisticUpdateSubject`` (one left out would fall back to the protocol's
/// default and hide the subject's own implementation).
@MainActor
final class DeclaringOptimisticSubject: OptimisticUpdateSubject {
  private let subject: any OptimisticUpdateSubject
  private let answers: [DeclaredAnswer]

  init(_ subject: any OptimisticUpdateSubject, answers: [DeclaredAnswer]) {
    self.subject = subject
    self.answers = answers
  }

  var capabilities: Set<SubjectCapability> {
    subject.capabilities.subtracting(answers.flatMap(\.rule.choices))
  }
  var inFlightRule: InFlightRule {
    answer(.inFlight, in: answers, capability: \.capability) ?? subject.inFlightRule
  }
  var displayRule: DisplayRule {
    answer(.display, in: answers, capability: \.capability) ?? subject.displayRule
  }
  var unknownOutcomeRule: UnknownOutcomeRule {
    answer(.unknownOutcome, in: answers, capability: \.capability) ?? subject.unknownOutcomeRule
  }
  var entityRule: EntityRule {
    answer(.entities, in: answers, capability: \.capability) ?? subject.entityRule
  }
  var confirmationRule: ConfirmationRule {
    answer(.confirmation, in: answers, capability: \.capability) ?? subject.confirmationRule
  }

  func load(_ records: [RecordValue]) { subject.load(records) }
  func tap(record id: String) -> AnyHashable? { subject.tap(record: id) }
  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    subject.respond(to: request, with: outcome)
  }
  func startSync(record id: String) -> AnyHashable? { subject.startSync(record: id) }
  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    subject.respond(toSync: request, with: outcome)
  }
  var order: [String] { subject.order }
  func state(of id: String) -> RecordState? { subject.state(of: id) }
  func cancel(request: AnyHashable) { subject.cancel(request: request) }
  func reorder(to order: [String]) { subject.reorder(to: order) }
  func replaceSession(with records: [RecordValue]) { subject.replaceSession(with: records) }
  func takeStartedReads() -> [StartedRead] { subject.takeStartedReads() }
  func filter(showing value: OptimisticValue?) { subject.filter(showing: value) }
  func filter(showing value: Bool?) { subject.filter(showing: value) }
  func startRefresh() -> AnyHashable? { subject.startRefresh() }
  func respond(toRefresh request: AnyHashable, with outcome: RefreshOutcome) {
    subject.respond(toRefresh: request, with: outcome)
  }
  func tapAll(records ids: [String]) -> AnyHashable? { subject.tapAll(records: ids) }
  func respond(toBatch request: AnyHashable, with outcome: BatchOutcome) {
    subject.respond(toBatch: request, with: outcome)
  }
  var choices: [OptimisticValue] { subject.choices }
  var serverValues: [OptimisticValue] { subject.serverValues }
  func choose(_ value: OptimisticValue, record id: String) -> AnyHashable? {
    subject.choose(value, record: id)
  }
  var writeTimeout: Duration? { subject.writeTimeout }
  func useClock(_ clock: any ContractClock) { subject.useClock(clock) }
  func entity(of id: String) -> String { subject.entity(of: id) }
  func takeStartedWrites() -> [StartedWrite] { subject.takeStartedWrites() }
  var valueWords: [String: String] { subject.valueWords }
  func confirm(record id: String) -> AnyHashable? { subject.confirm(record: id) }
  func decline(record id: String) { subject.decline(record: id) }
}

/// An undo-history subject that declares other answers to product rules; it forwards every
/// requirement of ``UndoHistorySubject``.
@MainActor
final class DeclaringUndoHistorySubject: UndoHistorySubject {
  private let subject: any UndoHistorySubject
  private let answers: [DeclaredAnswer]

  init(_ subject: any UndoHistorySubject, answers: [DeclaredAnswer]) {
    self.subject = subject
    self.answers = answers
  }

  var capabilities: Set<SubjectCapability> {
    subject.capabilities.subtracting(answers.flatMap(\.rule.choices))
  }
  var dragCancelRule: DragCancelRule? {
    answer(.dragCancel, in: answers, capability: \.capability) ?? subject.dragCancelRule
  }
  var undoDuringDragRule: UndoDuringDragRule? {
    answer(.undoDuringDrag, in: answers, capability: \.capability) ?? subject.undoDuringDragRule
  }
  var unchangedDragRule: UnchangedDragRule? {
    answer(.unchangedDrag, in: answers, capability: \.capability) ?? subject.unchangedDragRule
  }
  var documentHistoryRule: DocumentHistoryRule {
    answer(.documentHistory, in: answers, capability: \.capability)
      ?? subject.documentHistoryRule
  }

  var undoManager: UndoManager { subject.undoManager }
  var undoHistory: any UndoHistoryStack { subject.undoHistory }
  var value: Int { subject.value }
  func adjust(to value: Int) { subject.adjust(to: value) }
  func beginDrag() { subject.beginDrag() }
  func moveDrag(to value: Int) { subject.moveDrag(to: value) }
  func endDrag() { subject.endDrag() }
  func load(_ value: Int) { subject.load(value) }
  var displayedValue: Int { subject.displayedValue }
  var isUndoEnabled: Bool { subject.isUndoEnabled }
  var isRedoEnabled: Bool { subject.isRedoEnabled }
  func undo() { subject.undo() }
  func redo() { subject.redo() }
  func limitHistory(to levels: Int) { subject.limitHistory(to: levels) }
  func cancelDrag() { subject.cancelDrag() }
  func switchDocument(to id: String, value: Int) { subject.switchDocument(to: id, value: value) }
  func startCalculation(id: Int) { subject.startCalculation(id: id) }
  func deliverCalculation(id: Int, result: Int) {
    subject.deliverCalculation(id: id, result: result)
  }
  var coalescingWindow: Duration? { subject.coalescingWindow }
  func useClock(_ clock: any ContractClock) { subject.useClock(clock) }
  var itemIDs: [String] { subject.itemIDs }
  var selectedItemIDs: [String] { subject.selectedItemIDs }
  func loadItems(_ items: [ItemValue]) { subject.loadItems(items) }
  func select(_ ids: [String]) { subject.select(ids) }
  func value(of id: String) -> Int { subject.value(of: id) }
  func displayedValue(of id: String) -> Int { subject.displayedValue(of: id) }
  var inspectorValue: Int? { subject.inspectorValue }
}
