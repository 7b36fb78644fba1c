import Contracts
import ResultSchema
import RunModel
import UndoKit

/// Keeps the values a subject produces out of a run's evidence: every id or name a subject
/// reports that no suite of the run typed (a record id it generates, a user's real id) becomes a
/// salted token, the same one throughout the run; the salt is never written anywhere.
///
/// What a suite author typed — record and document ids such as `a` and `b`, request names — is
/// test data, not personal data, and stays in clear, so `junit.xml`, `summary.md` and triage
/// output read like the suite. Numbers and flags are never replaced. A runner given a
/// de-identifier emits only de-identified events, so every consumer (files, terminal, JSON) sees
/// the same tokens; isolated workers de-identify with the same salt and typed words.
package final class Deidentifier: @unchecked Sendable {
  private let salt: [UInt8]
  private var tokens: [String: String] = [:]
  private var owners: [String: String] = [:]
  /// The words the run's suites typed, and the runner's own words (`none`, `unnamed`, the kinds
  /// of undo-manager misuse).
  private var typed = Set(["none", "unnamed"] + UndoManager.Misuse.Kind.allCases.map(\.rawValue))

  /// Creates a de-identifier with a fresh random salt.
  package convenience init() {
    var generator = SystemRandomNumberGenerator()
    self.init(salt: (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
  }

  /// Creates a de-identifier with a given salt (tests use a fixed one).
  package init(salt: [UInt8]) {
    self.salt = salt
  }

  /// What a worker needs to make the same tokens: the salt and the typed words.
  var seed: (salt: [UInt8], typed: [String]) {
    (salt, typed.sorted())
  }

  /// Learns words typed elsewhere (by a worker's parent), which then stay in clear.
  func learn(words: [String]) {
    typed.formUnion(words)
  }

  /// Learns the words `subject` declares for itself — an optimistic subject's record values,
  /// such as `requested` — which are the product's vocabulary, not a user's data, and then stay
  /// in clear.
  ///
  /// - Parameter subject: A fresh subject of the run.
  @MainActor package func learn(declaredBy subject: ContractSubject) {
    guard case .optimistic(let optimistic) = subject else { return }
    typed.formUnion(optimistic.declaredValues.map(\.name))
  }

  /// Learns the words `suites` type (ids, names, text values), which then stay in clear.
  package func learn(_ suites: [ContractSuite]) {
    for suite in suites {
      for contractCase in suite.cases {
        typed.formUnion(contractCase.typedWords)
      }
    }
  }

  /// Whether `word` was typed by a suite of the run (or is one of the runner's own words).
  package func isTyped(_ word: String) -> Bool {
    typed.contains(word)
  }

  /// The token for `id`: `id-` and ten or more hex digits of HMAC-SHA-256(salt, id).
  package func token(for id: String) -> String {
    if let token = tokens[id] { return token }
    let digest = SHA256.hmac(key: salt, message: Array(id.utf8))
    var length = 5
    var token = Self.format(digest, bytes: length)
    while let owner = owners[token], owner != id, length < digest.count {
      length += 1
      token = Self.format(digest, bytes: length)
    }
    tokens[id] = token
    owners[token] = id
    return token
  }

  /// `value` with every word a suite did not type replaced by its token.
  package func scrub(_ value: StateValue) -> StateValue {
    switch value {
    case .int, .bool: value
    case .text(let text): .text(scrubText(text))
    case .list(let items): .list(items.map(scrubWord))
    }
  }

  /// `text` with every value already replaced in this run replaced again, as a whole word; for
  /// prose such as a classification's reason that quotes observed values.
  package func scrub(text: String) -> String {
    guard !tokens.isEmpty else { return text }
    var result = ""
    var word = ""
    func flush() {
      result += tokens[word] ?? word
      word = ""
    }
    for character in text {
      if character.isLetter || character.isNumber || character == "-" || character == "_" {
        word.append(character)
      } else {
        flush()
        result.append(character)
      }
    }
    flush()
    return result
  }

  /// The reason with the values its subject produced replaced in every piece of data; its
  /// templates are the tool's own words and stay.
  ///
  /// - Parameter reason: A classification's reason as data.
  /// - Returns: The reason, scrubbed.
  package func scrub(_ reason: Reason) -> Reason {
    guard !tokens.isEmpty else { return reason }
    return reason.mappingData { scrub(text: $0) }
  }

  /// The step with the values its subject produced replaced.
  package func scrub(_ step: StepRecord) -> StepRecord {
    if tokens.isEmpty, isClear(step.before), isClear(step.after),
      step.mismatches.allSatisfy({ isClear($0.expected) && $0.actual.map(isClear) != false })
    {
      return step
    }
    var copy = step
    copy.before = scrub(step.before)
    copy.after = scrub(step.after)
    copy.mismatches = step.mismatches.map { mismatch in
      var scrubbed = mismatch
      scrubbed.expected = scrub(mismatch.expected)
      scrubbed.actual = mismatch.actual.map(scrub)
      return scrubbed
    }
    copy.notes = step.notes.map { scrub(text: $0) }
    return copy
  }

  /// The case with its steps, its first failure and its reason scrubbed.
  package func scrub(_ result: CaseResult) -> CaseResult {
    var copy = result
    copy.steps = result.steps.map(scrub)
    copy.firstFailure = result.firstFailure.map(scrub)
    copy.classification = result.classification.map {
      Classification(
        $0.failureClass, reason: scrub(text: $0.reason), explanation: scrub($0.explanation),
        alternatives: $0.alternatives.map {
          Classification(
            $0.failureClass, reason: scrub(text: $0.reason), explanation: scrub($0.explanation))
        })
    }
    return copy
  }

  /// The report with every case scrubbed.
  package func scrub(_ report: RunReport) -> RunReport {
    var copy = report
    copy.suites = report.suites.map { suite in
      var scrubbed = suite
      scrubbed.cases = suite.cases.map(scrub)
      return scrubbed
    }
    return copy
  }

  /// The event with the values its subject produced replaced; an encoded step is returned as it
  /// is, since it is de-identified where it is encoded.
  package func scrub(_ event: RunEvent) -> RunEvent {
    switch event {
    case .stepFinished(let suiteID, let caseID, let subject, let step):
      return .stepFinished(suiteID: suiteID, caseID: caseID, subject: subject, step: scrub(step))
    case .caseFinished(let result):
      return .caseFinished(scrub(result))
    case .suiteFinished(var suite):
      suite.cases = suite.cases.map(scrub)
      return .suiteFinished(suite)
    case .runFinished(let report):
      return .runFinished(scrub(report))
    case .runStarted, .suiteStarted, .caseStarted, .stepEncoded:
      return event
    }
  }

  private func scrub(_ snapshot: StateSnapshot) -> StateSnapshot {
    if isClear(snapshot) { return snapshot }
    var copy = StateSnapshot()
    for field in snapshot.fields {
      copy.set(field.key, scrub(field.value))
    }
    return copy
  }

  private func isClear(_ snapshot: StateSnapshot) -> Bool {
    snapshot.fields.allSatisfy { isClear($0.value) }
  }

  private func isClear(_ value: StateValue) -> Bool {
    switch value {
    case .int, .bool: true
    case .text(let text): isClear(text: text)
    case .list(let items): items.allSatisfy { $0.isEmpty || typed.contains($0) }
    }
  }

  /// Whether a text value is typed, whole or as comma-separated words (`a,b`,
  /// `endWithoutBegin,undoWithOpenGroups`).
  private func isClear(text: String) -> Bool {
    text.isEmpty || typed.contains(text)
      || (text.contains(",")
        && text.split(separator: ",").allSatisfy { typed.contains(String($0)) })
  }

  /// A text value with each of its comma-separated words scrubbed, unless it is clear whole.
  private func scrubText(_ text: String) -> String {
    guard !isClear(text: text) else { return text }
    guard text.contains(",") else { return scrubWord(text) }
    return text.split(separator: ",", omittingEmptySubsequences: false).map {
      scrubWord(String($0))
    }.joined(separator: ",")
  }

  private func scrubWord(_ word: String) -> String {
    typed.contains(word) || word.isEmpty ? word : token(for: word)
  }

  private static func format(_ digest: [UInt8], bytes: Int) -> String {
    "id-"
      + digest.prefix(bytes).map { byte in
        let hex = String(byte, radix: 16)
        return hex.count == 1 ? "0" + hex : hex
      }.joined()
  }
}
