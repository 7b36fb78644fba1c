/// A choice the contract leaves to the product: one question ("what does a cancelled drag do?",
/// "may the user tap while a write is pending?") with mutually exclusive answers, each answer a
/// capability a case can require.
///
/// A subject declares at most one answer per rule (exactly one when the rule has a
/// ``defaultChoice``: the article's answer, declared by every subject that says nothing). A case
/// that requires an answer runs only on subjects declaring that answer; a case that requires none
/// of a rule's answers must hold under every answer. This is the one registry of rules: the suite
/// reader, the plan's skips, `stategate list` and the docs read it.
public struct ProductRule: Hashable, Sendable {
  /// The rule's name, as skip reasons and `stategate list` say it (`in-flight`).
  public let name: String
  /// The family whose subjects declare it.
  public let family: ContractFamily
  /// The question the rule answers, for people.
  public let question: String
  /// The answers, each a capability a case requires (`latest-tap-wins`).
  public let choices: [SubjectCapability]
  /// The answer a subject that declares nothing has; `nil` when a subject may declare none.
  public let defaultChoice: SubjectCapability?
  /// The rule of the contract whose cases judge the answer a subject declares (the in-flight
  /// rule's answers are judged by ``ContractRule/gate``): what a conformance profile reports
  /// broken when a subject behaves by another answer than the one it declares.
  public let judgedBy: ContractRule
  /// Each answer's own name, as the adapter's property spells it (`queue-latest` for the
  /// capability `latest-tap-queued`), by capability.
  private let answerNames: [SubjectCapability: String]

  /// A rule whose answers are the cases of `Answer`.
  private init<Answer: CaseIterable & RawRepresentable>(
    name: String, family: ContractFamily, question: String, answers: Answer.Type,
    capability: (Answer) -> SubjectCapability, defaultChoice: Answer?, judgedBy: ContractRule
  ) where Answer.RawValue == String {
    self.name = name
    self.family = family
    self.question = question
    self.choices = Answer.allCases.map(capability)
    self.defaultChoice = defaultChoice.map(capability)
    self.judgedBy = judgedBy
    self.answerNames = Dictionary(
      uniqueKeysWithValues: Answer.allCases.map { (capability($0), $0.rawValue) })
  }

  /// The answer's own name (`queue-latest`), or the capability's name when `capability` is not
  /// one of this rule's answers.
  ///
  /// - Parameter capability: One of ``choices``.
  /// - Returns: The name the adapter's rule property gives the answer.
  public func answerName(of capability: SubjectCapability) -> String {
    answerNames[capability] ?? capability.rawValue
  }

  /// How an answer reads wherever it is named beside the capability a case requires — skip
  /// reasons, `stategate list` and `list --subject` all phrase it here:
  /// `queue-latest (latest-tap-queued)`, the answer's own name and the capability, or one name
  /// where the two agree.
  ///
  /// - Parameters:
  ///   - capability: One of ``choices``.
  ///   - quoted: Whether the answer's name is quoted, as a skip reason quotes it:
  ///     `'queue-latest' (latest-tap-queued)`.
  ///   - note: What is said of the answer inside the parentheses, after the capability:
  ///     `one-write (one-write-in-flight, the default)`.
  /// - Returns: The answer as people read it.
  public func answerLabel(
    of capability: SubjectCapability, quoted: Bool = false, note: String? = nil
  ) -> String {
    let name = answerName(of: capability)
    let said =
      (name == capability.rawValue ? [] : [capability.rawValue]) + (note.map { [$0] } ?? [])
    return (quoted ? "'\(name)'" : name)
      + (said.isEmpty ? "" : " (\(said.joined(separator: ", ")))")
  }

