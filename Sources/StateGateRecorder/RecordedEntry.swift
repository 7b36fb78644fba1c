/// One fixed-size slot of the recorder's ring: an event, part of one, or a shown state.
///
/// Every field is a number; handles are small integers, 0 meaning unknown.
struct RecordedEntry {
  /// What the slot holds.
  enum Kind: UInt8 {
    // Optimistic updates.
    case load = 1
    case loadItem, tap, respond, cancel, sort, sortItem, session, sessionItem
    case sync, respondToSync, shownRecord
    case read, filter, refresh, respondToRefresh, refreshItem, batch, batchItem
    case respondToBatch, batchAnswerItem, choose, confirm, decline
    // Undo history.
    case adjust = 32
    case dragBegan, dragMoved, dragEnded, dragCancelled, loadValue, switchDocument
    case undo, redo, calculate, deliver, levels, shownEditor
    case items, itemValue, select, selectItem, wait

    /// Whether the slot continues the event before it (a record of a load, sort, session,
    /// refreshed list, batch or batch answer; an item of a load or a selection).
    var isItem: Bool {
      switch self {
      case .loadItem, .sortItem, .sessionItem, .refreshItem, .batchItem, .batchAnswerItem,
        .itemValue, .selectItem:
        true
      default: false
      }
    }

    /// Whether the event is followed by item slots (its `small` counts them).
    var hasItems: Bool {
      switch self {
      case .load, .session, .sort, .respondToRefresh, .batch, .respondToBatch, .items, .select:
        true
      default: false
      }
    }
  }

  /// Outcomes and flags, by kind.
  enum Code {
    static let savedOff: UInt8 = 0
    static let savedOn: UInt8 = 1
    static let rejected: UInt8 = 2
    static let unknown: UInt8 = 3
    static let readOff: UInt8 = 0
    static let readOn: UInt8 = 1
    static let failed: UInt8 = 2
    /// A refresh answered with a list (its records follow).
    static let listed: UInt8 = 0
    /// A batch saved whole (its records' values follow).
    static let batchSaved: UInt8 = 0
    /// A batch answered record by record (each record's outcome follows).
    static let batchEach: UInt8 = 4
    /// A filter showing every record; `filterOn` and `filterOff` show only those shown on (off).
    static let filterNone: UInt8 = 0
    static let filterOn: UInt8 = 1
    static let filterOff: UInt8 = 2
    /// A value beyond on/off (a saved, read or filtered value, or a batch record's saved value):
    /// its index is in `extra` (in `value` for a batch answer's record).
    static let declaredValue: UInt8 = 5
    /// A request handle of a sync (`s1`), not a write (`r1`).
    static let syncRequest: UInt8 = 0x80
    /// Where the numbers of writes the app sent by itself for queued taps start: a write's
    /// number `queuedWrite + n` is written `qn`, any smaller one `rn`.
    static let queuedWrite: Int64 = 1 << 40
  }

  var kind: Kind
  /// An outcome, or shown flags.
  var flags: UInt8 = 0
  /// A grouping level, or the count of items that follow.
  var small: UInt16 = 0
  /// A record, document or calculation handle.
  var handle: UInt32 = 0
  /// A request handle (with ``Code/syncRequest`` in `flags` for a sync), or a number.
  var value: Int64 = 0
  /// A second number (the UI's shown value).
  var extra: Int64 = 0
}
