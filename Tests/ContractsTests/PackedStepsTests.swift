import Testing

@testable import Contracts

/// Packed steps give back exactly the steps they were made from.
@Suite("Packed steps")
struct PackedStepsTests {
  @Test("Every built-in case unpacks to the steps it was parsed as")
  func builtInCasesRoundTrip() throws {
    for fileName in BuiltInSuites.fileNames {
      let text = try #require(BuiltInSuites.text(ofFile: fileName))
      let suite = try SuiteReader.parse(text, source: fileName)
      for contractCase in suite.cases {
        let steps = contractCase.steps
        #expect(PackedSteps(steps).steps == steps, "\(fileName): \(contractCase.id)")
        var expanded = contractCase
        expanded.steps = steps
        #expect(expanded == contractCase, "a packed case equals the same case unpacked")
        #expect(
          try SuiteReader.parse(
            contractCase.suiteText(suiteID: suite.id, family: suite.family), source: "again"
          ).cases.first?.steps.map(\.text) == steps.map(\.text))
      }
    }
  }

  @Test("Every action, value and number survives packing, negative and large ones too")
  func everyShapeRoundTrips() {
    let actions: [ContractAction] = [
      .undoHistory(.adjust(-7)), .undoHistory(.dragBegan), .undoHistory(.dragMoved(1 << 40)),
      .undoHistory(.dragEnded), .undoHistory(.dragCancelled), .undoHistory(.load(Int.min)),
      .undoHistory(.switchDocument("doc-é", Int.max)), .undoHistory(.undo), .undoHistory(.redo),
      .undoHistory(.calculate("c1")), .undoHistory(.deliver("c1", 0)), .undoHistory(.levels(3)),
      .optimistic(
        .records([RecordValue(id: "a", value: true), RecordValue(id: "b", value: false)])),
      .optimistic(.tap(record: "a", request: nil)), .optimistic(.tap(record: "a", request: "r1")),
      .optimistic(.respond(request: "r1", outcome: .saved(true))),
      .optimistic(.respond(request: "r1", outcome: .saved(false))),
      .optimistic(.respond(request: "r1", outcome: .rejected)),
      .optimistic(.respond(request: "r1", outcome: .unknown)), .optimistic(.cancel(request: "r1")),
      .optimistic(.sort(["b", "a"])), .optimistic(.session([])),
      .optimistic(.sync(record: "a", request: "s1")), .optimistic(.sync(record: "a", request: nil)),
      .optimistic(.respondToSync(request: "s1", outcome: .value(true))),
      .optimistic(.respondToSync(request: "s1", outcome: .value(false))),
      .optimistic(.respondToSync(request: "s1", outcome: .failed)),
      .optimistic(.syncRoundTrip(record: "a", value: true)),
    ]
    let values: [StateValue] = [
      .int(-1), .int(300), .bool(true), .bool(false), .text(""), .list([]),
    ]
    let steps = actions.enumerated().map { index, action in
      ContractStep(
        action: action,
        expectations: [
          Expectation(key: "k\(index)", operand: .literal(values[index % values.count]), column: 9),
          Expectation(key: "value", relation: .notEqual, operand: .capture("start"), column: 300),
        ],
        captures: index.isMultiple(of: 3) ? [Capture(key: "value", name: "start", column: 2)] : [],
        line: index.isMultiple(of: 5) ? 1 : 10 * index)
    }
    #expect(PackedSteps(steps).steps == steps)
    #expect(PackedSteps([]).steps.isEmpty)
  }

  @Test("Appending to a packed case's steps keeps the earlier ones")
  func appendingUnpacks() {
    var contractCase = ContractCase(
      id: "c", title: "c", steps: [ContractStep(action: .undoHistory(.undo), line: 3)])
    contractCase.packSteps()
    contractCase.steps.append(ContractStep(action: .undoHistory(.redo), line: 4))
    #expect(contractCase.steps.map(\.line) == [3, 4])
    #expect(contractCase.stepCount == 2)
  }
}