  /// Undo history: what a cancelled drag does (``DragCancelRule``).
  public static let dragCancel = ProductRule(
    name: "drag-cancel", family: .undoHistory, question: "what a cancelled drag does",
    answers: DragCancelRule.self, capability: \.capability, defaultChoice: nil,
    judgedBy: .dragRules)
  /// Undo history: what Undo and Redo do while a drag is in progress (``UndoDuringDragRule``).
  public static let undoDuringDrag = ProductRule(
    name: "undo-during-drag", family: .undoHistory,
    question: "what Undo and Redo do during a drag",
    answers: UndoDuringDragRule.self, capability: \.capability, defaultChoice: nil,
    judgedBy: .dragRules)
  /// Undo history: what a drag that ends where it began records (``UnchangedDragRule``).
  public static let unchangedDrag = ProductRule(
    name: "unchanged-drag", family: .undoHistory,
    question: "what a drag that ends where it began records",
    answers: UnchangedDragRule.self, capability: \.capability, defaultChoice: nil,
    judgedBy: .dragRules)
  /// Undo history: what a document keeps when the user switches back to it
  /// (``DocumentHistoryRule``).
  public static let documentHistory = ProductRule(
    name: "document-history", family: .undoHistory,
    question: "what a document keeps when the user switches back to it",
    answers: DocumentHistoryRule.self, capability: \.capability,
    defaultChoice: DocumentHistoryRule.standard, judgedBy: .documents)
  /// Optimistic updates: what a tap does while the record's write is pending (``InFlightRule``).
  public static let inFlight = ProductRule(
    name: "in-flight", family: .optimisticUpdates,
    question: "what a tap does while the record's write is pending",
    answers: InFlightRule.self, capability: \.capability, defaultChoice: InFlightRule.article,
    judgedBy: .gate)
  /// Optimistic updates: what the row shows while a write is pending (``DisplayRule``).
  public static let display = ProductRule(
    name: "display", family: .optimisticUpdates,
    question: "what the row shows while a write is pending",
    answers: DisplayRule.self, capability: \.capability, defaultChoice: DisplayRule.article,
    judgedBy: .display)
  /// Optimistic updates: what an unknown outcome does (``UnknownOutcomeRule``).
  public static let unknownOutcome = ProductRule(
    name: "unknown-outcome", family: .optimisticUpdates,
    question: "what an unknown outcome (a timeout, a cancel) does",
    answers: UnknownOutcomeRule.self, capability: \.capability,
    defaultChoice: UnknownOutcomeRule.article, judgedBy: .unknownOutcome)
  /// Optimistic updates: which taps ask the user to confirm before they write
  /// (``ConfirmationRule``).
  public static let confirmation = ProductRule(
    name: "confirmation", family: .optimisticUpdates,
    question: "which taps ask the user to confirm before they write",
    answers: ConfirmationRule.self, capability: \.capability,
    defaultChoice: ConfirmationRule.article, judgedBy: .gate)

  /// Optimistic updates: whether several rows may show one entity (``EntityRule``).
  public static let entities = ProductRule(
    name: "entities", family: .optimisticUpdates,
    question: "whether several rows may show one entity (a boost and its original post)",
    answers: EntityRule.self, capability: \.capability, defaultChoice: EntityRule.article,
    judgedBy: .identity)

  /// Every rule, in the order `stategate list` shows them.
  public static let all: [ProductRule] = [
    .dragCancel, .undoDuringDrag, .unchangedDrag, .documentHistory, .inFlight, .display,
    .unknownOutcome, .confirmation, .entities,
  ]

  /// The rules of `family`.
  public static func all(in family: ContractFamily) -> [ProductRule] {
    all.filter { $0.family == family }
  }

  /// The rule `capability` answers, if it is a rule's answer.
  public static func answered(by capability: SubjectCapability) -> ProductRule? {
    all.first { $0.choices.contains(capability) }
  }

  /// The answer a subject declaring `capabilities` gives: the one it declares, else the default.
  ///
  /// - Parameter capabilities: The subject's capabilities.
  /// - Returns: The answer, or `nil` when it declares none and the rule has no default.
  public func answer(among capabilities: Set<SubjectCapability>) -> SubjectCapability? {
    choices.first(where: capabilities.contains) ?? defaultChoice
  }
}

