import Contracts
import Foundation

/// Decodes one event or shown-state line of a recording into a suite action or expectations,
/// refusing any handle that is not one the recorder writes (so nothing else reaches a case).
enum LineDecoding {
  /// Why a line is refused.
  struct Failure: Error {
    var reason: String
  }

  static func event(
    _ fields: [String: Any], family: ContractFamily, sequence: Int, values: Set<String> = []
  ) throws(Failure) -> Recording.Line {
    guard let name = fields["action"] as? String else {
      throw Failure(reason: "the event has no action")
    }
    let action: ContractAction?
    switch family {
    case .optimisticUpdates:
      action = try optimistic(name, fields, values: values).map(ContractAction.optimistic)
    case .undoHistory: action = try undo(name, fields).map(ContractAction.undoHistory)
    }
    return .event(
      sequence: sequence, action: action, text: action?.description ?? "\(name) (unnamed)")
  }

  static func shown(
    _ fields: [String: Any], family: ContractFamily, sequence: Int, values: Set<String> = []
  ) throws(Failure) -> Recording.Line {
    func flag(_ key: String) throws(Failure) -> String {
      guard let value = fields[key] as? Bool else {
        throw Failure(reason: "the shown state has no '\(key)'")
      }
      return value ? "yes" : "no"
    }
    /// A shown value: a Boolean (on/off) or a value word the header declares; `nil` for `?`.
    func shownValue(_ key: String) throws(Failure) -> String? {
      if let word = fields[key] as? String {
        return try recordValue(Substring(word), declared: values)?.name
      }
      return try flag(key) == "yes" ? "on" : "off"
    }
    switch family {
    case .optimisticUpdates:
      guard let record = try record(fields["record"]) else {
        return .shown(sequence: sequence, expectations: [])
      }
      let pending: String
      switch fields["pending"] {
      case let name as String where name == "none": pending = "none"
      case let name as String: pending = try request(name, prefixes: writePrefixes)
      default: return .shown(sequence: sequence, expectations: [])
      }
      guard let confirmed = try shownValue("confirmed"),
        let displayed = try shownValue("displayed")
      else { return .shown(sequence: sequence, expectations: []) }
      return .shown(
        sequence: sequence,
        expectations: [
          "\(record).confirmed=\(confirmed)", "\(record).displayed=\(displayed)",
          "\(record).pending=\(pending)",
          "\(record).needsSync=\(try flag("needsSync"))", "\(record).saving=\(try flag("saving"))",
          "\(record).tapEnabled=\(try flag("tapEnabled"))",
        ])
    case .undoHistory:
      guard let value = fields["value"] as? Int, let display = fields["display"] as? Int,
        let level = fields["level"] as? Int
      else { throw Failure(reason: "the shown state has no value, display or level") }
      return .shown(
        sequence: sequence,
        expectations: [
          "value=\(value)", "display=\(display)", "level=\(level)",
          "canUndo=\(try flag("canUndo"))", "canRedo=\(try flag("canRedo"))",
          "undoEnabled=\(try flag("undoEnabled"))", "redoEnabled=\(try flag("redoEnabled"))",
        ])
    }
  }

