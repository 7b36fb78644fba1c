/// The reference list's view model: rows in display order, each bound to its record's state.
@MainActor
public final class FavoritesListViewModel {
  /// One row as the user sees it.
  public struct Row: Hashable, Sendable {
    /// The record the row shows, by id.
    public var id: String
    /// Whether the star is filled.
    public var displayed: Bool
    /// Whether the saving indicator shows.
    public var isSaving: Bool
    /// Whether the star accepts taps.
    public var isTapEnabled: Bool
  }

  /// The rows in display order.
  public private(set) var rows: [Row] = []

  /// Creates an empty list.
  public init() {}

  /// Replaces the rows with `order`, bound to `states`.
  public func reload(order: [String], states: [String: FavoriteState]) {
    rows = order.map { Row(id: $0, displayed: false, isSaving: false, isTapEnabled: false) }
    refresh(from: states)
  }

  /// Re-derives every row from its record's state, found by id.
  ///
  /// - Parameters:
  ///   - states: The records' states by id.
  ///   - savingOverride: Saving indicators driven by something other than pending (only the
  ///     `saving-not-bound` fault passes them).
  ///   - tapLock: Whether all taps are blocked (only the `global-pending-flag` fault sets it).
  public func refresh(
    from states: [String: FavoriteState], savingOverride: Set<String>? = nil, tapLock: Bool = false
  ) {
    rows = rows.map { row in
      guard let state = states[row.id] else { return row }
      return Row(
        id: row.id, displayed: state.visible,
        isSaving: savingOverride.map { $0.contains(row.id) } ?? (state.pending != nil),
        isTapEnabled: state.pending == nil && !state.needsSync && !tapLock)
    }
  }

  /// Re-sorts the rows into `order`; ids not in the list are ignored.
  public func reorder(_ order: [String]) {
    let byID = Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let sorted = order.compactMap { byID[$0] }
    let rest = rows.filter { !order.contains($0.id) }
    rows = sorted + rest
  }

  /// The row showing record `id`.
  public func row(for id: String) -> Row? {
    rows.first { $0.id == id }
  }
}
