import Contracts
import ResultFiles
import ResultSchema
import StateGateTemplates
import Triage

/// Renders a run, or the history of a folder of runs, as one self-contained HTML page.
///
/// The page is the template `report/report.html` with its title and body filled in: no script,
/// no external asset, no network (its Content-Security-Policy forbids them), charts as inline
/// SVG. Every text from a run is escaped, and characters HTML cannot show are dropped.
enum HTMLReport {
  /// The page for one finished run.
  ///
  /// - Parameters:
  ///   - run: The run.
  ///   - verdict: The gate's verdict on it (`triage`'s): the header's colour follows it, not the
  ///     run's status (a complete run with failures is red).
  ///   - language: The language of the failing cases' reading: their heading, each case's
  ///     reason, class explanation and the headings of its steps (the page's other parts, the
  ///     failure as JUnit words it and what the archive records stay as they are).
  /// - Returns: The page.
  static func run(_ run: RecordedRun, verdict: TriageVerdict, language: Language = .english)
    -> String
  {
    let manifest = run.manifest
    var body: [String] = []
    let name = PathText.lastComponent(run.path)
    body.append("<h1>stategate report: \(escape(name))</h1>")
    body.append(
      "<p class=\"muted\">\(escape(manifest.toolVersion)) · run <code>\(escape(manifest.runID))"
        + "</code> · status \(escape(manifest.status.rawValue)) · verdict "
        + "\(verdictBadge(verdict))</p>")
    body.append(header(manifest))
    body.append(counts(manifest.counts))
    body.append("<h2>Failures by class</h2>")
    body.append(classChart(manifest.failuresByClass))
    for entry in manifest.notObserved ?? [] {
      body.append("<p class=\"muted\">Not observed: \(escape(entry.reason))</p>")
    }
    let cases = RecordedCase.all(in: run.events)
    body.append("<h2>Suites</h2>")
    body.append(suiteTable(cases))
    let failing = cases.filter { $0.finished?.outcome == "failed" || $0.finished == nil }
    let lang = language == .english ? "" : " lang=\"\(language.rawValue)\""
    body.append(
      "<h2\(lang)>"
        + escape(Phrase.failingCases.text(in: language, ["count": "\(failing.count)"])) + "</h2>")
    if failing.isEmpty {
      body.append("<p\(lang)>\(escape(Phrase.everyCaseHeld.text(in: language)))</p>")
    }
    for (index, recorded) in failing.enumerated() {
      body.append(
        section(
          recorded, index: index,
          source: manifest.source(
            ofSuite: recorded.started.suite, case: recorded.started.case,
            subject: recorded.started.subject),
          language: language))
    }
    return page(title: "stategate report: \(name)", body: body)
  }

