import Foundation

/// Records what an app's UI-state model did — the events its stategate adapter maps and,
/// optionally, the state it showed after each — de-identified, in a bounded ring, so a bug seen
/// in the field becomes a regression case (`stategate import`).
///
/// The app calls it at the entry points its adapter already maps. Identifiers never enter it in
/// clear: a record id, a request's token, a document or a calculation becomes a per-recording
/// handle (`a`, `r1`, `s1`, `d1`, `c1`) before anything is stored, and only its hash value is kept
/// in memory to find the handle again; values are the contract's (on/off, the words the app declares, whole numbers).
///
/// The ring holds at most ``Configuration/maxEvents`` slots and ``Configuration/maxBytes`` bytes
/// (``bytesPerSlot`` each); when full the oldest slots are dropped first, and the export says how
/// many events were dropped. Storage is allocated once, so recording an event allocates nothing;
/// a lock makes every method safe to call from any thread, so it can stay on in release builds.
///
/// Calls that belong to the other family are ignored.
public final class SessionRecorder: @unchecked Sendable {
  /// How much a recorder keeps.
  public struct Configuration: Sendable {
    /// The most slots the ring holds (an event takes one, a load, sort or session one more per
    /// record, a shown state one).
    public var maxEvents: Int
    /// The most bytes the ring takes.
    public var maxBytes: Int
    /// The most distinct records (and documents) a recording names; more are recorded as
    /// unknown, and `stategate import` leaves their events out, saying so.
    public var maxRecords: Int
    /// How many of the newest requests and calculations an answer is matched against.
    public var requestWindow: Int

    /// Creates a configuration; the defaults keep 16,384 slots in 384 KiB.
    public init(
      maxEvents: Int = 16_384, maxBytes: Int = 384 * 1024, maxRecords: Int = 1024,
      requestWindow: Int = 256
    ) {
      self.maxEvents = maxEvents
      self.maxBytes = maxBytes
      self.maxRecords = maxRecords
      self.requestWindow = requestWindow
    }
  }

  /// The contract family the recorded model belongs to.
  public enum Family: String, Sendable {
    /// Undo and redo with explicit action groups.
    case undoHistory = "undo"
    /// Optimistic updates with one in-flight write per record.
    case optimisticUpdates = "optimistic"
  }

  /// The bytes one slot of the ring takes.
  public static let bytesPerSlot = MemoryLayout<RecordedEntry>.stride

  /// The family the recording declares.
  public let family: Family
  /// The capabilities and product rules the recording declares, in a stable order.
  public let capabilities: [RecordedCapability]
  /// The most slots the ring holds.
  public let capacity: Int
  /// The value words beyond on/off the app declared, in order; the header lists them.
  public let values: [String]
  /// Every value's word by index: `off`, `on`, then ``values``.
  let valueWords: [String]
  /// The write timeout the app declared, in whole milliseconds; the header records it.
  let writeTimeoutMilliseconds: Int64?

  let lock = NSLock()
  let ring: UnsafeMutablePointer<RecordedEntry>
  /// The slot of the oldest entry.
  var head = 0
  /// How many slots hold entries.
  var count = 0
  /// How many whole events were dropped to make room (not counting shown states).
  var droppedEvents = 0
  /// How many lines — events and shown states — were dropped: the first kept line's sequence
  /// number is one more.
  var droppedLines = 0
  var records: HandleTable
  var documents: HandleTable
  var requests: HandleWindow
  var calculations: HandleWindow
  var refreshes: HandleWindow
  var batches: HandleWindow
  var writesSent: Int64 = 0
  /// How many taps were queued behind a pending write (the queue-latest rule): the writes the
  /// app sends by itself for them are named `q1`, `q2`, … .
  var writesQueued: Int64 = 0
  var syncsSent: Int64 = 0
  var calculationsStarted: Int64 = 0
  var refreshesSent: Int64 = 0
  var batchesSent: Int64 = 0
  /// The capabilities the recorded events need (``RecordedCapability/bit``), so the header can
  /// name them and `stategate import` can refuse a subject that lacks one.
  var needed: UInt32 = 0
  /// The kind of the slots of the list being recorded, and how many it has so far.
  var listItem = RecordedEntry.Kind.loadItem
  var listItems = 0
  /// Every capability, in the header's order, kept so export allocates nothing.
  let everyCapability = RecordedCapability.allCases
  /// The export's fixed line buffer, allocated once.
  let exportBuffer: UnsafeMutableRawBufferPointer

  /// Creates a recorder for a model of `family` whose records are on or off.
  ///
  /// - Parameters:
  ///   - family: The contract family of the model.
  ///   - capabilities: What the app declares: the capabilities and product rules its adapter
  ///     declares (`sessions`, `drag-cancel-restores`, …).
  ///   - writeTimeout: How long the app lets a write go unanswered before it gives up on it
  ///     (optimistic updates), or `nil`; the header records it for reading, not for replay.
  ///   - configuration: How much to keep.
  public convenience init(
    family: Family, declaring capabilities: Set<RecordedCapability> = [],
    writeTimeout: Duration? = nil, configuration: Configuration = Configuration()
  ) {
    self.init(
      family: family, capabilities: capabilities, words: [], writeTimeout: writeTimeout,
      configuration: configuration)
  }

