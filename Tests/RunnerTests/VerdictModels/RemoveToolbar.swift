import Contracts

/// A reading list whose toolbar asks before it removes an item.
///
/// Written against the protocol alone, it declares the confirmation rule removal-asks-first:
/// removing an item opens a "Remove from list?" sheet on its row, adding writes at once.
@MainActor
class RemoveToolbar: OptimisticUpdateSubject {
  /// What the toolbar shows for one item.
  struct Entry {
    var onServer: OptimisticValue
    var request: Int?
    var requested: OptimisticValue?
    var outOfDate = false
    /// The open "Remove from list?" sheet: the value it would write.
    var sheet: OptimisticValue?

    var busy: Bool { request != nil }
  }

  var entries: [String: Entry] = [:]
  var listed: [String] = []
  var forRequest: [Int: String] = [:]
  var lookups: [String: Int] = [:]
  var counter = 0

  init() {}

  var confirmationRule: ConfirmationRule { .beforeRemoving }
  var order: [String] { listed }

  func load(_ records: [RecordValue]) {
    for record in records { entries[record.id] = Entry(onServer: record.value) }
    listed = records.map(\.id)
  }

  func tap(record id: String) -> AnyHashable? {
    guard let entry = entries[id], !entry.busy, !entry.outOfDate, entry.sheet == nil else {
      return nil
    }
    let wanted = valueAfterTap(showing: entry.onServer)
    guard confirmationRule.asks(writing: wanted, choices: choices) else {
      return write(wanted, for: id)
    }
    entries[id]?.sheet = wanted
    return nil
  }

  func confirm(record id: String) -> AnyHashable? {
    guard let wanted = entries[id]?.sheet else { return nil }
    entries[id]?.sheet = nil
    return write(wanted, for: id)
  }

  func decline(record id: String) {
    entries[id]?.sheet = nil
  }

  /// Sends a write of `value` for `id`, if the item takes one now.
  func write(_ value: OptimisticValue, for id: String) -> AnyHashable? {
    guard let entry = entries[id], !entry.busy, !entry.outOfDate, entry.onServer != value else {
      return nil
    }
    counter += 1
    forRequest[counter] = id
    entries[id]?.request = counter
    entries[id]?.requested = value
    return counter
  }

  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let number = request as? Int, let id = forRequest[number], var entry = entries[id],
      entry.request == number
    else { return }
    entry.request = nil
    entry.requested = nil
    switch outcome {
    case .saved(let value): entry.onServer = value
    case .rejected: break
    case .unknown: entry.outOfDate = true
    }
    entries[id] = entry
  }

  func startSync(record id: String) -> AnyHashable? {
    guard entries[id] != nil else { return nil }
    counter += 1
    forRequest[counter] = id
    lookups[id] = counter
    return counter
  }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    guard let number = request as? Int, let id = forRequest[number], lookups[id] == number
    else { return }
    lookups[id] = nil
    guard case .value(let value) = outcome else { return }
    entries[id]?.onServer = value
    entries[id]?.outOfDate = false
  }

  /// The value the item's row shows.
  func shown(_ entry: Entry) -> OptimisticValue {
    entry.requested ?? entry.onServer
  }

  func state(of id: String) -> RecordState? {
    guard let entry = entries[id] else { return nil }
    return RecordState(
      confirmed: entry.onServer, displayed: shown(entry),
      pendingRequest: entry.request.map(AnyHashable.init), needsSync: entry.outOfDate,
      isSaving: entry.busy, isTapEnabled: !entry.busy && !entry.outOfDate,
      isAsking: entry.sheet != nil)
  }
}

/// One bug: the sheet's Cancel button is wired to the Remove action, so declining removes.
@MainActor
final class RemoveToolbarRemovingOnCancel: RemoveToolbar {
  override func decline(record id: String) {
    _ = confirm(record: id)
  }
}

/// One bug: while the sheet is open the row already shows the item removed.
@MainActor
final class RemoveToolbarHidingWhileAsking: RemoveToolbar {
  override func shown(_ entry: Entry) -> OptimisticValue {
    entry.sheet ?? super.shown(entry)
  }
}
