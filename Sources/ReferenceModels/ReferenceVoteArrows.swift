import Contracts

/// The reference vote control: a post's arrows, as in a Lemmy client — no vote (`off`), an
/// upvote (`up`) or a downvote (`down`).
///
/// A tap on the upvote arrow of an unvoted post votes up; a tap on a voted post takes the vote
/// away; `set` picks either vote. It is the reference favourites list in its own words: the
/// built-in cases, written with on/off, run on it with `on` read as `up`
/// and `close-friends` as `down` (``valueWords``), so a three-valued control is tested by every built-in optimistic case.
@MainActor
public final class ReferenceVoteArrows: ReferenceFavorites {
  /// The control's values, the resting one first.
  public static let votes: [OptimisticValue] = [.off, "up", "down"]

  /// Creates a vote list.
  public init() {
    super.init(choices: Self.votes)
  }

  /// `on` is an upvote, the value a tap asks for on an unvoted post; the follow list's other
  /// choice, `close-friends`, is a downvote, so the cases that pick a third value run too.
  public override var valueWords: [String: String] { ["on": "up", "close-friends": "down"] }
}