  /// Creates a recorder for a model of `family` whose records hold values beyond on/off: the
  /// app declares its value words once, and its events name them by word or index.
  ///
  /// A word is ASCII letters, digits, `-` and `_`, and not one the suite language gives another
  /// meaning (`none`, `saved`, `rejected`, `unknown`, `read`, `failed`, `list`, `each`, `as`).
  /// `off` and `on` (also `no`, `false`, `yes`, `true`) are always known and may be listed.
  ///
  /// - Parameters:
  ///   - family: The contract family of the model.
  ///   - capabilities: What the app declares, as for the other initialiser.
  ///   - values: The app's value words, such as `["off", "on", "requested", "close-friends"]`.
  ///   - writeTimeout: How long the app lets a write go unanswered, or `nil`.
  ///   - configuration: How much to keep.
  /// - Throws: ``ValueDeclarationError`` naming the first word that cannot be a value.
  public convenience init(
    family: Family, declaring capabilities: Set<RecordedCapability> = [], values: [String],
    writeTimeout: Duration? = nil, configuration: Configuration = Configuration()
  ) throws(ValueDeclarationError) {
    self.init(
      family: family, capabilities: capabilities, words: try Self.checkedWords(values),
      writeTimeout: writeTimeout, configuration: configuration)
  }

  private init(
    family: Family, capabilities: Set<RecordedCapability>, words: [String],
    writeTimeout: Duration?, configuration: Configuration
  ) {
    self.family = family
    self.capabilities = RecordedCapability.allCases.filter(capabilities.contains)
    values = words
    valueWords = ["off", "on"] + words
    writeTimeoutMilliseconds = writeTimeout.map(Self.milliseconds)
    let byBytes = configuration.maxBytes / Self.bytesPerSlot
    capacity = max(2, min(configuration.maxEvents, byBytes))
    ring = .allocate(capacity: capacity)
    records = HandleTable(limit: configuration.maxRecords)
    documents = HandleTable(limit: configuration.maxRecords)
    requests = HandleWindow(limit: configuration.requestWindow)
    calculations = HandleWindow(limit: configuration.requestWindow)
    refreshes = HandleWindow(limit: configuration.requestWindow)
    batches = HandleWindow(limit: configuration.requestWindow)
    exportBuffer = .allocate(byteCount: LineWriter.bufferSize, alignment: 8)
  }

  /// The most words beyond on/off a recorder can be told.
  public static let maxValues = 62

  /// Words the suite language gives another meaning where values are written.
  static let reservedWords: Set<String> = [
    "as", "none", "saved", "rejected", "unknown", "read", "failed", "list", "each",
  ]

  /// The words beyond on/off, checked, in order.
  static func checkedWords(_ words: [String]) throws(ValueDeclarationError) -> [String] {
    var checked: [String] = []
    for word in words {
      switch word {
      case "off", "on", "no", "yes", "false", "true": continue
      default: break
      }
      let allowed = word.utf8.allSatisfy { byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
      }
      guard !word.isEmpty, allowed else {
        throw ValueDeclarationError(
          word: word, reason: "a value word is ASCII letters, digits, '-' and '_'")
      }
      guard !reservedWords.contains(word) else {
        throw ValueDeclarationError(
          word: word, reason: "it is a word of the suite language, not a value")
      }
      guard !checked.contains(word) else {
        throw ValueDeclarationError(word: word, reason: "it is declared twice")
      }
      checked.append(word)
    }
    guard checked.count <= maxValues else {
      throw ValueDeclarationError(
        word: checked[maxValues],
        reason: "a recorder knows at most \(maxValues) words beyond on/off")
    }
    return checked
  }

  /// Whole milliseconds of `duration`, rounded down, from 0 to one day.
  static func milliseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
    guard !milliseconds.overflow else { return seconds < 0 ? 0 : longestWait }
    return min(
      longestWait, max(0, milliseconds.partialValue &+ attoseconds / 1_000_000_000_000_000))
  }

  /// The value the app declared as `word` (`off` and `on` are always known, also written `no`,
  /// `false`, `yes`, `true`); `nil` when it declared no such word.
  ///
  /// The lookup compares the word with each declared one and allocates nothing.
  ///
  /// - Parameter word: A value word.
  /// - Returns: The value, or `nil`.
  public func value(named word: String) -> RecordedValue? {
    switch word {
    case "off", "no", "false": return .off
    case "on", "yes", "true": return .on
    default: break
    }
    for (offset, known) in values.enumerated() where known == word {
      return RecordedValue(index: UInt8(offset + 2))
    }
    return nil
  }

  deinit {
    ring.deallocate()
    exportBuffer.deallocate()
  }

  /// The capabilities the events recorded so far need (a batch needs `batches`, a selection
  /// `selection`, …), in a stable order; the header lists them as `requires`.
  public var requiredCapabilities: [RecordedCapability] {
    lock.lock()
    defer { lock.unlock() }
    return everyCapability.filter { needed & $0.bit != 0 }
  }

  /// How many events were dropped so far to keep the ring within its bounds (shown states not
  /// counted).
  public var dropped: Int {
    lock.lock()
    defer { lock.unlock() }
    return droppedEvents
  }

  /// Appends one entry, dropping the oldest when the ring is full.
  ///
  /// Call with the lock held.
  @inline(__always)
  func append(_ entry: RecordedEntry) {
    if count == capacity {
      dropOldest()
    }
    var slot = head + count
    if slot >= capacity { slot -= capacity }
    ring[slot] = entry
    count += 1
  }

  /// Drops the oldest slot; dropping the first slot of an event counts the event as dropped, and
  /// the first slot of an event or a shown state its line.
  private func dropOldest() {
    let kind = ring[head].kind
    if !kind.isItem {
      droppedLines += 1
      if kind != .shownRecord && kind != .shownEditor { droppedEvents += 1 }
    }
    head += 1
    if head == capacity { head = 0 }
    count -= 1
  }

  /// The handle number of record `id`, 0 when the table is full.
  @inline(__always)
  func record(_ id: some Hashable) -> UInt32 {
    records.number(for: id.hashValue)
  }
}
