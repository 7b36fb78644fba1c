/// The reference list's view model: the rows in display order, as the user sees them.
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

    /// Creates a row.
    public init(id: String, displayed: Bool, isSaving: Bool, isTapEnabled: Bool) {
      self.id = id
      self.displayed = displayed
      self.isSaving = isSaving
      self.isTapEnabled = isTapEnabled
    }
  }

  /// The rows in display order.
  public private(set) var rows: [Row] = []

  /// Creates an empty list.
  public init() {}

  /// Shows these rows, in this order.
  public func show(_ rows: [Row]) {
    self.rows = rows
  }

  /// Replaces each row whose id `updated` holds, keeping the order.
  public func update(_ updated: [String: Row]) {
    rows = rows.map { updated[$0.id] ?? $0 }
  }

  /// Re-sorts the rows into `order`; rows not named keep their relative order after them.
  public func reorder(_ order: [String]) {
    let byID = Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let named = Set(order)
    rows = order.compactMap { byID[$0] } + rows.filter { !named.contains($0.id) }
  }

  /// The row showing record `id`.
  public func row(for id: String) -> Row? {
    rows.first { $0.id == id }
  }
}
