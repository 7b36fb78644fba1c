extension ContractSuite {
  /// Returns the suite with every record, item and document id replaced by `rename(id)`.
  ///
  /// Ids are renamed in actions, expectation keys (`id.field`) and `order` lists; request and
  /// calculation names are kept. `rename` must map distinct ids to distinct valid ids (letters, digits, `-`, `_`).
  public func renamingIdentifiers(_ rename: (String) -> String) -> ContractSuite {
    var renamed = self
    renamed.cases = cases.map { contractCase in
      var copy = contractCase
      copy.steps = contractCase.steps.map { $0.renamingIdentifiers(rename) }
      copy.packSteps()
      return copy
    }
    return renamed
  }
}

extension ContractStep {
  /// The step with record and document ids renamed; see `ContractSuite.renamingIdentifiers`.
  public func renamingIdentifiers(_ rename: (String) -> String) -> ContractStep {
    var copy = self
    copy.action = action.renamingIdentifiers(rename)
    copy.expectations = expectations.map { $0.renamingIdentifiers(rename) }
    copy.variants = variants.map { variant in
      var renamed = variant
      renamed.expectations = variant.expectations.map { $0.renamingIdentifiers(rename) }
      return renamed
    }
    copy.captures = captures.map { capture in
      var renamed = capture
      renamed.key = Self.renaming(key: capture.key, rename)
      return renamed
    }
    return copy
  }
}

extension Expectation {
  /// The expectation with the record id of its key and the ids of an `order` list renamed.
  fileprivate func renamingIdentifiers(_ rename: (String) -> String) -> Expectation {
    var renamed = self
    renamed.key = ContractStep.renaming(key: key, rename)
    if case .literal(.list(let ids)) = operand {
      renamed.operand = .literal(.list(ids.map(rename)))
    }
    return renamed
  }
}

extension ContractStep {
  /// `id.field` with the id renamed; other keys unchanged.
  fileprivate static func renaming(key: String, _ rename: (String) -> String) -> String {
    let parts = key.split(separator: ".", maxSplits: 1)
    return parts.count == 2 ? "\(rename(String(parts[0]))).\(parts[1])" : key
  }
}

extension ContractAction {
  /// The action with record and document ids renamed.
  public func renamingIdentifiers(_ rename: (String) -> String) -> ContractAction {
    switch self {
    case .undoHistory(.switchDocument(let document, let value)):
      return .undoHistory(.switchDocument(rename(document), value))
    case .undoHistory(.items(let items)):
      return .undoHistory(.items(items.map { ItemValue(id: rename($0.id), value: $0.value) }))
    case .undoHistory(.select(let ids)):
      return .undoHistory(.select(ids.map(rename)))
    case .undoHistory:
      return self
    case .optimistic(let action):
      switch action {
      case .records(let values):
        return .optimistic(
          .records(
            values.map {
              RecordValue(id: rename($0.id), value: $0.value, entity: $0.entity.map(rename))
            }))
      case .session(let values):
        return .optimistic(
          .session(
            values.map {
              RecordValue(id: rename($0.id), value: $0.value, entity: $0.entity.map(rename))
            }))
      case .tap(let record, let request):
        return .optimistic(.tap(record: rename(record), request: request))
      case .sort(let order):
        return .optimistic(.sort(order.map(rename)))
      case .sync(let record, let request):
        return .optimistic(.sync(record: rename(record), request: request))
      case .syncRoundTrip(let record, let value):
        return .optimistic(.syncRoundTrip(record: rename(record), value: value))
      case .read(let record, let request):
        return .optimistic(.read(record: rename(record), request: request))
      case .respondToRefresh(let request, .list(let values)):
        return .optimistic(
          .respondToRefresh(
            request: request,
            outcome: .list(values.map { RecordValue(id: rename($0.id), value: $0.value) })))
      case .batch(let records, let request):
        return .optimistic(.batch(records: records.map(rename), request: request))
      case .respondToBatch(let request, .saved(let values)):
        return .optimistic(
          .respondToBatch(
            request: request,
            outcome: .saved(values.map { RecordValue(id: rename($0.id), value: $0.value) })))
      case .respondToBatch(let request, .each(let outcomes)):
        return .optimistic(
          .respondToBatch(
            request: request,
            outcome: .each(
              outcomes.map { BatchRecordOutcome(id: rename($0.id), outcome: $0.outcome) })))
      case .choose(let record, let value, let request):
        return .optimistic(.choose(record: rename(record), value: value, request: request))
      case .confirm(let record, let request):
        return .optimistic(.confirm(record: rename(record), request: request))
      case .decline(let record):
        return .optimistic(.decline(record: rename(record)))
      case .respond, .respondToSync, .cancel, .filter, .refresh, .respondToRefresh,
        .respondToBatch:
        return self
      case .wait:
        return self
      }
    }
  }
}
