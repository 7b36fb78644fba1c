/// Turns optimistic-update actions into calls on a subject: the one place a step meets the
/// subject's API, shared by the runner's session and the explorer (which keep only their
/// judging: which request a tap should send, what each row must show).
///
/// It keeps the token the subject gave each named request, so an answer or a cancel reaches
/// the request its name names. A step that sends a request registers the token under the
/// action's name; a request the caller names otherwise (a write the app sent by itself, a
/// read it started, a request the explorer names by its own account) is registered with
/// ``register(_:as:)``.
///
/// Under `automatic-reads` a `read` step names a read the app has already started: it calls
/// nothing, and the caller names the read. Otherwise a `read` starts a sync of its record.
package struct OptimisticDriver {
  /// What an action did at the subject.
  package enum Outcome {
    /// The action sends no request, or names a read the app started by itself.
    case done
    /// The action asked the subject to send a request: the token it sent it with, `nil` when
    /// it sent none.
    case sent(AnyHashable?)
    /// The action answers or cancels the request of this name, which was never sent (no token
    /// has the name): nothing was called.
    case unsent(String)
  }

  private let readsByItself: Bool
  private var tokens: [String: AnyHashable] = [:]

  /// A driver for `subject` that knows no request yet.
  @MainActor
  package init(for subject: any OptimisticUpdateSubject) {
    readsByItself = subject.capabilities.contains(.automaticReads)
  }

  /// The token the request named `name` was last registered with.
  package func token(named name: String) -> AnyHashable? {
    tokens[name]
  }

  /// Gives `token` the name `name`: answers and cancels naming it reach `token` from now on.
  package mutating func register(_ token: AnyHashable, as name: String) {
    tokens[name] = token
  }

  /// Calls `subject` for `action`; a `wait` moves `clock` on by its length, read against the
  /// subject's write timeout.
  @MainActor
  package mutating func apply(
    _ action: OptimisticAction, to subject: any OptimisticUpdateSubject, clock: VirtualClock
  ) -> Outcome {
    switch action {
    case .records(let values):
      subject.load(values)
    case .tap(let record, let name):
      return sent(subject.tap(record: record), as: name)
    case .respond(let name, let outcome):
      guard let token = tokens[name] else { return .unsent(name) }
      subject.respond(to: token, with: outcome)
    case .cancel(let name):
      guard let token = tokens[name] else { return .unsent(name) }
      subject.cancel(request: token)
    case .sort(let order):
      subject.reorder(to: order)
    case .session(let values):
      subject.replaceSession(with: values)
    case .sync(let record, let name):
      return sent(subject.startSync(record: record), as: name)
    case .respondToSync(let name, let outcome):
      guard let token = tokens[name] else { return .unsent(name) }
      subject.respond(toSync: token, with: outcome)
    case .syncRoundTrip(let record, let value):
      let token = subject.startSync(record: record)
      if let token {
        subject.respond(toSync: token, with: .value(value))
      }
      return .sent(token)
    case .read(let record, let name):
      guard readsByItself else { return sent(subject.startSync(record: record), as: name) }
    case .filter(let value):
      subject.filter(showing: value)
    case .refresh(let name):
      return sent(subject.startRefresh(), as: name)
    case .respondToRefresh(let name, let outcome):
      guard let token = tokens[name] else { return .unsent(name) }
      subject.respond(toRefresh: token, with: outcome)
    case .batch(let records, let name):
      return sent(subject.tapAll(records: records), as: name)
    case .respondToBatch(let name, let outcome):
      guard let token = tokens[name] else { return .unsent(name) }
      subject.respond(toBatch: token, with: outcome)
    case .choose(let record, let value, let name):
      return sent(subject.choose(value, record: record), as: name)
    case .wait(let length):
      clock.advance(by: length.duration(timeout: subject.writeTimeout))
    case .confirm(let record, let name):
      return sent(subject.confirm(record: record), as: name)
    case .decline(let record):
      subject.decline(record: record)
    }
    return .done
  }

  /// The outcome of a step that sent `token`, registered under `name` when both are there.
  private mutating func sent(_ token: AnyHashable?, as name: String?) -> Outcome {
    if let name, let token {
      tokens[name] = token
    }
    return .sent(token)
  }
}