/// Optimistic updates: what a tap does while the record's write is pending, a product rule each
/// subject declares (``OptimisticUpdateSubject/inFlightRule``).
///
/// Under every answer the row shows the saving indicator exactly while a write is pending, and an
/// answer to a write that is no longer the record's latest changes nothing.
public enum InFlightRule: String, Sendable, CaseIterable {
  /// The article's: one write per record at a time. A tap while a write is pending sends nothing
  /// and keeps the provisional value; the control accepts no tap until the answer. This gives up
  /// rapid toggling in exchange for an unambiguous rollback target.
  case oneWrite = "one-write"
  /// Every tap sends: the tap shows its value and sends a write that supersedes the pending one;
  /// an answer to a superseded write changes nothing, and the latest write's answer settles the
  /// record (a rejection rolls back to the value confirmed before the taps).
  case latestWins = "latest-wins"
  /// A tap while a write is pending shows its value and is queued; when the pending write is
  /// answered the app sends the queued value as a new write (reported through
  /// ``OptimisticUpdateSubject/takeStartedWrites()``); a newer tap replaces the queued one.
  case queueLatest = "queue-latest"

  /// The answer of the optimistic-updates article, which every subject declaring nothing has.
  public static let article = InFlightRule.oneWrite

  /// Whether the control accepts a tap while the record's write is pending.
  ///
  /// A due sync blocks taps under every answer. The runner's invariants, the classifier and
  /// `explore`'s oracle ask it.
  public var acceptsTapsWhilePending: Bool { self != .oneWrite }

  /// The capability a case names to require this answer.
  public var capability: SubjectCapability {
    switch self {
    case .oneWrite: .oneWriteInFlight
    case .latestWins: .latestTapWins
    case .queueLatest: .latestTapQueued
    }
  }
}

/// Optimistic updates: what the row shows while a write is pending, a product rule each subject
/// declares (``OptimisticUpdateSubject/displayRule``).
///
/// Under every answer the saving indicator is on exactly while a write is pending, with nothing
/// pending the row shows the confirmed value, an answer to a superseded or old-session request
/// never shows, and a refused value is never shown as confirmed.
public enum DisplayRule: String, Sendable, CaseIterable {
  /// The article's: the row shows the user's intent at once (the provisional value).
  case optimistic
  /// The row keeps the confirmed value and shows its saving indicator until the answer, then
  /// shows what the answer settled.
  case pessimistic

  /// The answer of the optimistic-updates article, which every subject declaring nothing has.
  public static let article = DisplayRule.optimistic

  /// Whether the row keeps showing the confirmed value while a write is pending.
  public var showsConfirmedWhilePending: Bool { self == .pessimistic }

  /// The value the row shows under this rule.
  ///
  /// The confirmed value when nothing is pending; while a write of `provisional` is pending,
  /// `provisional` (optimistic) or still `confirmed` (pessimistic). The runner's invariants, the
  /// classifier and `explore`'s oracle all ask it.
  ///
  /// - Parameters:
  ///   - confirmed: The value the server last confirmed.
  ///   - provisional: The value the pending write carries, or `nil` when nothing is pending.
  /// - Returns: The value the row must show.
  public func shown(confirmed: OptimisticValue, provisional: OptimisticValue?) -> OptimisticValue {
    guard let provisional, !showsConfirmedWhilePending else { return confirmed }
    return provisional
  }

  /// The capability a case names to require this answer.
  public var capability: SubjectCapability {
    switch self {
    case .optimistic: .displayOptimistic
    case .pessimistic: .displayPessimistic
    }
  }
}

/// Optimistic updates: what an unknown outcome (a timeout, a cancel) does, a product rule each
/// subject declares (``OptimisticUpdateSubject/unknownOutcomeRule``).
public enum UnknownOutcomeRule: String, Sendable, CaseIterable {
  /// The article's: the provisional value is withdrawn and writes are blocked until a sync.
  case withdrawAndSync = "withdraw-and-sync"
  /// Offline-first: the row keeps the provisional value and the app sends the write again
  /// (reported through ``OptimisticUpdateSubject/takeStartedWrites()``) until it is answered; a
  /// value the server refused is never shown as confirmed.
  case keepAndRetry = "keep-and-retry"

