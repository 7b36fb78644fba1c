import Contracts
import Testing
import UndoKit
import XCTest

/// Fails the current XCTest test once per failing check, with its tagged message and the class to
/// explain.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func XCTAssertContract(
  _ checks: [ContractCheck], file: StaticString = #filePath, line: UInt = #line
) {
  for check in checks where !check.holds {
    XCTFail(check.failureText, file: file, line: line)
  }
}

/// Checks a history's state (an undo manager, or any `UndoHistoryStack`) in an XCTest test, with
/// tagged failure messages.
// swift-format-ignore: AlwaysUseLowerCamelCase
@MainActor
public func XCTAssertHistory(
  _ history: any UndoHistoryStack, step: Int, action: String, canUndo: Bool? = nil,
  canRedo: Bool? = nil,
  groupingLevel: Int? = nil, undoCount: Int? = nil, redoCount: Int? = nil,
  file: StaticString = #filePath, line: UInt = #line
) {
  XCTAssertContract(
    ContractCheck.history(
      history, step: step, action: action, canUndo: canUndo, canRedo: canRedo,
      groupingLevel: groupingLevel, undoCount: undoCount, redoCount: redoCount),
    file: file, line: line)
}

/// Records one Swift Testing issue per failing check, with its tagged message and the class to
/// explain.
public func expectContract(
  _ checks: [ContractCheck], sourceLocation: SourceLocation = #_sourceLocation
) {
  for check in checks where !check.holds {
    Issue.record(Comment(rawValue: check.failureText), sourceLocation: sourceLocation)
  }
}

/// Checks a history's state (an undo manager, or any `UndoHistoryStack`) in a Swift Testing test,
/// with tagged issue messages.
@MainActor
public func expectHistory(
  _ history: any UndoHistoryStack, step: Int, action: String, canUndo: Bool? = nil,
  canRedo: Bool? = nil,
  groupingLevel: Int? = nil, undoCount: Int? = nil, redoCount: Int? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  expectContract(
    ContractCheck.history(
      history, step: step, action: action, canUndo: canUndo, canRedo: canRedo,
      groupingLevel: groupingLevel, undoCount: undoCount, redoCount: redoCount),
    sourceLocation: sourceLocation)
}
