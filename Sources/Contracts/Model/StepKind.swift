// The one home of each suite step's vocabulary: its kind, the words a suite writes, its grammar
// as the docs show it, the capabilities it needs and its packed opcode. Every switch here is
// exhaustive, so a new action case is refused by the compiler until each of them says what it is;
// docs/contributing.md ("Adding a step") lists the places that follow.

extension UndoHistoryAction {
  /// The kinds of undo-history step; the raw value is the step's opcode in ``PackedSteps``.
  public enum Kind: Int, CaseIterable, Sendable {
    case adjust = 0
    case dragBegan = 1
    case dragMoved = 2
    case dragEnded = 3
    case dragCancelled = 4
    case load = 5
    case switchDocument = 6
    case undo = 7
    case redo = 8
    case calculate = 9
    case deliver = 10
    case levels = 11
    case wait = 12
    case items = 13
    case select = 14

    /// The words a step of this kind starts with: `drag began`, `switch`.
    public var words: String {
      switch self {
      case .adjust: "adjust"
      case .dragBegan: "drag began"
      case .dragMoved: "drag moved"
      case .dragEnded: "drag ended"
      case .dragCancelled: "drag cancelled"
      case .load: "load"
      case .switchDocument: "switch"
      case .undo: "undo"
      case .redo: "redo"
      case .calculate: "calculate"
      case .deliver: "deliver"
      case .levels: "levels"
      case .wait: "wait"
      case .items: "items"
      case .select: "select"
      }
    }

    /// The step as docs/suites.md shows its grammar: `switch DOC N`.
    public var grammar: String {
      switch self {
      case .adjust: "adjust N"
      case .dragBegan: "drag began"
      case .dragMoved: "drag moved N"
      case .dragEnded: "drag ended"
      case .dragCancelled: "drag cancelled"
      case .load: "load N"
      case .switchDocument: "switch DOC N"
      case .undo: "undo"
      case .redo: "redo"
      case .calculate: "calculate as NAME"
      case .deliver: "deliver NAME N"
      case .levels: "levels N"
      case .wait: "wait 800ms"
      case .items: "items a=10 b=20"
      case .select: "select a,b"
      }
    }

    /// The capabilities a subject needs for a step of this kind to mean anything; the suite
    /// reader adds them to the case's requirements, so a subject without one skips the case.
    public var neededCapabilities: [SubjectCapability] {
      switch self {
      case .switchDocument: [.documents]
      case .calculate, .deliver: [.asyncResults]
      case .items, .select: [.selection]
      case .adjust, .dragBegan, .dragMoved, .dragEnded, .dragCancelled, .load, .undo, .redo,
        .levels, .wait:
        []
      }
    }
  }

  /// The action's kind.
  public var kind: Kind {
    switch self {
    case .adjust: .adjust
    case .dragBegan: .dragBegan
    case .dragMoved: .dragMoved
    case .dragEnded: .dragEnded
    case .dragCancelled: .dragCancelled
    case .load: .load
    case .switchDocument: .switchDocument
    case .undo: .undo
    case .redo: .redo
    case .calculate: .calculate
    case .deliver: .deliver
    case .levels: .levels
    case .wait: .wait
    case .items: .items
    case .select: .select
    }
  }
}

extension OptimisticAction {
  /// The kinds of optimistic-update step; the raw value is the step's opcode in ``PackedSteps``.
  ///
  /// A `respond` step is one kind per request it answers (a write, a sync, a refresh, a batch),
  /// and `wait timeout` is a kind of its own, since only it needs `write-timeouts`.
  public enum Kind: Int, CaseIterable, Sendable {
    case records = 20
    case tap = 21
    case respond = 22
    case cancel = 23
    case sort = 24
    case session = 25
    case sync = 26
    case respondToSync = 27
    case syncRoundTrip = 28
    case read = 29
    case filter = 30
    case refresh = 31
    case respondToRefresh = 32
    case batch = 33
    case respondToBatch = 34
    case choose = 35
    case wait = 36
    case waitTimeout = 37
    case confirm = 40
    case decline = 41

