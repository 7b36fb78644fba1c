import Contracts
import ReferenceModels

extension Fault {
  /// "I pressed the downvote arrow and the post got an upvote": the downvote arrow asks for an
  /// upvote, as a vote control once did in a Lemmy client.
  public static let downvoteSendsUp = Fault.optimisticUpdates(
    "downvote-sends-up", in: "reference vote arrows",
    symptom: "I pressed the downvote arrow and the post got an upvote",
    expectedClass: .controlIntent
  ) { UpvotingDownArrows() }
}

/// The bug: the downvote arrow runs the upvote arrow's action — an upvote on a post without it,
/// the vote taken away on an upvoted post — so picking `down` shows and sends `up` or `off`; the
/// upvote arrow and taps are right.
final class UpvotingDownArrows: ReferenceFavorites {
  init() {
    super.init(choices: ReferenceVoteArrows.votes)
  }

  override var valueWords: [String: String] { ["on": "up", "close-friends": "down"] }

  override func choose(_ value: OptimisticValue, record id: String) -> AnyHashable? {
    guard value == "down", let shown = state(of: id)?.displayed else {
      return super.choose(value, record: id)
    }
    return super.choose(shown == "up" ? .off : "up", record: id)
  }
}
