import Foundation
import Testing

@testable import Contracts

/// Every step kind of both families is written, read, packed and documented the same way: a new
/// kind is refused by the compiler here (the switches below are exhaustive) until it has an
/// example step, and these tests fail until the reader, the text and the docs agree with it.
@Suite("Step vocabulary")
struct StepVocabularyTests {
  /// A step of `kind` as a suite writes it, after the steps it needs before it.
  private static func example(_ kind: UndoHistoryAction.Kind) -> (before: [String], step: String) {
    switch kind {
    case .adjust: ([], "adjust 10")
    case .dragBegan: ([], "drag began")
    case .dragMoved: (["drag began"], "drag moved 10")
    case .dragEnded: (["drag began"], "drag ended")
    case .dragCancelled: (["drag began"], "drag cancelled")
    case .load: ([], "load 10")
    case .switchDocument: ([], "switch d2 30")
    case .undo: ([], "undo")
    case .redo: ([], "redo")
    case .calculate: ([], "calculate as c1")
    case .deliver: (["calculate as c1"], "deliver c1 40")
    case .levels: ([], "levels 2")
    case .wait: ([], "wait 800ms")
    case .items: ([], "items a=10 b=20")
    case .select: (["items a=10 b=20"], "select a,b")
    }
  }

  /// A step of `kind` as a suite writes it, after the steps it needs before it (the records
  /// `a=on b=off` are loaded first).
  private static func example(_ kind: OptimisticAction.Kind) -> (before: [String], step: String) {
    switch kind {
    case .records: ([], "records a=off b=on")
    case .tap: ([], "tap a as w1")
    case .respond: (["tap a as w1"], "respond w1 saved on")
    case .cancel: (["tap a as w1"], "cancel w1")
    case .sort: ([], "sort b,a")
    case .session: ([], "session a=off b=on")
    case .sync: ([], "sync a as s1")
    case .respondToSync: (["sync a as s1"], "respond s1 read on")
    case .syncRoundTrip: ([], "sync a on")
    case .read: ([], "read a as r1")
    case .filter: ([], "filter on")
    case .refresh: ([], "refresh as l1")
    case .respondToRefresh: (["refresh as l1"], "respond l1 list a=on b=off")
    case .batch: ([], "batch a,b as b1")
    case .respondToBatch: (["batch a,b as b1"], "respond b1 each a=on b=rejected")
    case .choose: ([], "set a on")
    case .wait: ([], "wait 800ms")
    case .waitTimeout: ([], "wait timeout")
    case .confirm: ([], "confirm a as w1")
    case .decline: ([], "decline a")
    }
  }

  /// The case a suite of `family` reads from `lines`.
  private static func read(_ lines: [String], family: ContractFamily) throws -> ContractCase {
    let text =
      (["suite s family \(family.rawValue)", "case c"] + lines.map { "  " + $0 })
      .joined(separator: "\n")
    let suite = try SuiteReader.parse(text + "\n", source: "vocabulary.suite")
    return try #require(suite.cases.first)
  }

  @Test(
    "Every undo-history kind reads as itself, writes back as read, packs and needs its capabilities"
  )
  func undoHistoryKinds() throws {
    for kind in UndoHistoryAction.Kind.allCases {
      let (before, text) = Self.example(kind)
      let contractCase = try Self.read(before + [text], family: .undoHistory)
      let step = try #require(contractCase.steps.last)
      guard case .undoHistory(let action) = step.action else {
        Issue.record("\(text): not an undo-history action")
        continue
      }
      #expect(action.kind == kind, "\(text)")
      #expect(action.description == text)
      #expect(text.hasPrefix(kind.words), "\(text) starts with '\(kind.words)'")
      #expect(UndoHistoryAction.Kind.verbs.contains(String(text.prefix { $0 != " " })))
      #expect(PackedSteps(contractCase.steps).steps == contractCase.steps, "\(text)")
      for capability in kind.neededCapabilities {
        #expect(contractCase.requirements.contains(capability), "\(text) needs \(capability)")
      }
    }
  }

  @Test(
    "Every optimistic kind reads as itself, writes back as read, packs and needs its capabilities")
  func optimisticKinds() throws {
    for kind in OptimisticAction.Kind.allCases {
      let (before, text) = Self.example(kind)
      let contractCase = try Self.read(
        ["records a=on b=off"] + before + [text], family: .optimisticUpdates)
      let step = try #require(contractCase.steps.last)
      guard case .optimistic(let action) = step.action else {
        Issue.record("\(text): not an optimistic action")
        continue
      }
      #expect(action.kind == kind, "\(text)")
      #expect(action.description == text)
      #expect(text.hasPrefix(kind.words), "\(text) starts with '\(kind.words)'")
      #expect(OptimisticAction.Kind.verbs.contains(String(text.prefix { $0 != " " })))
      #expect(PackedSteps(contractCase.steps).steps == contractCase.steps, "\(text)")
      for capability in kind.neededCapabilities {
        #expect(contractCase.requirements.contains(capability), "\(text) needs \(capability)")
      }
    }
  }

  @Test("docs/suites.md shows every kind's grammar in its family's row of the step table")
  func documentedGrammar() throws {
    let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/suites.md")
    let text = try String(contentsOf: page, encoding: .utf8)
    func row(_ family: String) -> String {
      text.split(separator: "\n").first { $0.hasPrefix("| `\(family)` |") }.map(String.init) ?? ""
    }
    let undoRow = row("undo")
    for kind in UndoHistoryAction.Kind.allCases {
      let cell = "`" + kind.grammar.replacingOccurrences(of: "|", with: "\\|") + "`"
      #expect(undoRow.contains(cell), "docs/suites.md's undo row lacks \(cell)")
    }
    let optimisticRow = row("optimistic")
    for kind in OptimisticAction.Kind.allCases {
      let cell = "`" + kind.grammar.replacingOccurrences(of: "|", with: "\\|") + "`"
      #expect(optimisticRow.contains(cell), "docs/suites.md's optimistic row lacks \(cell)")
    }
  }

  @Test("An unknown action is answered with the nearest word a step starts with")
  func unknownActionSuggestsAVerb() {
    func problem(_ lines: [String], _ family: ContractFamily) -> String {
      do {
        _ = try Self.read(lines, family: family)
        return "read without an error"
      } catch {
        return "\(error)"
      }
    }
    let misspelt = problem(["ajdust 10"], .undoHistory)
    #expect(misspelt.contains("did you mean 'adjust'?"), "\(misspelt)")
    let declined = problem(["records a=on", "decilne a"], .optimisticUpdates)
    #expect(declined.contains("did you mean 'decline'?"), "\(declined)")
    let drag = problem(["drag"], .undoHistory)
    #expect(drag.contains("expected began, moved N, ended or cancelled"), "\(drag)")
  }
}