    /// The word a step of this kind starts with: `respond`, `set`.
    public var words: String {
      switch self {
      case .records: "records"
      case .tap: "tap"
      case .respond, .respondToSync, .respondToRefresh, .respondToBatch: "respond"
      case .cancel: "cancel"
      case .sort: "sort"
      case .session: "session"
      case .sync, .syncRoundTrip: "sync"
      case .read: "read"
      case .filter: "filter"
      case .refresh: "refresh"
      case .batch: "batch"
      case .choose: "set"
      case .wait: "wait"
      case .waitTimeout: "wait timeout"
      case .confirm: "confirm"
      case .decline: "decline"
      }
    }

    /// The step as docs/suites.md shows its grammar: `respond NAME saved on|off`.
    public var grammar: String {
      switch self {
      case .records: "records a=on b=off"
      case .tap: "tap ID [as NAME]"
      case .respond: "respond NAME saved on|off"
      case .cancel: "cancel NAME"
      case .sort: "sort c,a,b"
      case .session: "session a=on b=off"
      case .sync: "sync ID [as NAME]"
      case .respondToSync: "respond NAME read on|off"
      case .syncRoundTrip: "sync ID on|off"
      case .read: "read ID as NAME"
      case .filter: "filter on|off|none"
      case .refresh: "refresh [as NAME]"
      case .respondToRefresh: "respond NAME list a=on b=off"
      case .batch: "batch a,b [as NAME]"
      case .respondToBatch: "respond NAME each a=on b=rejected c=unknown"
      case .choose: "set ID VALUE [as NAME]"
      case .wait: "wait 800ms"
      case .waitTimeout: "wait timeout"
      case .confirm: "confirm ID [as NAME]"
      case .decline: "decline ID"
      }
    }

    /// The capabilities a subject needs for a step of this kind to mean anything; the suite
    /// reader adds them to the case's requirements, so a subject without one skips the case.
    public var neededCapabilities: [SubjectCapability] {
      switch self {
      case .cancel: [.cancellation]
      case .sort: [.sorting]
      case .session: [.sessions]
      case .filter: [.filtering]
      case .refresh, .respondToRefresh: [.refresh]
      case .batch, .respondToBatch: [.batches]
      case .waitTimeout: [.writeTimeouts]
      case .confirm, .decline: [.removalAsksFirst]
      case .records, .tap, .respond, .sync, .respondToSync, .syncRoundTrip, .read, .choose, .wait:
        []
      }
    }
  }

  /// The action's kind.
  public var kind: Kind {
    switch self {
    case .records: .records
    case .tap: .tap
    case .respond: .respond
    case .cancel: .cancel
    case .sort: .sort
    case .session: .session
    case .sync: .sync
    case .respondToSync: .respondToSync
    case .syncRoundTrip: .syncRoundTrip
    case .read: .read
    case .filter: .filter
    case .refresh: .refresh
    case .respondToRefresh: .respondToRefresh
    case .batch: .batch
    case .respondToBatch: .respondToBatch
    case .choose: .choose
    case .wait(let length): length.fromTimeout ? .waitTimeout : .wait
    case .confirm: .confirm
    case .decline: .decline
    }
  }
}

extension ContractAction {
  /// The capabilities the action's kind needs.
  public var neededCapabilities: [SubjectCapability] {
    switch self {
    case .undoHistory(let action): action.kind.neededCapabilities
    case .optimistic(let action): action.kind.neededCapabilities
    }
  }

  /// The action's packed opcode: its kind's raw value.
  var opcode: Int {
    switch self {
    case .undoHistory(let action): action.kind.rawValue
    case .optimistic(let action): action.kind.rawValue
    }
  }
}

extension UndoHistoryAction.Kind {
  /// The words a step starts with, each once, in the kinds' order: what the suite reader
  /// suggests for an unknown action.
  static var verbs: [String] { firstWords(of: allCases.map(\.words)) }
}

extension OptimisticAction.Kind {
  /// The words a step starts with, each once, in the kinds' order: what the suite reader
  /// suggests for an unknown action.
  static var verbs: [String] { firstWords(of: allCases.map(\.words)) }
}

/// The first word of each of `phrases`, each once, in order.
private func firstWords(of phrases: [String]) -> [String] {
  var seen: Set<Substring> = []
  return phrases.compactMap { phrase in
    let word = phrase.prefix { $0 != " " }
    return seen.insert(word).inserted ? String(word) : nil
  }
}
