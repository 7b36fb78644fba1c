import Contracts
import Foundation

/// A starred to-do list written independently of the reference: every request (a star write or
/// a refresh) gets a UUID and remembers its item and session; each item keeps the token of its
/// write and of its refresh in flight; rows are a separate layer rebuilt by `renderRows()`.
@MainActor
class StarredTodos: OptimisticUpdateSubject {
  /// One to-do item's star.
  struct Item {
    var id: String
    var serverStar: Bool
    var shownStar: Bool
    var write: UUID?
    var refresh: UUID?
    var mustRefresh = false
  }

  /// One row on screen.
  struct Row {
    var id: String
    var star: Bool
    var spinner: Bool
    var enabled: Bool
  }

  /// What a request was for.
  struct Request {
    var item: String
    var session: UUID
  }

  var items: [String: Item] = [:]
  var rowOrder: [String] = []
  var rows: [String: Row] = [:]
  var requests: [UUID: Request] = [:]
  var session = UUID()

  init() {}

  var capabilities: Set<SubjectCapability> { [.cancellation, .sorting, .sessions, .uiLayer] }
  var order: [String] { rowOrder }

  func load(_ records: [RecordValue]) {
    for record in records {
      items[record.id] = Item(
        id: record.id, serverStar: record.value.isOn, shownStar: record.value.isOn)
    }
    rowOrder = records.map(\.id)
    renderRows()
  }

  func tap(record id: String) -> AnyHashable? {
    guard var item = items[id], canWrite(item) else { return nil }
    let token = UUID()
    requests[token] = Request(item: id, session: session)
    item.write = token
    item.shownStar.toggle()
    items[id] = item
    renderRows()
    return token
  }

  /// Whether a tap on `item` may send a write.
  func canWrite(_ item: Item) -> Bool {
    item.write == nil && !item.mustRefresh
  }

  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let token = request as? UUID, let id = current(token), var item = items[id],
      item.write == token
    else { return }
    settle(&item, outcome)
    items[id] = item
    renderRows()
  }

  /// Applies a write's answer to its item.
  func settle(_ item: inout Item, _ outcome: ServerOutcome) {
    item.write = nil
    switch outcome {
    case .saved(let star):
      item.serverStar = star.isOn
      item.shownStar = star.isOn
    case .rejected:
      item.shownStar = item.serverStar
    case .unknown:
      item.shownStar = item.serverStar
      item.mustRefresh = true
    }
  }

  func startSync(record id: String) -> AnyHashable? {
    guard items[id] != nil else { return nil }
    let token = UUID()
    requests[token] = Request(item: id, session: session)
    items[id]?.refresh = token
    return token
  }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    guard let token = request as? UUID, let id = current(token), var item = items[id],
      refreshMatches(item, token)
    else { return }
    item.refresh = nil
    if case .value(let star) = outcome {
      adopt(&item, star.isOn)
    }
    items[id] = item
    renderRows()
  }

  /// Whether a refresh answer with `token` belongs to `item`'s refresh in flight.
  func refreshMatches(_ item: Item, _ token: UUID) -> Bool {
    item.refresh == token
  }

  /// A refresh read `star` from the server.
  func adopt(_ item: inout Item, _ star: Bool) {
    item.serverStar = star
    if item.write == nil {
      item.shownStar = star
    }
    item.mustRefresh = false
  }

  func cancel(request: AnyHashable) {
    guard let token = request as? UUID, let id = current(token), var item = items[id],
      item.write == token
    else { return }
    item.write = nil
    item.shownStar = item.serverStar
    item.mustRefresh = true
    items[id] = item
    renderRows()
  }

  func reorder(to order: [String]) {
    rowOrder = order.filter { items[$0] != nil } + rowOrder.filter { !order.contains($0) }
  }

  func replaceSession(with records: [RecordValue]) {
    session = UUID()
    items = [:]
    load(records)
  }

  /// The item a request is for, if it belongs to the current session.
  func current(_ token: UUID) -> String? {
    guard let request = requests[token], request.session == session else { return nil }
    return request.item
  }

  /// Rebuilds every row from its item.
  func renderRows() {
    rows = [:]
    for (id, item) in items {
      rows[id] = Row(
        id: id, star: item.shownStar, spinner: item.write != nil, enabled: canWrite(item))
    }
  }

  func state(of id: String) -> RecordState? {
    guard let item = items[id], let row = rows[id] else { return nil }
    return RecordState(
      confirmed: item.serverStar, displayed: row.star, pendingRequest: item.write,
      needsSync: item.mustRefresh, isSaving: row.spinner, isTapEnabled: row.enabled)
  }
}

