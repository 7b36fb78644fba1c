import Contracts
import ReferenceModels

extension Fault {
  /// "With Starred only on, a row I had just starred came back unstarred": hiding a row resets
  /// its record to the confirmed value, dropping its write in flight.
  public static let filterDropsHiddenWrites = Fault.optimisticUpdates(
    "filter-drops-hidden-writes", in: "reference favourites",
    symptom: "with Starred only on, a row I had just starred came back unstarred",
    expectedClass: .recordIdentity
  ) { HiddenRowResettingFavorites() }
}

/// The bug: the filter rebuilds the records it hides from their confirmed values, as if their
/// rows were the records.
final class HiddenRowResettingFavorites: ReferenceFavorites {
  override func hide(_ state: inout FavoriteState) {
    state = FavoriteState(state.confirmed)
  }
}
