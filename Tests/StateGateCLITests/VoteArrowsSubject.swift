// docs/subjects.md shows this file from here to its end, verbatim; a test keeps the two the same.
import Contracts

/// A post's vote arrows, as a Lemmy client has them: no vote, up or down.
///
/// One write per post at a time; an unknown outcome withdraws the vote until a read answers.
final class VoteArrowsSubject: OptimisticUpdateSubject {
  struct Post {
    var confirmed: OptimisticValue
    var shown: OptimisticValue
    var pending: Int?
    var needsRead = false
  }

  private var posts: [String: Post] = [:]
  private(set) var order: [String] = []
  /// Each request's post, and the vote a write sends.
  private var writes: [Int: (post: String, vote: OptimisticValue)] = [:]
  private var reads: [Int: String] = [:]
  private var newestRead: [String: Int] = [:]
  private var nextRequest = 1

  // The vote control's own words: no vote first (what a tap returns to), then up, then down.
  var choices: [OptimisticValue] { [.off, "up", "down"] }
  // The built-in cases say `on` for the value a tap asks for on an unvoted post: here, up.
  var valueWords: [String: String] { ["on": "up"] }

  func load(_ records: [RecordValue]) {
    for record in records {
      posts[record.id] = Post(confirmed: record.value, shown: record.value)
    }
    order = records.map(\.id)
  }

  func tap(record id: String) -> AnyHashable? {
    guard var post = posts[id], post.pending == nil, !post.needsRead else { return nil }
    let request = nextRequest
    nextRequest += 1
    post.shown = valueAfterTap(showing: post.shown)
    post.pending = request
    writes[request] = (id, post.shown)
    posts[id] = post
    return request
  }

  func respond(to request: AnyHashable, with outcome: ServerOutcome) {
    guard let number = request as? Int, let id = writes[number]?.post, var post = posts[id],
      post.pending == number
    else { return }
    post.pending = nil
    switch outcome {
    case .saved(let vote): post.confirmed = vote
    case .rejected: break
    case .unknown: post.needsRead = true
    }
    post.shown = post.confirmed
    posts[id] = post
  }

  func startSync(record id: String) -> AnyHashable? {
    guard posts[id] != nil else { return nil }
    let request = nextRequest
    nextRequest += 1
    reads[request] = id
    newestRead[id] = request
    return request
  }

  func respond(toSync request: AnyHashable, with outcome: SyncOutcome) {
    guard let number = request as? Int, let id = reads.removeValue(forKey: number),
      newestRead[id] == number, var post = posts[id], case .value(let vote) = outcome
    else { return }
    post.confirmed = vote
    post.needsRead = false
    if post.pending == nil { post.shown = vote }  // a write in flight stays shown
    posts[id] = post
  }

  func state(of id: String) -> RecordState? {
    guard let post = posts[id] else { return nil }
    return RecordState(
      confirmed: post.confirmed, displayed: post.shown, pendingRequest: post.pending,
      needsSync: post.needsRead, isSaving: post.pending != nil,
      isTapEnabled: post.pending == nil && !post.needsRead)
  }
}
