/// The contract's kinds of action an explorer generates, in the order its coverage lists them.
///
/// An explorer's steps are the contract's actions (``UndoHistoryAction/Kind``,
/// ``OptimisticAction/Kind``) with relative handles in place of names; this list says which of
/// the contract's kinds it generates and where coverage counts each, so no explorer re-declares
/// the contract's kinds.
struct GeneratedKinds<Kind: RawRepresentable & Hashable & Sendable>: Sendable
where Kind.RawValue == Int {
  /// The kinds, in coverage order.
  let kinds: [Kind]
  /// Each kind's place in ``kinds``, by raw value; `-1` for a kind not generated.
  private let places: [Int]

  /// A list of `kinds`, each once, in coverage order.
  init(_ kinds: [Kind]) {
    precondition(Set(kinds).count == kinds.count, "a kind is listed twice")
    self.kinds = kinds
    var places = Array(repeating: -1, count: (kinds.map(\.rawValue).max() ?? -1) + 1)
    for (place, kind) in kinds.enumerated() { places[kind.rawValue] = place }
    self.places = places
  }

  /// The place of `kind` in coverage order; `kind` must be one of ``kinds``.
  func place(of kind: Kind) -> Int {
    let place = places.indices.contains(kind.rawValue) ? places[kind.rawValue] : -1
    precondition(place >= 0, "an explorer performed a kind of step it does not generate")
    return place
  }
}