/// One bug: a rejection rolls the star back but leaves the write pending.
@MainActor
final class StarredTodosKeepingRejectedWrite: StarredTodos {
  override func settle(_ item: inout Item, _ outcome: ServerOutcome) {
    if case .rejected = outcome {
      item.shownStar = item.serverStar
      return
    }
    super.settle(&item, outcome)
  }
}

/// One bug: any refresh answer for an item applies, whatever refresh it answers.
@MainActor
final class StarredTodosAcceptingAnyRefresh: StarredTodos {
  override func refreshMatches(_ item: Item, _ token: UUID) -> Bool { true }
}

/// One bug: a refresh adopts the server's star but leaves the item blocked.
@MainActor
final class StarredTodosStayingBlocked: StarredTodos {
  override func adopt(_ item: inout Item, _ star: Bool) {
    item.serverStar = star
    if item.write == nil {
      item.shownStar = star
    }
  }
}

/// One bug: success shows the user's intent.
@MainActor
final class StarredTodosKeepingIntent: StarredTodos {
  override func settle(_ item: inout Item, _ outcome: ServerOutcome) {
    if case .saved = outcome {
      item.write = nil
      item.serverStar = item.shownStar
      return
    }
    super.settle(&item, outcome)
  }
}

/// One bug: one write in flight blocks every item.
@MainActor
final class StarredTodosWithOneGate: StarredTodos {
  override func canWrite(_ item: Item) -> Bool {
    !item.mustRefresh && !items.values.contains { $0.write != nil }
  }
}

/// One bug: a timeout is handled like a rejection.
@MainActor
final class StarredTodosRollingBackTimeouts: StarredTodos {
  override func settle(_ item: inout Item, _ outcome: ServerOutcome) {
    super.settle(&item, outcome == .unknown ? .rejected : outcome)
  }
}

/// One bug: the spinner is not cleared when a write fails.
@MainActor
final class StarredTodosWithStuckSpinner: StarredTodos {
  private var spinning: Set<String> = []

  override func tap(record id: String) -> AnyHashable? {
    let token = super.tap(record: id)
    if token != nil {
      spinning.insert(id)
      renderRows()
    }
    return token
  }

  override func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    if case .saved = outcome, let token = request as? UUID, let id = requests[token]?.item {
      spinning.remove(id)
    }
    super.respond(to: request, with: outcome)
  }

  override func renderRows() {
    super.renderRows()
    for id in spinning {
      rows[id]?.spinner = true
    }
  }
}

/// One bug: signing in again keeps the writes in flight.
@MainActor
final class StarredTodosKeepingWritesAcrossSessions: StarredTodos {
  override func replaceSession(with records: [RecordValue]) {
    let writes = items.mapValues(\.write)
    super.replaceSession(with: records)
    for (id, write) in writes where items[id] != nil {
      items[id]?.write = write
    }
    renderRows()
  }
}

/// One bug: a failed refresh unblocks the item as if it had read a value.
@MainActor
final class StarredTodosUnblockingOnFailedRefresh: StarredTodos {
  override func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    super.respond(toSync: request, with: outcome)
    if outcome == .failed, let token = request as? UUID, let id = requests[token]?.item {
      items[id]?.mustRefresh = false
      renderRows()
    }
  }
}

/// One bug: a business-rule rejection is handled like a timeout.
@MainActor
final class StarredTodosRejectionAsUnknown: StarredTodos {
  override func settle(_ item: inout Item, _ outcome: ServerOutcome) {
    super.settle(&item, outcome == .rejected ? .unknown : outcome)
  }
}

/// A list that only refreshes an item when one is due (not a bug a class names: it declines
/// syncs the contract lets a user start at any time).
@MainActor
final class StarredTodosRefreshingOnlyWhenDue: StarredTodos {
  override func startSync(record id: String) -> AnyHashable? {
    guard items[id]?.mustRefresh == true else { return nil }
    return super.startSync(record: id)
  }
}
