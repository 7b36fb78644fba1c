/// Phrases a failing step the one way every output shows it: the console, JUnit, GitHub
/// annotations, `summary.md`, `triage`, the HTML report, exploration and the test helpers.
///
/// As TCA's `TestStore` reports a failed assertion, the message says what was expected, what
/// happened, what else the step changed that the case did not state, and what to run next:
///
/// ```
/// step 4 'respond a fail': expected a.displayed=on, got off (and invariant: …)
///   at Tests/optimistic.suite:23
///   also changed: a.pending yes→no
///   next: stategate explain rollback
/// ```
///
/// It reads the step as `events.jsonl` records it, so a reader of archived results (which never
/// builds the run engine) phrases a failure exactly as the run that wrote it did.
package enum FailureWriter {
  /// The most values an `also changed:` line names; it counts the rest.
  package static let changedLimit = 8

  /// The message for a failing step.
  ///
  /// - Parameters:
  ///   - step: The step as its `events.jsonl` record holds it.
  ///   - source: The suite's source as the manifest records it (a path, or `builtin:FILE`), or
  ///     `nil` when not known.
  ///   - failureClass: The class of the case's failure (the first-ranked one), or `nil` when the
  ///     case was not classified.
  /// - Returns: The headline and its details.
  package static func message(
    _ step: EventRecord.Step, source: String?, failureClass: String?
  ) -> FailureMessage {
    var details: [String] = []
    let headline: String
    var notes = step.notes[...]
    if step.mismatches.isEmpty, let ending = notes.popFirst() {
      // A step its worker did not finish: the note says how it ended ("did not finish …").
      headline = "step \(step.step) '\(step.action)' \(ending)"
    } else if step.mismatches.isEmpty {
      headline = "step \(step.step) '\(step.action)' failed"
    } else {
      headline =
        "step \(step.step) '\(step.action)': " + phrases(step.mismatches).joined(separator: "; ")
    }
    details.append(FailureMessage.Place(source: source, line: step.line).detail)
    let changed = changes(step)
    if !changed.isEmpty {
      let shown = changed.prefix(changedLimit).joined(separator: ", ")
      let more = changed.count > changedLimit ? " and \(changed.count - changedLimit) more" : ""
      details.append("also changed: \(shown)\(more)")
    }
    for note in notes {
      details.append("note: \(note)")
    }
    if let failureClass, !failureClass.isEmpty {
      details.append(hint(failureClass))
    }
    return FailureMessage(headline: headline, details: details)
  }

  /// What to run next for a failure of `failureClass`: `next: stategate explain rollback`.
  ///
  /// - Parameter failureClass: The class's name.
  /// - Returns: The line.
  package static func hint(_ failureClass: String) -> String {
    "next: stategate explain \(failureClass)"
  }

  /// One mismatch as a phrase: `expected value=0, got 90`, `expected value=24 (end), got 16`
  /// (the value compared with, then the capture it came from), with the invariant's rule when it
  /// is one: `expected display=0, got 10 (invariant: the UI shows the model's value)`.
  ///
  /// - Parameter value: The mismatch as `events.jsonl` records it.
  /// - Returns: The phrase.
  package static func phrase(_ value: EventRecord.Value) -> String {
    let captured = value.capture.map { " (\($0))" } ?? ""
    let text =
      "expected \(value.key)\(value.relation ?? "=")\(value.expected)\(captured), got "
      + (value.actual ?? "nothing")
    return value.invariant.map { "\(text) (invariant: \($0))" } ?? text
  }

  /// The mismatches as phrases, each once: an invariant broken with exactly the values of a
  /// stated expectation before it is folded into that one (`expected a=1, got 0 (and invariant:
  /// …)`), and a mismatch repeated with the same values and rule is left out.
  ///
  /// - Parameter values: The step's mismatches, stated expectations first.
  /// - Returns: One phrase per distinct mismatch, in order.
  package static func phrases(_ values: [EventRecord.Value]) -> [String] {
    var phrases: [String] = []
    var phraseOfStated: [Int: Int] = [:]
    var seen: Set<String> = []
    for (index, value) in values.enumerated() {
      if let invariant = value.invariant,
        let stated = values[..<index].firstIndex(where: {
          $0.invariant == nil && ($0.relation ?? "=") == "=" && $0.key == value.key
            && $0.expected == value.expected && $0.actual == value.actual
        }),
        let at = phraseOfStated[stated]
      {
        let folded = " (and invariant: \(invariant))"
        if !phrases[at].contains(folded) { phrases[at] += folded }
        continue
      }
      let phrase = phrase(value)
      guard seen.insert(phrase).inserted else { continue }
      phraseOfStated[index] = phrases.count
      phrases.append(phrase)
    }
    return phrases
  }

  /// What the step changed that it did not state, by key: `undos 0→1`, `canUndo no→yes`.
  ///
  /// A key is stated when the step expects something of it or a mismatch names it; keys are in
  /// alphabetical order. A key the step's observation reports for the first time reads `nothing`
  /// before it (`a.displayed nothing→on` for a record the step loaded); a key it no longer
  /// reports is not a change the step made: such a key describes one step only (`sent`, whether
  /// the step's tap or sync sent a request, which a step that sends nothing does not report).
  ///
  /// - Parameter step: The step as its record holds it.
  /// - Returns: One `key before→after` per changed key the step did not state.
  package static func changes(_ step: EventRecord.Step) -> [String] {
    let stated = Set(step.expectations.map(\.key) + step.mismatches.map(\.key))
    let keys = Set(step.after.keys).subtracting(stated).sorted()
    return keys.compactMap { key in
      let before = step.before[key]
      guard let after = step.after[key], before != after else { return nil }
      return "\(key) \(before ?? "nothing")→\(after)"
    }
  }

  /// An expectation as a suite states it, with a captured value resolved: `value=20 (end)` for
  /// `value=end`, and `value=end` only when the capture's value is not known.
  ///
  /// - Parameters:
  ///   - expectation: The expectation as `events.jsonl` records it.
  ///   - captured: The values captured so far, by name (see ``remember(_:in:)``).
  /// - Returns: The expectation as text.
  package static func stated(_ expectation: EventRecord.Value, captured: [String: String])
    -> String
  {
    guard let capture = expectation.capture, let value = captured[capture] else {
      return expectation.stated
    }
    return "\(expectation.key)\(expectation.relation ?? "=")\(value) (\(capture))"
  }

  /// Adds the values `step` captured (each one's value after the step) to `captured`.
  ///
  /// - Parameters:
  ///   - step: A step of a case, in order.
  ///   - captured: The values captured by the case's earlier steps, by name.
  package static func remember(_ step: EventRecord.Step, in captured: inout [String: String]) {
    for capture in step.captures ?? [] {
      captured[capture.name] = step.after[capture.key] ?? "nothing"
    }
  }
}