  /// A record handle, `nil` for `null` (a record the recorder could not name).
  private static func record(_ value: Any?) throws(Failure) -> String? {
    guard let name = value as? String else {
      if value == nil || value is NSNull { return nil }
      throw Failure(reason: "a record handle is not a string")
    }
    guard !name.isEmpty, name.utf8.count <= 3,
      name.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) })
    else { throw Failure(reason: "'\(name)' is not a record handle (a, b, … zz)") }
    return name
  }

  /// The prefixes of a write's handle: `r` for a write a tap sent, `q` for one the app sends by
  /// itself for a tap it queued while the record's write was pending (the queue-latest rule).
  static let writePrefixes: [Character] = ["r", "q"]

  /// A numbered handle such as `r12`, checked.
  private static func request(_ name: String, prefix: Character) throws(Failure) -> String {
    try request(name, prefixes: [prefix])
  }

  /// A numbered handle starting with one of `prefixes`, such as `r12` or `q3`, checked.
  private static func request(_ name: String, prefixes: [Character]) throws(Failure) -> String {
    let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
    guard let first = name.first, prefixes.contains(first), name.count > 1,
      name.utf8.dropFirst().allSatisfy(digits.contains)
    else {
      let forms = prefixes.map { "'\($0)1', '\($0)2', …" }.joined(separator: " or ")
      throw Failure(reason: "'\(name)' is not a handle \(forms)")
    }
    return name
  }

  private static func handle(_ value: Any?, prefix: Character) throws(Failure) -> String? {
    try handle(value, prefixes: [prefix])
  }

  private static func handle(_ value: Any?, prefixes: [Character]) throws(Failure) -> String? {
    guard let name = value as? String else { return nil }
    return try request(name, prefixes: prefixes)
  }

  /// A record's value as the recording spells it: `on`, `off` or a word the header declares;
  /// `nil` for `?`, a word the recorder was not told (the event is then left out).
  ///
  /// The one place import reads an optimistic record value.
  ///
  /// - Throws: ``Failure`` for a word that is not a value or that the header does not declare.
  static func recordValue(_ text: Substring, declared: Set<String>) throws(Failure)
    -> OptimisticValue?
  {
    switch text {
    case "on": return .on
    case "off": return .off
    case "?": return nil
    default:
      guard declared.contains(String(text)) else {
        guard !declared.isEmpty else {
          throw Failure(
            reason: "value '\(text)' is not on or off, and the header declares no other values")
        }
        throw Failure(
          reason: "value '\(text)' is not on, off or one the header declares ("
            + declared.sorted().joined(separator: ", ") + ")")
      }
      return OptimisticValue(String(text))
    }
  }

  /// `a=on`-style pairs, each read by `value` (which returns `nil` for a value the recorder
  /// could not name and throws for one that is not a value); `nil` when one names a record or
  /// value the recorder could not name (`?`).
  private static func pairs<Value>(
    _ field: Any?, what: String, example: String,
    value: (Substring) throws(Failure) -> Value?
  ) throws(Failure) -> [(id: String, value: Value)]? {
    guard let items = field as? [String] else {
      throw Failure(reason: "the event has no \(what)")
    }
    var pairs: [(id: String, value: Value)] = []
    var unnamed = false
    for item in items {
      let parts = item.split(separator: "=", omittingEmptySubsequences: false)
      guard parts.count == 2 else {
        throw Failure(reason: "'\(item)' is not \(example)")
      }
      guard let read = try value(parts[1]) else {
        unnamed = true
        continue
      }
      guard parts[0] != "?", let id = try record(String(parts[0])) else {
        unnamed = true
        continue
      }
      pairs.append((id, read))
    }
    return unnamed ? nil : pairs
  }

  private static func records(_ value: Any?, values: Set<String>) throws(Failure)
    -> [RecordValue]?
  {
    try pairs(
      value, what: "records", example: "a record and its value (a=on)",
      value: { (text) throws(Failure) in try recordValue(text, declared: values) }
    ).map { $0.map { RecordValue(id: $0.id, value: $0.value) } }
  }

  /// A list of record (or item) handles; `nil` when one is `null`.
  private static func handles(_ value: Any?, what: String) throws(Failure) -> [String]? {
    guard let items = value as? [Any] else { throw Failure(reason: "the event has no \(what)") }
    var ids: [String] = []
    var unnamed = false
    for item in items {
      guard let id = try record(item) else {
        unnamed = true
        continue
      }
      ids.append(id)
    }
    return unnamed ? nil : ids
  }

  /// The outcome of one record in a per-record answer to a batch.
  private static func batchRecordOutcome(_ text: Substring, values: Set<String>)
    throws(Failure) -> ServerOutcome?
  {
    switch text {
    case "rejected": .rejected
    case "unknown": .unknown
    default: try recordValue(text, declared: values).map(ServerOutcome.saved)
    }
  }

  /// An answer to a refresh (`l1`) or a batch (`b1`); `nil` when it names what the recorder
  /// could not.
  private static func respondToList(
    _ outcome: String?, request: Any?, _ fields: [String: Any], values: Set<String>
  ) throws(Failure) -> OptimisticAction? {
    switch outcome {
    case "list", "failed":
      let answer: RefreshOutcome?
      if outcome == "list" {
        answer = try records(fields["records"], values: values).map(RefreshOutcome.list)
      } else {
        answer = .failed
      }
      guard let sent = try handle(request, prefix: "l"), let answer else { return nil }
      return .respondToRefresh(request: sent, outcome: answer)
    case "saved", "each", "rejected", "unknown":
      let answer: BatchOutcome?
      switch outcome {
      case "saved": answer = try records(fields["records"], values: values).map(BatchOutcome.saved)
      case "each":
        answer = try pairs(
          fields["records"], what: "records",
          example: "a record and its outcome (a=on, a=off, a=rejected, a=unknown)",
          value: { (text) throws(Failure) in try batchRecordOutcome(text, values: values) }
        ).map { .each($0.map { BatchRecordOutcome(id: $0.id, outcome: $0.value) }) }
      case "rejected": answer = .rejected
      default: answer = .unknown
      }
      guard let sent = try handle(request, prefix: "b"), let answer else { return nil }
      return .respondToBatch(request: sent, outcome: answer)
    default:
      throw Failure(reason: "unknown outcome '\(outcome ?? "")'")
    }
  }

  private static func optimistic(
    _ name: String, _ fields: [String: Any], values: Set<String>
  ) throws(Failure) -> OptimisticAction? {
    switch name {
    case "load":
      return try records(fields["records"], values: values).map { .records($0) }
    case "session":
      return try records(fields["records"], values: values).map { .session($0) }
    case "sort":
      guard let order = fields["order"] as? [Any] else {
        throw Failure(reason: "the re-sort has no order")
      }
      var ids: [String] = []
      for item in order {
        guard let id = try record(item) else { return nil }
        ids.append(id)
      }
      return .sort(ids)
    case "tap", "sync":
      guard let id = try record(fields["record"]) else { return nil }
      let sent =
        name == "tap"
        ? try handle(fields["request"], prefixes: writePrefixes)
        : try handle(fields["request"], prefix: "s")
      return name == "tap" ? .tap(record: id, request: sent) : .sync(record: id, request: sent)
    case "cancel":
      guard let sent = try handle(fields["request"], prefixes: writePrefixes) else { return nil }
      return .cancel(request: sent)
    case "confirm":
      guard let id = try record(fields["record"]) else { return nil }
      return .confirm(record: id, request: try handle(fields["request"], prefix: "r"))
    case "decline":
      guard let id = try record(fields["record"]) else { return nil }
      return .decline(record: id)
    case "read":
      guard let id = try record(fields["record"]),
        let sent = try handle(fields["request"], prefix: "s")
      else { return nil }
      return .read(record: id, request: sent)
    case "filter":
      switch fields["filter"] as? String {
      case "none": return .filter(nil)
      case let text?:
        guard let value = try recordValue(Substring(text), declared: values) else { return nil }
        return .filter(value)
      case nil: throw Failure(reason: "the filter has no 'filter' (on, off, a value or none)")
      }
    case "refresh":
      guard let sent = try handle(fields["request"], prefix: "l") else { return nil }
      return .refresh(request: sent)
    case "batch":
      let sent = try handle(fields["request"], prefix: "b")
      guard let ids = try handles(fields["records"], what: "records"), let sent else {
        return nil
      }
      guard !ids.isEmpty else { throw Failure(reason: "the batch names no records") }
      return .batch(records: ids, request: sent)
    case "respond":
      let outcome = fields["outcome"] as? String
      let request = fields["request"] as? String
      if outcome == "list" || outcome == "saved" || outcome == "each"
        || request?.first == "l" || request?.first == "b"
      {
        return try respondToList(outcome, request: fields["request"], fields, values: values)
      }
      switch outcome {
      case "rejected", "unknown":
        guard let sent = try handle(fields["request"], prefixes: writePrefixes) else { return nil }
        return .respond(request: sent, outcome: outcome == "rejected" ? .rejected : .unknown)
      case let text? where text.hasPrefix("saved "):
        let value = try recordValue(text.dropFirst("saved ".count), declared: values)
        guard let sent = try handle(fields["request"], prefixes: writePrefixes), let value else {
          return nil
        }
        return .respond(request: sent, outcome: .saved(value))
      case "failed":
        guard let sent = try handle(fields["request"], prefix: "s") else { return nil }
        return .respondToSync(request: sent, outcome: .failed)
      case let text? where text.hasPrefix("read "):
        let value = try recordValue(text.dropFirst("read ".count), declared: values)
        guard let sent = try handle(fields["request"], prefix: "s"), let value else { return nil }
        return .respondToSync(request: sent, outcome: .value(value))
      default:
        throw Failure(reason: "unknown outcome '\(outcome ?? "")'")
      }
    case "set":
      guard let word = fields["value"] as? String else {
        throw Failure(reason: "'set' has no value")
      }
      let value = try recordValue(Substring(word), declared: values)
      let sent = try handle(fields["request"], prefix: "r")
      guard let id = try record(fields["record"]), let value else { return nil }
      return .choose(record: id, value: value, request: sent)
    case "wait":
      return .wait(.fixed(milliseconds: try milliseconds(fields)))
    default:
      throw Failure(reason: "unknown optimistic-update action '\(name)'")
    }
  }

  private static func undo(_ name: String, _ fields: [String: Any]) throws(Failure)
    -> UndoHistoryAction?
  {
    func value() throws(Failure) -> Int {
      guard let value = fields["value"] as? Int else {
        throw Failure(reason: "'\(name)' has no whole-number value")
      }
      return value
    }
    switch name {
    case "adjust": return .adjust(try value())
    case "drag began": return .dragBegan
    case "drag moved": return .dragMoved(try value())
    case "drag ended": return .dragEnded
    case "drag cancelled": return .dragCancelled
    case "load": return .load(try value())
    case "levels": return .levels(try value())
    case "undo": return .undo
    case "redo": return .redo
    case "switch":
      guard let document = try handle(fields["document"], prefix: "d") else { return nil }
      return .switchDocument(document, try value())
    case "calculate":
      guard let calculation = try handle(fields["calculation"], prefix: "c") else { return nil }
      return .calculate(calculation)
    case "deliver":
      guard let calculation = try handle(fields["calculation"], prefix: "c") else { return nil }
      return .deliver(calculation, try value())
    case "items":
      guard
        let items = try pairs(
          fields["items"], what: "items", example: "an item and its value (a=10)",
          value: { (text) throws(Failure) in
            guard let value = Int(text) else {
              throw Failure(reason: "'\(text)' is not an item's whole-number value (a=10)")
            }
            return value
          })
      else { return nil }
      guard !items.isEmpty else { throw Failure(reason: "the items load names no items") }
      return .items(items.map { ItemValue(id: $0.id, value: $0.value) })
    case "select":
      guard let ids = try handles(fields["items"], what: "items") else { return nil }
      guard !ids.isEmpty else { throw Failure(reason: "the selection names no items") }
      return .select(ids)
    case "wait":
      return .wait(.fixed(milliseconds: try milliseconds(fields)))
    default:
      throw Failure(reason: "unknown undo-history action '\(name)'")
    }
  }

  /// The `milliseconds` of a `wait` event, checked.
  private static func milliseconds(_ fields: [String: Any]) throws(Failure) -> Int {
    guard let milliseconds = fields["milliseconds"] as? Int,
      (0...WaitLength.longest).contains(milliseconds)
    else {
      throw Failure(reason: "'wait' has no whole number of milliseconds from 0 to one day")
    }
    return milliseconds
  }
}
