import Contracts

/// The reference list's view model: the rows in display order, as the user sees them.
///
/// A filter hides rows without forgetting them: every record keeps its row, shown or not, so a
/// record comes back as it is when the filter is cleared.
@MainActor
public final class FavoritesListViewModel {
  /// One row as the user sees it.
  public struct Row: Hashable, Sendable {
    /// The record the row shows, by id.
    public var id: String
    /// Whether the star is filled.
    public var displayed: OptimisticValue
    /// Whether the saving indicator shows.
    public var isSaving: Bool
    /// Whether the star accepts taps.
    public var isTapEnabled: Bool

    /// Creates a row.
    public init(id: String, displayed: OptimisticValue, isSaving: Bool, isTapEnabled: Bool) {
      self.id = id
      self.displayed = displayed
      self.isSaving = isSaving
      self.isTapEnabled = isTapEnabled
    }
  }

  /// Every row in display order, hidden ones included.
  public private(set) var allRows: [Row] = []
  /// The shown value the filter keeps, or `nil` when every row shows.
  public private(set) var filter: OptimisticValue?

  /// Creates an empty list.
  public init() {}

  /// The rows shown, in display order: those the filter keeps.
  public var rows: [Row] {
    guard let filter else { return allRows }
    return allRows.filter { $0.displayed == filter }
  }

  /// Shows these rows, in this order.
  public func show(_ rows: [Row]) {
    allRows = rows
  }

  /// Replaces each row whose id `updated` holds, keeping the order.
  public func update(_ updated: [String: Row]) {
    allRows = allRows.map { updated[$0.id] ?? $0 }
  }

  /// Re-sorts the rows into `order`; rows not named keep their relative order after them.
  public func reorder(_ order: [String]) {
    let byID = Dictionary(allRows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let named = Set(order)
    allRows = order.compactMap { byID[$0] } + allRows.filter { !named.contains($0.id) }
  }

  /// Shows only the rows whose star is `value`, or every row when `nil`; as stars change, rows
  /// leave and come back.
  public func showOnly(_ value: OptimisticValue?) {
    filter = value
  }

  /// The row of record `id`, shown or hidden by the filter.
  public func row(for id: String) -> Row? {
    allRows.first { $0.id == id }
  }

  /// Whether record `id` has a row the filter shows.
  public func isShown(_ id: String) -> Bool {
    row(for: id).map { filter == nil || $0.displayed == filter } ?? false
  }
}