  /// The answer of the optimistic-updates article, which every subject declaring nothing has.
  public static let article = UnknownOutcomeRule.withdrawAndSync

  /// The capability a case names to require this answer.
  public var capability: SubjectCapability {
    switch self {
    case .withdrawAndSync: .unknownWithdraws
    case .keepAndRetry: .unknownKeepsRetrying
    }
  }
}

/// Optimistic updates: which taps ask the user to confirm before they write, a product rule each
/// subject declares (``OptimisticUpdateSubject/confirmationRule``), as a client asks "Unfollow
/// this account?" before it unfollows.
///
/// Under every answer a tap that asks sends nothing and changes nothing the row shows but its
/// question (`ID.asking`): the row keeps the confirmed value, with no saving indicator. Declining
/// (``OptimisticUpdateSubject/decline(record:)``) closes the question and sends nothing; confirming
/// (``OptimisticUpdateSubject/confirm(record:)``) closes it and is then the tap itself, a normal
/// optimistic write of the value the tap asked for. A second tap while the question is open sends
/// nothing and leaves it open; a session change closes it, sending nothing.
public enum ConfirmationRule: String, Sendable, CaseIterable {
  /// The article's: no tap asks; every tap writes at once.
  case never
  /// A tap (or a `set`) that asks for the resting value — the first of the subject's choices:
  /// removing a favourite, unfollowing, taking a vote back — asks first; any other tap writes at
  /// once.
  case beforeRemoving = "before-removing"

  /// The answer of the optimistic-updates article, which every subject declaring nothing has.
  public static let article = ConfirmationRule.never

  /// Whether a single write of `value` on a record of a subject with these `choices` asks first.
  ///
  /// The runner's invariants and the reference subjects ask it.
  ///
  /// - Parameters:
  ///   - value: The value the tap or `set` asks for.
  ///   - choices: The subject's choices, the resting one first.
  /// - Returns: Whether the write waits for the user's confirmation.
  public func asks(writing value: OptimisticValue, choices: [OptimisticValue]) -> Bool {
    switch self {
    case .never: false
    case .beforeRemoving: value == (choices.first ?? .off)
    }
  }

  /// The capability a case names to require this answer.
  public var capability: SubjectCapability {
    switch self {
    case .never: .tapsWriteAtOnce
    case .beforeRemoving: .removalAsksFirst
    }
  }
}

/// Optimistic updates: whether several rows may show one entity, a product rule each subject
/// declares (``OptimisticUpdateSubject/entityRule``).
///
/// Under every answer, rows of one entity never show different values once settled: nothing is
/// lost between rows of one entity (the runner checks it against
/// ``OptimisticUpdateSubject/entity(of:)`` whatever is declared; with one entity per row it holds
/// by itself).
public enum EntityRule: String, Sendable, CaseIterable {
  /// Every row shows an entity of its own: the article's list, and every subject that declares
  /// nothing. A row written `b@a` in a case is then not loaded as sharing, and cases that need
  /// sharing are skipped.
  case perRow = "per-row"
  /// Rows may show one entity: a row loaded as `b@a` shows the entity of row `a`. A tap on any
  /// of its rows is a write to the entity; every row of it shows the provisional value and the
  /// same pending write; one answer settles all of them (a rejection rolls all of them back, an
  /// unknown outcome does to all of them what the unknown-outcome rule says); the in-flight rule
  /// applies per entity, so a tap on another row of a pending entity is gated (or superseding,
  /// or queued) exactly as a tap on the same row.
  case shared

  /// The answer every subject declaring nothing has: one entity per row.
  public static let article = EntityRule.perRow

  /// The capability a case names to require this answer.
  public var capability: SubjectCapability {
    switch self {
    case .perRow: .entityPerRow
    case .shared: .sharedEntities
    }
  }
}
