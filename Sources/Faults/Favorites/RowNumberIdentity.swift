import Contracts
import ReferenceModels

extension Fault {
  /// "After sorting, the wrong row got starred": an answer finds its record by row number.
  public static let rowNumberIdentity = Fault.optimisticUpdates(
    "row-number-identity", in: "reference favourites",
    symptom: "after sorting, the wrong row got starred", expectedClass: .recordIdentity
  ) { RowAddressedFavorites() }
}

/// The bug: the request remembers the row it was tapped in, and the answer goes to whatever
/// record is in that row now.
final class RowAddressedFavorites: ReferenceFavorites {
  private var rowOfTicket: [Int: Int] = [:]

  override func tap(record id: String) -> AnyHashable? {
    let row = list.rows.firstIndex { $0.id == id }
    let token = super.tap(record: id)
    if let token, let request = request(of: token) {
      rowOfTicket[request.ticket] = row
    }
    return token
  }

  override func record(answeredBy request: Request) -> String? {
    guard !request.isSync, let row = rowOfTicket[request.ticket] else {
      return super.record(answeredBy: request)
    }
    return list.rows.indices.contains(row) ? list.rows[row].id : nil
  }
}
