import ResultSchema
import Testing

/// The one renderer of a failing step: what it says, and that it says each thing once.
@Suite("Failure writer")
struct FailureWriterTests {
  /// A failing step of an optimistic case: a stated expectation and the invariant it also broke,
  /// with the same values, and a key the case did not state that changed.
  static let rollback = EventRecord.Step(
    seq: 9, suite: "optimistic-updates", case: "rollback", subject: "fault:rollback", step: 4,
    line: 23, action: "respond a fail", before: ["a.displayed": "on", "a.pending": "yes"],
    after: ["a.displayed": "off", "a.pending": "no"],
    expectations: [.init(key: "a.displayed", expected: "on")],
    mismatches: [
      .init(key: "a.displayed", expected: "on", actual: "off"),
      .init(
        key: "a.displayed", expected: "on", actual: "off",
        invariant: "with nothing pending the row shows the confirmed value"),
    ], verdict: "fail", notes: [])

  @Test("A stated mismatch and the invariant it also broke read once, in the headline")
  func invariantOnce() {
    let message = FailureWriter.message(
      Self.rollback, source: "builtin:optimistic-updates.suite", failureClass: "rollback")
    #expect(
      message.lines == [
        "step 4 'respond a fail': expected a.displayed=on, got off (and invariant: with nothing "
          + "pending the row shows the confirmed value)",
        "built-in suite 'optimistic-updates', line 23: 'stategate show-suite optimistic-updates' "
          + "prints it",
        "also changed: a.pending yes→no",
        "next: stategate explain rollback",
      ])
  }

  @Test("A user's suite is placed as path:line")
  func userSuitePlace() {
    let message = FailureWriter.message(
      Self.rollback, source: "Tests/suites/rows.suite", failureClass: nil)
    #expect(message.details.first == "at Tests/suites/rows.suite:23")
    #expect(message.details.last == "also changed: a.pending yes→no", "no class, no hint")
  }

  @Test("A captured value is shown as the value, with the capture's name as a note")
  func capturesResolved() {
    let capturing = EventRecord.Step(
      seq: 1, suite: "s", case: "c", subject: "x", step: 1, line: 3, action: "drag to 20",
      before: ["value": "0"], after: ["value": "20"], expectations: [],
      captures: [.init(key: "value", name: "end")], mismatches: [], verdict: "pass", notes: [])
    var captured: [String: String] = [:]
    FailureWriter.remember(capturing, in: &captured)
    let expectation = EventRecord.Value(key: "value", expected: "end", capture: "end")
    #expect(FailureWriter.stated(expectation, captured: captured) == "value=20 (end)")
    #expect(FailureWriter.stated(expectation, captured: [:]) == "value=end")
    let mismatch = EventRecord.Value(key: "value", expected: "20", capture: "end", actual: "16")
    #expect(FailureWriter.phrase(mismatch) == "expected value=20 (end), got 16")
  }

  @Test("A step its worker did not finish reads as the note that says how it ended")
  func unfinishedStep() {
    var step = Self.rollback
    step.mismatches = []
    step.notes = ["did not finish within 10s: the subject hung", "the worker was killed"]
    let message = FailureWriter.message(step, source: nil, failureClass: "timed-out")
    #expect(
      message.headline == "step 4 'respond a fail' did not finish within 10s: the subject hung")
    #expect(
      message.details == [
        "at line 23 of the suite", "also changed: a.pending yes→no",
        "note: the worker was killed", "next: stategate explain timed-out",
      ])
  }

  @Test("A key first reported reads nothing before it; one no longer reported is no change")
  func keysOfOneSide() {
    var step = Self.rollback
    step.before["sent"] = "yes"
    step.after["b.displayed"] = "on"
    #expect(FailureWriter.changes(step) == ["a.pending yes→no", "b.displayed nothing→on"])
  }

  @Test("Unstated changes are listed up to a limit, the rest counted")
  func changesLimited() {
    var step = Self.rollback
    step.before = Dictionary(uniqueKeysWithValues: (0..<12).map { ("k\($0)", "0") })
    step.after = Dictionary(uniqueKeysWithValues: (0..<12).map { ("k\($0)", "1") })
    let message = FailureWriter.message(step, source: nil, failureClass: nil)
    #expect(message.details.last?.hasSuffix(" and 4 more") == true, "\(message.details)")
  }
}
