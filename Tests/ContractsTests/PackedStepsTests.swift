import Foundation
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

  @Test("Every built-in case survives the wire form a worker receives, lines included")
  func builtInCasesSurviveTheWire() throws {
    for suite in try BuiltInSuites.load() {
      for contractCase in suite.cases {
        let data = try JSONEncoder().encode(contractCase.wireForm)
        let wire = try JSONDecoder().decode(CaseWireForm.self, from: data)
        let again = try #require(ContractCase(wireForm: wire), "\(suite.id): \(contractCase.id)")
        #expect(again == contractCase)
        #expect(again.steps.map(\.line) == contractCase.steps.map(\.line))
        #expect(again.requirements == contractCase.requirements)
      }
    }
  }

  @Test("A wire form that is cut short or altered is refused, never trapped on")
  func damagedWireFormsAreRefused() throws {
    let suites = try BuiltInSuites.load()
    let suite = try #require(suites.first { $0.family == .optimisticUpdates })
    let contractCase = try #require(suite.cases.max { $0.stepCount < $1.stepCount })
    let wire = contractCase.wireForm
    let bytes = Array(wire.steps)
    for length in 0..<bytes.count {
      var cut = wire
      cut.steps = Data(bytes[..<length])
      #expect(ContractCase(wireForm: cut) == nil, "cut to \(length) of \(bytes.count) bytes")
    }
    var longer = wire
    longer.steps = Data(bytes + [0])
    #expect(ContractCase(wireForm: longer) == nil, "a byte after the last step")
    var noWords = wire
    noWords.words = []
    #expect(ContractCase(wireForm: noWords) == nil, "words the bytes name are missing")
    var huge = wire
    huge.stepCount = Int.max
    #expect(ContractCase(wireForm: huge) == nil, "more steps than bytes")
    for position in bytes.indices {
      for replacement: UInt8 in [0x00, 0x01, 0x7F, 0x80, 0xFF] where replacement != bytes[position]
      {
        var altered = wire
        var mutated = bytes
        mutated[position] = replacement
        altered.steps = Data(mutated)
        if let read = ContractCase(wireForm: altered) {
          #expect(read.stepCount == wire.stepCount)
          _ = read.steps.map { $0.text }
        }
      }
    }
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