  /// The page for a folder of runs: counts and classes over time.
  static func trend(_ history: RunHistory, folder: String) -> String {
    var body: [String] = []
    body.append("<h1>stategate history: \(escape(PathText.lastComponent(folder)))</h1>")
    body.append(
      "<p class=\"muted\">\(history.runs.count) archived \(plural(history.runs.count, "run")), "
        + "newest first; verdict \(verdictBadge(history.verdict))</p>")
    body.append("<h2>Passed and failed cases per run</h2>")
    body.append(trendChart(history.runs.reversed()))
    body.append("<h2>Runs</h2>")
    var rows = [
      "<table><thead><tr><th>time</th><th>status</th><th>verdict</th><th>passed</th><th>failed</th>"
        + "<th>skipped</th><th>classes</th><th>commit</th><th>run</th></tr></thead><tbody>"
    ]
    for run in history.runs {
      rows.append(
        "<tr\(run.counts.failed > 0 ? " class=\"bad\"" : "")><td>\(escape(run.startTime ?? "unknown"))</td>"
          + "<td class=\"status-\(escape(run.status))\">\(escape(run.status))</td>"
          + "<td class=\"verdict-\(escape(run.verdict))\">\(escape(run.verdict))</td>"
          + "<td>\(run.counts.passed)</td><td>\(run.counts.failed)</td>"
          + "<td>\(run.counts.skipped)</td><td>\(escape(RunHistory.classes(run)))</td>"
          + "<td><code>\(escape(String((run.commit ?? "-").prefix(12))))</code></td>"
          + "<td><code>\(escape(PathText.lastComponent(run.path)))</code></td></tr>")
    }
    rows.append("</tbody></table>")
    body += rows
    for flaky in history.flaky {
      body.append(
        "<p>Flaky: <code>\(escape(flaky.identity))</code> on <code>\(escape(String(flaky.commit.prefix(12))))"
          + "</code> passed \(flaky.passes)×, failed \(flaky.failures)×</p>")
    }
    return page(title: "stategate history: \(PathText.lastComponent(folder))", body: body)
  }

  // MARK: - Parts

  /// The verdict in bold, green only when `passed`.
  private static func verdictBadge(_ verdict: TriageVerdict) -> String {
    "<b class=\"verdict-\(verdict)\">\(verdict)</b>"
  }

  private static func page(title: String, body: [String]) -> String {
    TemplateFile.named("report/report.html").text
      .replacingOccurrences(of: "{{title}}", with: escape(title))
      .replacingOccurrences(of: "{{body}}", with: body.joined(separator: "\n"))
  }

  private static func header(_ manifest: Manifest) -> String {
    var rows: [(String, String)] = [
      ("started", manifest.startTime), ("ended", manifest.endTime),
      ("subjects", manifest.subjects.joined(separator: ", ")),
      ("suites", manifest.suites.map { "\($0.id) (\($0.source))" }.joined(separator: ", ")),
    ]
    if let ci = manifest.ci {
      rows.append(("commit", [ci.commit, ci.ref].compactMap { $0 }.joined(separator: " on ")))
      if let provider = ci.provider {
        rows.append(("CI", provider + (ci.runID.map { " run \($0)" } ?? "")))
      }
    }
    if let shard = manifest.shard { rows.append(("shard", shard)) }
    if !manifest.filter.isEmpty { rows.append(("filter", manifest.filter.joined(separator: " "))) }
    rows.append(("command", manifest.commandLine.joined(separator: " ")))
    return "<table class=\"header\"><tbody>"
      + rows.map { "<tr><th>\(escape($0.0))</th><td>\(escape($0.1))</td></tr>" }.joined()
      + "</tbody></table>"
  }

  private static func counts(_ counts: Manifest.Counts) -> String {
    let boxes = [
      ("passed", counts.passed), ("failed", counts.failed), ("skipped", counts.skipped),
      ("interrupted", counts.interrupted), ("not run", counts.notRun),
    ]
    return "<div class=\"counts\">"
      + boxes.map { label, value in
        "<div class=\"count \(label.replacingOccurrences(of: " ", with: "-"))\"><b>\(value)</b>\(label)</div>"
      }.joined() + "</div>"
  }

  /// A horizontal bar per class, longest first.
  static func classChart(_ byClass: [String: Int]) -> String {
    let bars = byClass.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    guard let largest = bars.first?.value, largest > 0 else {
      return "<p>No failures.</p>"
    }
    let rowHeight = 26
    let labelWidth = 170
    let barWidth = 480
    var parts = [
      "<svg class=\"classes\" role=\"img\" aria-label=\"failures by class\" width=\"\(labelWidth + barWidth + 60)\" "
        + "height=\(quoted(bars.count * rowHeight + 4)) xmlns=\"http://www.w3.org/2000/svg\">"
    ]
    for (index, bar) in bars.enumerated() {
      let y = index * rowHeight + 2
      let width = max(2, bar.value * barWidth / largest)
      parts.append(
        "<text x=\"0\" y=\(quoted(y + 17))>\(escape(bar.key))</text>"
          + "<rect x=\(quoted(labelWidth)) y=\(quoted(y + 3)) width=\(quoted(width)) height=\"18\" fill=\"#cf222e\"><title>\(escape(bar.key)): \(bar.value)</title></rect>"
          + "<text x=\(quoted(labelWidth + width + 6)) y=\(quoted(y + 17))>\(bar.value)</text>")
    }
    parts.append("</svg>")
    return parts.joined()
  }

  /// Stacked bars of passed (green) and failed (red) cases, oldest run first.
  private static func trendChart(_ runs: [RunHistory.Run]) -> String {
    guard !runs.isEmpty else { return "<p>No archived runs.</p>" }
    let largest = max(1, runs.map { $0.counts.passed + $0.counts.failed }.max() ?? 1)
    let height = 160
    let step = 28
    var parts = [
      "<svg class=\"trend\" role=\"img\" aria-label=\"passed and failed cases per run\" "
        + "width=\(quoted(runs.count * step + 10)) height=\(quoted(height + 4)) xmlns=\"http://www.w3.org/2000/svg\">"
    ]
    for (index, run) in runs.enumerated() {
      let x = index * step + 4
      let passed = run.counts.passed * height / largest
      let failed = run.counts.failed * height / largest
      let label = escape(
        "\(run.startTime ?? "unknown"): \(run.counts.passed) passed, \(run.counts.failed) failed")
      parts.append(
        "<rect x=\(quoted(x)) y=\(quoted(height - passed - failed + 2)) width=\"20\" height=\(quoted(failed)) fill=\"#cf222e\"><title>\(label)</title></rect>"
          + "<rect x=\(quoted(x)) y=\(quoted(height - passed + 2)) width=\"20\" height=\(quoted(passed)) fill=\"#1a7f37\"><title>\(label)</title></rect>"
      )
    }
    parts.append("</svg>")
    return parts.joined()
  }

  private static func suiteTable(_ cases: [RecordedCase]) -> String {
    var order: [String] = []
    var totals: [String: (passed: Int, failed: Int, skipped: Int, other: Int)] = [:]
    for recorded in cases {
      let key = "\(recorded.started.suite) · \(recorded.started.subject)"
      if totals[key] == nil { order.append(key) }
      var total = totals[key] ?? (0, 0, 0, 0)
      switch recorded.finished?.outcome {
      case "passed": total.passed += 1
      case "failed": total.failed += 1
      case "skipped": total.skipped += 1
      default: total.other += 1
      }
      totals[key] = total
    }
    var rows = [
      "<table><thead><tr><th>suite · subject</th><th>passed</th><th>failed</th><th>skipped</th>"
        + "<th>unfinished</th></tr></thead><tbody>"
    ]
    for key in order {
      let total = totals[key] ?? (0, 0, 0, 0)
      rows.append(
        "<tr\(total.failed > 0 ? " class=\"bad\"" : "")><td>\(escape(key))</td><td>\(total.passed)</td>"
          + "<td>\(total.failed)</td><td>\(total.skipped)</td><td>\(total.other)</td></tr>")
    }
    rows.append("</tbody></table>")
    return rows.joined()
  }

  /// One failing case: its class and why, the failure as ``FailureWriter`` words it, the class's
  /// explanation, and every step with the first bad one highlighted.
  private static func section(
    _ recorded: RecordedCase, index: Int, source: String?, language: Language
  ) -> String {
    let started = recorded.started
    var parts = [
      "<section class=\"case\" id=\"case-\(index + 1)\">",
      "<h3>\(escape("\(started.suite)/\(started.case) [\(started.subject)]"))</h3>",
      "<p class=\"muted\">\(escape(started.title))</p>",
    ]
    let className =
      recorded.finished?.failureClass ?? (recorded.finished == nil ? "unfinished" : "unclassified")
    // The archive records the English reason; its templates give it back in `language`.
    let reason =
      recorded.finished?.reason.map { Reason(english: $0).text(in: language) }
      ?? Phrase.neverFinished.text(in: language)
    let lang = language == .english ? "" : " lang=\"\(language.rawValue)\""
    parts.append(
      "<p\(lang)><span class=\"class\">\(escape(className))</span> \(escape(reason))</p>")
    if let failing = recorded.steps.first(where: { $0.verdict == "fail" }) {
      let failure = FailureWriter.message(
        failing, source: source, failureClass: recorded.finished?.failureClass)
      // The failure as JUnit words it, in English whatever the language.
      let english = language == .english ? "" : " lang=\"en\""
      parts.append("<pre class=\"failure\"\(english)>\(escape(failure.text()))</pre>")
    }
    if let failureClass = FailureClass(rawValue: className) {
      let text = failureClass.text(in: language)
      parts.append(
        "<div class=\"explanation\" lang=\"\(language.rawValue)\"><p>\(escape(text.definition))</p>"
          + "<p><b>\(escape(Phrase.whereToLook.text(in: language)))</b> "
          + "\(escape(text.whereToLook))</p></div>")
    }
    let firstBad = recorded.steps.first { $0.verdict == "fail" }?.step
    let headings = [
      Phrase.timelineLine, .timelineStep, .timelineExpected, .timelineObserved, .timelineVerdict,
    ].map { "<th>\(escape($0.text(in: language)))</th>" }.joined()
    parts.append(
      "<table class=\"timeline\"><thead\(lang)><tr><th>#</th>\(headings)</tr></thead><tbody>")
    var captured: [String: String] = [:]
    for step in recorded.steps {
      let isFirstBad = step.step == firstBad
      let expected = step.expectations.map { value -> String in
        let text = escape(FailureWriter.stated(value, captured: captured))
        return isFirstBad && step.mismatches.contains { $0.key == value.key }
          ? "<span class=\"expected\">\(text)</span>" : text
      }.joined(separator: " ")
      FailureWriter.remember(step, in: &captured)
      // Each observed value once, with the invariants it broke after it.
      var observed: [String] = []
      var invariants: [String: [String]] = [:]
      var order: [String] = []
      for mismatch in step.mismatches {
        let actual = "\(mismatch.key)=\(mismatch.actual ?? "nothing")"
        if invariants[actual] == nil { order.append(actual) }
        invariants[actual, default: []] += mismatch.invariant.map { [$0] } ?? []
      }
      for actual in order {
        let note = (invariants[actual] ?? []).map {
          escape(Phrase.invariantNote.text(in: language, ["invariant": $0]))
        }.joined()
        observed.append(
          isFirstBad
            ? "<span class=\"actual\">\(escape(actual))</span>\(note)"
            : "\(escape(actual))\(note)")
      }
      if observed.isEmpty {
        observed = step.expectations.map { escape("\($0.key)=\(step.after[$0.key] ?? "nothing")") }
      }
      parts.append(
        "<tr\(isFirstBad ? " class=\"bad\" id=\"first-bad-step-\(index + 1)\"" : "")>"
          + "<td>\(step.step)</td><td>\(step.line)</td><td class=\"step\">\(escape(step.action))</td>"
          + "<td>\(expected)</td><td>\(observed.joined(separator: "<br>"))</td>"
          + "<td class=\"verdict-\(step.verdict == "pass" ? "pass" : "fail")\">\(escape(step.verdict))</td></tr>"
      )
    }
    parts.append("</tbody></table></section>")
    return parts.joined(separator: "\n")
  }

  private static func quoted(_ number: Int) -> String {
    "\"\(number)\""
  }

  /// `text` safe inside HTML text and attribute values.
  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\n", "\t": result.unicodeScalars.append(scalar)
      case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}": continue
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

/// One case of a recorded run, gathered from its event records.
struct RecordedCase {
  var started: EventRecord.CaseStarted
  var steps: [EventRecord.Step] = []
  var finished: EventRecord.CaseFinished?

  /// The cases of `events`, in the order they started.
  static func all(in events: [EventRecord]) -> [RecordedCase] {
    var cases: [RecordedCase] = []
    func index(_ suite: String, _ name: String, _ subject: String) -> Int? {
      cases.lastIndex {
        $0.started.suite == suite && $0.started.case == name && $0.started.subject == subject
      }
    }
    for event in events {
      switch event {
      case .caseStarted(let started):
        cases.append(RecordedCase(started: started))
      case .step(let step):
        if let at = index(step.suite, step.case, step.subject) { cases[at].steps.append(step) }
      case .caseFinished(let finished):
        if let at = index(finished.suite, finished.case, finished.subject) {
          cases[at].finished = finished
        }
      case .runStarted, .runFinished:
        break
      }
    }
    return cases
  }
}
