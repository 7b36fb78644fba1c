import Contracts
import Foundation
import ResultSchema
import Testing

@testable import StateGateCLI

/// The locale each language is chosen by in these tests, as a team's machine sets `LANG`.
private let localeOf: [Language: String] = [
  .english: "C", .japanese: "ja_JP.UTF-8", .traditionalChinese: "zh_TW.UTF-8",
  .korean: "ko_KR.UTF-8",
]

/// Runs `stategate` in process with `environment` and returns the status and what it wrote.
@MainActor
private func runStateGate(_ arguments: [String], environment: [String: String]) -> (
  status: StateGateCLI.ExitStatus, output: String, error: String
) {
  let capture = CapturedIO()
  let status = StateGate.main(arguments: arguments, io: capture.io(environment: environment))
  return (status, capture.output, capture.error)
}

/// The identifiers a text quotes, which every language keeps as they are: API names such as
/// `registerUndo` and `canUndo/canRedo`, options such as `--step-timeout`, declared words such
/// as `automatic-reads`, and commands in quotes.
private func identifiers(in text: String) -> Set<String> {
  var found: Set<String> = []
  let words = text.split(whereSeparator: { $0 == " " || $0 == "/" || $0 == "," || $0 == "(" })
  for word in words {
    let word = word.trimmingCharacters(in: CharacterSet(charactersIn: ".,:;)\"'"))
    let camel = word.contains(where: \.isUppercase) && word.first?.isLowercase == true
    if camel || word.hasPrefix("--") || ["needs-sync", "automatic-reads"].contains(word) {
      found.insert(word)
    }
  }
  for quoted in text.split(separator: "'").enumerated() where quoted.offset % 2 == 1 {
    if quoted.element.hasPrefix("stategate ") { found.insert(String(quoted.element)) }
  }
  return found
}

@Suite("Languages")
@MainActor
struct LanguageTests {
  @Test(
    "A locale names its language; LC_ALL, then LC_MESSAGES, then LANG decide; others are English",
    arguments: [
      (["LANG": "ja_JP.UTF-8"], Language.japanese), (["LANG": "ja"], .japanese),
      (["LANG": "zh_TW.UTF-8"], .traditionalChinese), (["LANG": "zh_HK"], .traditionalChinese),
      (["LANG": "zh_Hant_TW.UTF-8"], .traditionalChinese),
      (["LANG": "zh-Hant"], .traditionalChinese),
      (["LANG": "zh_CN.UTF-8"], .english), (["LANG": "ko_KR.UTF-8"], .korean),
      (["LANG": "C"], .english), (["LANG": "POSIX"], .english), (["LANG": "fr_FR.UTF-8"], .english),
      ([:], .english), (["LC_ALL": "ko_KR.UTF-8", "LC_MESSAGES": "ja_JP", "LANG": "C"], .korean),
      (["LC_ALL": "", "LC_MESSAGES": "ja_JP.UTF-8", "LANG": "ko_KR.UTF-8"], .japanese),
      (["LC_ALL": "C", "LANG": "ja_JP.UTF-8"], .english),
    ])
  func locale(environment: [String: String], language: Language) {
    #expect(Language.ofLocale(in: environment) == language, "\(environment)")
  }

  @Test("Every failure class has every text in every language, with the same causes and names")
  func failureClassTexts() {
    for failureClass in FailureClass.allCases {
      let english = failureClass.text(in: .english)
      #expect(english.definition == failureClass.definition)
      for language in Language.allCases where language != .english {
        let text = failureClass.text(in: language)
        let fields = [text.summary, text.definition, text.whereToLook] + text.typicalCauses
        #expect(fields.allSatisfy { !$0.isEmpty }, "\(failureClass) in \(language)")
        #expect(
          text.typicalCauses.count == english.typicalCauses.count,
          "\(failureClass) in \(language): causes do not match English's one for one")
        #expect(text.definition != english.definition, "\(failureClass) in \(language)")
        for (translated, original) in zip(
          [text.summary, text.definition, text.whereToLook] + text.typicalCauses,
          [english.summary, english.definition, english.whereToLook] + english.typicalCauses)
        {
          let missing = identifiers(in: original).filter { !translated.contains($0) }
          #expect(
            missing.isEmpty,
            "\(failureClass) in \(language) drops \(missing.sorted()): \(translated)")
        }
      }
    }
  }

  @Test("Every phrase and exit status has its words in every language, with the same names")
  func phrases() {
    for language in Language.allCases {
      for phrase in Phrase.allCases {
        let text = phrase.text(in: language)
        // Only the end of a list may be nothing (a list of words ends without a full stop).
        #expect(
          phrase == .listEnd || !text.trimmingCharacters(in: .whitespaces).isEmpty,
          "\(phrase) in \(language)")
        #expect(
          identifiers(in: text) == identifiers(in: phrase.text(in: .english)),
          "\(phrase) in \(language): \(text)")
        // What a phrase quotes (steps, actions, names, classes) goes in every language's text.
        #expect(
          ReasonTemplate.Pattern(text).placeholders == phrase.placeholders,
          "\(phrase) in \(language) has other placeholders than English: \(text)")
      }
      let meanings = ExitStatus.allCases.map { $0.meaning(in: language) }
      #expect(Set(meanings).count == ExitStatus.allCases.count, "\(language): \(meanings)")
      #expect(meanings.allSatisfy { !$0.isEmpty })
    }
  }

  @Test("The overview's exit statuses read in the language; English reads as before")
  func overview() {
    let english = StateGate.overview(in: .english)
    #expect(
      english.contains(
        "Exit status: 0 success, 1 contract failures, 64 usage, 65 malformed input,\n"
          + "66 missing input, 69 nothing matched, 70 internal error, 74 I/O error, 130 interrupted.\n"
      ))
    let japanese = runStateGate(["--help"], environment: ["LANG": "ja_JP.UTF-8"])
    #expect(japanese.output.contains("終了ステータス：0 成功、1 契約の失敗、64 使い方の誤り"))
    #expect(
      runStateGate(["--language", "ko", "--help"], environment: [:]).output.contains("64 사용법 오류"))
  }

  @Test(
    "explain speaks the locale's language, and --language overrides it",
    arguments: [Language.japanese, .traditionalChinese, .korean])
  @MainActor
  func explainInLocale(language: Language) throws {
    let locale = try #require(localeOf[language])
    let result = runStateGate(["explain", "group-boundary"], environment: ["LANG": locale])
    #expect(result.status == .success)
    let text = FailureClass.groupBoundary.text(in: language)
    #expect(result.output == ExplainCommand.explanation(of: .groupBoundary, in: language))
    #expect(result.output.hasPrefix("group-boundary ("))
    #expect(result.output.contains(text.definition))
    #expect(result.output.contains(Phrase.typicalCauses.text(in: language)))
    #expect(result.output.contains("  - " + text.typicalCauses[0]))
    #expect(!result.output.contains("Typical causes"))

    let english = runStateGate(
      ["explain", "group-boundary", "--language", "en"], environment: ["LANG": locale])
    #expect(english.output == ExplainCommand.explanation(of: .groupBoundary))
    #expect(english.output.contains("Typical causes:"))
    let before = runStateGate(
      ["--language", "en", "explain", "group-boundary"], environment: ["LC_ALL": locale])
    #expect(before.output == english.output)
  }

  @Test(
    "A process a test starts speaks English whatever the developer's locale says",
    arguments: ["LANG", "LC_MESSAGES", "LC_ALL"])
  func testProcessesPinEnglish(variable: String) throws {
    let environment = EnglishEnvironment.inherited(adding: [variable: "ja_JP.UTF-8"])
    #expect(Language.ofLocale(in: environment) == .english, "\(variable)")
    let result = try ToolProcess.run(
      try stategateExecutable(), ["explain", "group-boundary"], environment: environment)
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output == ExplainCommand.explanation(of: .groupBoundary, in: .english),
      "\(variable): \(result.output.prefix(200))")
  }

  @Test("list gives each class's one line in the language")
  @MainActor
  func list() {
    let result = runStateGate(["list"], environment: ["LANG": "ko_KR.UTF-8"])
    #expect(result.status == .success)
    for failureClass in FailureClass.allCases {
      #expect(result.output.contains(failureClass.text(in: .korean).summary), "\(failureClass)")
    }
    #expect(result.output.contains(Phrase.listedClasses.text(in: .korean)))
  }

  @Test("An unknown --language is a usage error that names the choices")
  @MainActor
  func unknownLanguage() {
    for arguments in [
      ["explain", "rollback", "--language", "fr"], ["--language", "zh-CN", "list"],
    ] {
      let result = runStateGate(arguments, environment: [:])
      #expect(result.status == .usage)
      #expect(result.error.contains("'--language'"), "\(result.error)")
      #expect(result.error.contains("en, ja, zh-Hant or ko"), "\(result.error)")
      #expect(result.output.isEmpty)
    }
    #expect(runStateGate(["--language"], environment: [:]).status == .usage)
  }

  @Test(
    "A failing case's class line and reason read in the language on the console, in summary.md and the report",
    arguments: Language.allCases)
  func classLine(language: Language) throws {
    let locale = try #require(localeOf[language])
    let output = freshOutput()
    let result = runStateGate(
      ["run", "--subject", "fault:drag-callback-groups", "--filter", "ten-callback-drag"],
      environment: ["LANG": locale, "STATEGATE_OUTPUT": output])
    #expect(result.status == .contractFailures, "\(result.error)")
    let english = "restored 0 after 10 undos: the action was recorded as 10 groups"
    let reason = Reason(.restoredAfterUndos, ["expected": "0", "count": "10"]).text(in: language)
    #expect((reason == english) == (language == .english), "\(reason)")
    let summary = FailureClass.groupBoundary.text(in: language).summary
    let directory = PathText.join(output, try #require(runDirectories(in: output).first))
    let markdown = try String(
      contentsOfFile: PathText.join(directory, "summary.md"), encoding: .utf8)
    if language == .english {
      #expect(result.output.contains("        group-boundary: \(reason)\n"), "\(result.output)")
      #expect(markdown.contains("`fault:drag-callback-groups` | group-boundary | "))
    } else {
      #expect(
        result.output.contains("        group-boundary: \(summary)\n          \(reason)\n"),
        "\(result.output)")
      #expect(markdown.contains("| group-boundary<br>\(summary) | "), "\(markdown)")
    }
    #expect(markdown.contains(" | \(reason) |"), "\(markdown)")
    #expect(result.output.contains("next: stategate explain group-boundary"))

    let page = PathText.join(output, "report.html")
    let report = runStateGate(
      ["report", directory, "--output", page], environment: ["LANG": locale])
    #expect(report.status == .success, "\(report.error)")
    let html = try String(contentsOfFile: page, encoding: .utf8)
    let text = FailureClass.groupBoundary.text(in: language)
    #expect(html.contains(Phrase.whereToLook.text(in: language)))
    // The archive records the English reason; the page reads it back in the language.
    #expect(
      html.contains("<span class=\"class\">group-boundary</span> \(HTMLReport.escape(reason))</p>"),
      "\(reason)")
    #expect(html.contains(HTMLReport.escape(text.definition)))
    // The page is English; the explanation says which language it is in, for readers and fonts.
    #expect(html.contains("<html lang=\"en\">"))
    #expect(
      html.contains(
        "<div class=\"explanation\" lang=\"\(language.rawValue)\"><p>"
          + HTMLReport.escape(text.definition)))
  }

  @Test(
    "A reason built of several templates reads in the language, its observed values as they are",
    arguments: Language.allCases)
  func nestedReason(language: Language) throws {
    let locale = try #require(localeOf[language])
    let output = freshOutput()
    let result = runStateGate(
      ["run", "--subject", "fault:window-never-closes", "--filter", "switch-discards-redo"],
      environment: ["LANG": locale, "STATEGATE_OUTPUT": output])
    #expect(result.status == .contractFailures, "\(result.error)")
    let reason = Reason(
      .coalescingMerged,
      [
        "action": "'adjust 30' (step 3)",
        "why": Reason(.afterPreviousAdjustment, ["duration": "800ms"]),
        "counts": Reason(.countsBeforeAfter, ["before": "undos=1", "after": "undos=1"]),
        "undone": "value=0", "value": "10", "what": Reason(.coalescedIntoPrevious),
      ])
    #expect(
      reason.english
        == [
          "'adjust 30' (step 3) came 800ms after the previous adjustment, so it must start a ",
          "group of its own, yet undos=1 before, undos=1 after and one undo then gives value=0, ",
          "not value=10: the adjustment was coalesced into the group before it",
        ].joined())
    let text = reason.text(in: language)
    #expect(result.output.contains(text), "\(result.output)")
    for value in ["'adjust 30' (step 3)", "800ms", "undos=1", "value=0", "value=10"] {
      #expect(text.contains(value), "\(language): \(text)")
    }
    if language != .english {
      #expect(!result.output.contains(reason.english), "\(result.output)")
    }
    let directory = PathText.join(output, try #require(runDirectories(in: output).first))
    let page = PathText.join(output, "report.html")
    _ = runStateGate(["report", directory, "--output", page], environment: ["LANG": locale])
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains(HTMLReport.escape(text)), "\(language)")
  }

  @Test("Shards run in one language merge into a directory that records it and speaks it")
  func merge() throws {
    let shards = freshOutput()
    for index in 1...2 {
      _ = runStateGate(
        [
          "run", "--subject", "fault:drag-callback-groups", "--filter", "ten-callback-drag",
          "--filter", "grouped-drag", "--shard", "\(index)/2",
        ], environment: ["LANG": "ja_JP.UTF-8", "STATEGATE_OUTPUT": shards])
    }
    let directories = runDirectories(in: shards).map { PathText.join(shards, $0) }
    #expect(directories.count == 2)
    let merged = freshOutput()
    let result = runStateGate(
      ["merge", "--output", merged, "--print-path"] + directories, environment: [:])
    #expect(result.status == .success, "\(result.error)")
    let path = result.output.trimmingCharacters(in: .newlines)
    let manifest = try JSONDecoder().decode(
      Manifest.self,
      from: Data(
        try String(contentsOfFile: PathText.join(path, "manifest.json"), encoding: .utf8).utf8))
    #expect(manifest.language == "ja")
    let summary = try String(contentsOfFile: PathText.join(path, "summary.md"), encoding: .utf8)
    #expect(
      summary.contains(
        "group-boundary<br>\(FailureClass.groupBoundary.text(in: .japanese).summary)"))
  }

  @Test(
    "Failing cases under every language write identical machine outputs; the manifest names the language",
    arguments: [
      (
        "fault:drag-callback-groups", "ten-callback-drag",
        "restored 0 after 10 undos: the action was recorded as 10 groups"
      ),
      (
        "fault:window-never-closes", "switch-discards-redo",
        "'adjust 30' (step 3) came 800ms after the previous adjustment, so it must start a group "
          + "of its own, yet undos=1 before, undos=1 after and one undo then gives value=0, not "
          + "value=10: the adjustment was coalesced into the group before it"
      ),
      (
        "fault:group-per-selected-item", "selection-adjust-one-group",
        "'adjust 50' (step 3) is one user action on 2 selected items (a: 10 to 50, b: 20 to 50), "
          + "yet it recorded 2 undo groups (undos=0 before, undos=2 after), and one undo then "
          + "gives a.value=50 b.value=20: each selected item's change became a group of its own"
      ),
      (
        "fault:downvote-sends-up", "choice-rolls-back",
        "'set a down' asks for down; it sent a write (sent=yes, a.pending=r1) and the row shows "
          + "off (a.displayed=off a.confirmed=up); 'set a off' on the same state shows off as "
          + "well, so the two controls ask for the same value: the control asked for another "
          + "value than the user chose"
      ),
      (
        "fault:asking-shows-removal", "confirm-writes",
        "after 'tap a' (step 2) a.asking=yes a.displayed=off a.confirmed=on a.pending=none: the "
          + "row shows off while its question is open and nothing was sent; until the user "
          + "confirms, the row shows the confirmed on"
      ),
      (
        "fault:pessimistic-shows-intent", "rollback-after-rejection",
        "after 'tap a as r1' (step 2) a.displayed=on a.confirmed=off a.pending=r1: the subject "
          + "declares the pessimistic display, so while r1 is pending the row shows the confirmed "
          + "off, yet it shows on before the answer"
      ),
      (
        "fault:ui-stale-after-undo", "button-tap-one-group",
        "after 'undo' (step 2) the model shows value=0 but display=40, canRedo=yes but "
          + "redoEnabled=no, canUndo=no but undoEnabled=yes: the UI layer was not refreshed "
          + "from the model"
      ),
    ])
  @MainActor
  func machineOutputsDoNotDependOnLanguage(subject: String, filter: String, reason: String)
    throws
  {
    var junits: [String] = []
    var events: [String] = []
    var manifests: [String] = []
    var jsons: [String] = []
    for language in Language.allCases {
      let locale = try #require(localeOf[language])
      let output = freshOutput()
      let arguments = ["run", "--subject", subject, "--filter", filter, "--format", "json"]
      let result = runStateGate(
        arguments, environment: ["LANG": locale, "STATEGATE_OUTPUT": output])
      #expect(result.status == .contractFailures, "\(result.error)")
      jsons.append(normalized(result.output))
      let directory = PathText.join(output, try #require(runDirectories(in: output).first))
      func read(_ name: String) throws -> String {
        try String(contentsOfFile: PathText.join(directory, name), encoding: .utf8)
      }
      junits.append(normalized(try read("junit.xml")))
      events.append(normalized(try read("events.jsonl")))
      let manifest = try read("manifest.json")
      let recorded = try JSONDecoder().decode(Manifest.self, from: Data(manifest.utf8))
      #expect(recorded.language == language.rawValue)
      manifests.append(
        normalized(manifest).replacingOccurrences(
          of: "\"language\" : \"\(language.rawValue)\"", with: "\"language\" : \"\""
        ).replacingOccurrences(
          of: "\"language\":\"\(language.rawValue)\"", with: "\"language\":\"\""))
    }
    #expect(junits.allSatisfy { $0 == junits[0] }, "junit.xml differs by language")
    #expect(events.allSatisfy { $0 == events[0] }, "events.jsonl differs by language")
    #expect(jsons.allSatisfy { $0 == jsons[0] }, "--format json differs by language")
    #expect(manifests.allSatisfy { $0 == manifests[0] }, "manifest.json differs beyond language")
    // The English reason, word for word as the classifier wrote it before reasons were
    // localized, in every machine output.
    let run = try JSONDecoder().decode(RunReportShape.self, from: Data(jsons[0].utf8))
    #expect(run.suites.flatMap(\.cases).compactMap(\.reason) == [reason])
    #expect(junits[0].contains(reason), "\(junits[0])")
    #expect(events[0].contains("\"reason\":\"\(reason)\""), "\(events[0])")
  }

  @Test(
    "A finding's class line and reason read in the language; its failure and case to paste do not",
    arguments: Language.allCases.filter { $0 != .english })
  func explorationClassLine(language: Language) throws {
    /// Explores the fault under `locale`, its corpus path in the output written `CORPUS`.
    func explore(_ locale: String) -> (status: StateGateCLI.ExitStatus, lines: [String]) {
      let corpus = freshOutput()
      let result = runStateGate(
        [
          "explore", "--subject", "fault:old-ticket-accepted", "--seed", "1", "--cases", "200",
          "--no-isolation", "--corpus", corpus,
        ], environment: ["LANG": locale, "STATEGATE_OUTPUT": freshOutput()])
      let text = result.output.replacingOccurrences(of: corpus, with: "CORPUS")
      return (result.status, text.components(separatedBy: "\n"))
    }
    let (englishStatus, englishLines) = explore("C")
    let (localStatus, localLines) = explore(try #require(localeOf[language]))
    #expect(englishStatus == .contractFailures)
    #expect(localStatus == .contractFailures)
    let fail = try #require(englishLines.firstIndex { $0.hasPrefix("  FAIL  found by sequence") })
    // English: `CLASS: REASON`; the language: `CLASS: the class's line`, the reason under it.
    let classLine = englishLines[fail + 1]
    let separator = try #require(classLine.range(of: ": "))
    let name = String(classLine[..<separator.upperBound])
    let reason = String(classLine[separator.upperBound...])
    let failureClass = try #require(
      FailureClass(rawValue: String(name.dropFirst(8).dropLast(2))), "\(classLine)")
    let translated = Reason(english: reason).text(in: language)
    #expect(translated != reason, "no template reads '\(reason)'")
    #expect(localLines[fail + 1] == name + failureClass.text(in: language).summary)
    #expect(localLines[fail + 2] == "          " + translated)
    // The failure as JUnit words it and the case to paste (suite text) are the same bytes.
    var english = englishLines
    english.remove(at: fail + 1)
    var local = localLines
    local.removeSubrange((fail + 1)...(fail + 2))
    let indented = { (lines: [String]) in lines.filter { $0.hasPrefix("    ") } }
    #expect(!indented(english).isEmpty)
    #expect(indented(local) == indented(english))
  }
}

/// The part of `explore --format json` these tests read.
private struct ExplorationShape: Decodable {
  struct Subject: Decodable {
    struct Found: Decodable {
      var sequence: Int
      var generatedSteps: Int
      var shrunkSteps: Int
      var replays: Int
      var failureClass: String
      var caseText: String
    }
    var subject: String
    var sequences: Int
    var steps: Int
    var finding: Found?
  }
  var resultDirectory: String
  var subjects: [Subject]
}

@Suite("Languages: replay, explore and the report's failing cases")
@MainActor
struct LocalizedVerdictTests {
  /// A failing run of `ten-callback-drag` on `fault:drag-callback-groups`, recorded in English.
  private func failingRun() throws -> String {
    let output = freshOutput()
    let result = runStateGate(
      ["run", "--subject", "fault:drag-callback-groups", "--filter", "ten-callback-drag"],
      environment: ["LANG": "C", "STATEGATE_OUTPUT": output])
    #expect(result.status == .contractFailures, "\(result.error)")
    return PathText.join(output, try #require(runDirectories(in: output).first))
  }

  /// `replay`'s lines for a reproduction and for a case that passes on another subject, in each
  /// language: the words are the language's, steps, actions, subjects and classes as they are.
  static let replayLines: [Language: (reproduces: String, passes: String)] = [
    .english: (
      "  undo-history/ten-callback-drag on fault:drag-callback-groups: reproduces exactly: "
        + "step 12 'drag ended' fails; class group-boundary",
      "  undo-history/ten-callback-drag on editor (recorded on fault:drag-callback-groups): "
        + "now passes: step 12 'drag ended' passes now, the recording says fail"
    ),
    .japanese: (
      "  undo-history/ten-callback-drag（fault:drag-callback-groups）：そのまま再現します："
        + "ステップ 12 'drag ended' が失敗；クラス group-boundary",
      "  undo-history/ten-callback-drag（editor、記録したのは fault:drag-callback-groups）："
        + "今回は成功します：ステップ 12 'drag ended' が今回は成功し、記録では fail です"
    ),
    .traditionalChinese: (
      "  undo-history/ten-callback-drag（fault:drag-callback-groups）：完全重現："
        + "步驟 12 'drag ended' 失敗；類別 group-boundary",
      "  undo-history/ten-callback-drag（editor，錄製時為 fault:drag-callback-groups）："
        + "現在通過：步驟 12 'drag ended' 現在通過，紀錄為 fail"
    ),
    .korean: (
      "  undo-history/ten-callback-drag (fault:drag-callback-groups): 그대로 재현됩니다: "
        + "12단계 'drag ended' 실패; 클래스 group-boundary",
      "  undo-history/ten-callback-drag (editor, 기록한 대상 fault:drag-callback-groups): "
        + "이제 통과합니다: 12단계 'drag ended'이(가) 이제 통과하고, 기록은 fail입니다"
    ),
  ]

  @Test(
    "replay's verdicts read in the locale's language; --language en gives English's bytes",
    arguments: Language.allCases)
  func replayVerdicts(language: Language) throws {
    let locale = try #require(localeOf[language])
    let expected = try #require(Self.replayLines[language])
    let directory = try failingRun()
    let manifest = try JSONDecoder().decode(
      Manifest.self,
      from: Data(
        try String(contentsOfFile: PathText.join(directory, "manifest.json"), encoding: .utf8)
          .utf8))
    let run = manifest.runID
    let heading = Phrase.replayHeading.text(
      in: language, ["path": directory, "run": run, "status": "complete"])
    #expect((heading == "replay \(directory) (run \(run), complete)") == (language == .english))

    let reproduced = runStateGate(["replay", directory], environment: ["LANG": locale])
    #expect(reproduced.status == .contractFailures, "\(reproduced.error)")
    #expect(reproduced.error.isEmpty, "\(reproduced.error)")
    #expect(reproduced.output == heading + "\n" + expected.reproduces + "\n")

    let passing = runStateGate(
      ["replay", directory, "--subject", "editor"], environment: ["LANG": locale])
    #expect(passing.status == .success, "\(passing.error)")
    #expect(passing.output == heading + "\n" + expected.passes + "\n")

    // `--language en` overrides the locale: English's bytes, whatever the locale says.
    let english = try #require(Self.replayLines[.english])
    let overridden = runStateGate(
      ["replay", directory, "--language", "en"], environment: ["LANG": locale])
    #expect(overridden.status == reproduced.status)
    #expect(
      overridden.output == "replay \(directory) (run \(run), complete)\n" + english.reproduces
        + "\n")
  }

  @Test(
    "explore's report reads in the language; the case to paste, names and machine outputs do not",
    arguments: Language.allCases.filter { $0 != .english })
  func explorationReport(language: Language) throws {
    /// Explores the fault under `locale`: status, output (corpus written `CORPUS`, result
    /// directory `RESULTS`), the corpus file's text and the result directory's JUnit and events.
    func explore(_ locale: String, json: Bool) throws -> (
      status: StateGateCLI.ExitStatus, output: String, corpus: [String], records: String
    ) {
      let corpus = freshOutput()
      let output = freshOutput()
      let result = runStateGate(
        [
          "explore", "--subject", "fault:old-ticket-accepted", "--seed", "1", "--cases", "200",
          "--no-isolation", "--corpus", corpus, "--output", output,
        ] + (json ? ["--format", "json"] : []), environment: ["LANG": locale])
      let directory = PathText.join(output, try #require(runDirectories(in: output).first))
      let files = try runDirectories(in: corpus).map {
        try String(contentsOfFile: PathText.join(corpus, $0), encoding: .utf8)
      }
      let records = try ["junit.xml", "events.jsonl"].map {
        normalized(try String(contentsOfFile: PathText.join(directory, $0), encoding: .utf8))
      }.joined(separator: "\n")
      let text = result.output.replacingOccurrences(of: corpus, with: "CORPUS")
        .replacingOccurrences(of: directory, with: "RESULTS")
      return (result.status, text, files, records)
    }
    let locale = try #require(localeOf[language])
    let englishJSON = try explore("C", json: true)
    let localJSON = try explore(locale, json: true)
    #expect(englishJSON.status == .contractFailures)
    #expect(localJSON.status == englishJSON.status)
    // Machine outputs: the same bytes in every language.
    #expect(localJSON.output == englishJSON.output, "--format json differs by language")
    #expect(!englishJSON.corpus.isEmpty)
    #expect(localJSON.corpus == englishJSON.corpus, "the corpus file differs by language")
    #expect(localJSON.records == englishJSON.records, "junit.xml or events.jsonl differs")

    let document = try JSONDecoder().decode(
      ExplorationShape.self, from: Data(englishJSON.output.utf8))
    let subject = try #require(document.subjects.first)
    let finding = try #require(subject.finding)
    let english = try explore("C", json: false)
    let local = try explore(locale, json: false)
    #expect(local.status == english.status)
    let englishLines = english.output.components(separatedBy: "\n")
    let localLines = local.output.components(separatedBy: "\n")
    #expect(englishLines.count + 1 == localLines.count, "\(local.output)")

    // English reads as it always has.
    let sequences = "\(subject.sequences) sequence\(subject.sequences == 1 ? "" : "s")"
    let steps = "\(subject.steps) step\(subject.steps == 1 ? "" : "s")"
    let englishHeading: String =
      "stategate \(StateGate.version) explore: seed 1, --cases 200, up to 40 steps a sequence; "
      + "subjects: fault:old-ticket-accepted"
    let englishFound: String =
      "  FAIL  found by sequence \(finding.sequence) (\(sequences), \(steps)); "
      + "\(finding.generatedSteps) steps shrunk to \(finding.shrunkSteps) in "
      + "\(finding.replays) replays"
    let englishStart: [String] = [
      englishHeading, "", "fault:old-ticket-accepted (optimistic updates)", englishFound,
    ]
    #expect(Array(englishLines.prefix(4)) == englishStart)
    #expect(
      englishLines.contains(
        "  the case, ready to paste (seed 1); kept in CORPUS/" + corpusName(englishLines) + ":"))
    #expect(
      englishLines.contains(
        "total: 1 subject explored, 1 failure; failures by class: \(finding.failureClass) 1"))

    // The language's words around the same names and numbers.
    let lines = try #require(Self.explorationLines[language])
    let (heading, family, found, paste, total) = lines(
      finding.sequence, subject.sequences, subject.steps, finding.generatedSteps,
      finding.shrunkSteps, finding.replays)
    #expect(localLines[0] == heading)
    #expect(localLines[2] == "fault:old-ticket-accepted" + family)
    #expect(localLines[3] == "  FAIL  " + found)
    #expect(
      localLines.contains { $0.hasPrefix("  " + paste + corpusName(englishLines)) },
      "\(local.output)")
    #expect(
      localLines.contains(total + "\(finding.failureClass) 1"), "\(local.output)")

    // Coverage: the headings in the language, the actions' and situations' names as they are.
    let separator = Phrase.listSeparator.text(in: language)
    for (phrase, label) in [
      (Phrase.coverageActions, "  actions: "), (.coverageSituations, "  situations: "),
      (.neverReached, "  never reached: "),
    ] {
      let line = try #require(englishLines.first { $0.hasPrefix(label) })
      let list = String(line.dropFirst(label.count))
      let translated =
        "  "
        + phrase.text(
          in: language, ["list": list.replacingOccurrences(of: ", ", with: separator)])
      #expect(localLines.contains(translated), "\(label) in \(language)")
      #expect(translated != line)
    }
    // The case to paste is suite text: the same lines in every language.
    let caseLines = finding.caseText.split(separator: "\n").map { "    \($0)" }
    #expect(englishLines.contains(caseLines[0]))
    #expect(localLines.filter { caseLines.contains($0) } == caseLines)
  }

  @Test(
    "A failing case's headings in the HTML report read in the language; English's as before",
    arguments: Language.allCases)
  func reportHeadings(language: Language) throws {
    let locale = try #require(localeOf[language])
    let directory = try failingRun()
    let page = PathText.join((directory as NSString).deletingLastPathComponent, "report.html")
    let report = runStateGate(
      ["report", directory, "--output", page], environment: ["LANG": locale])
    #expect(report.status == .success, "\(report.error)")
    let html = try String(contentsOfFile: page, encoding: .utf8)
    let headings: [Language: (String, String)] = [
      .english: (
        "<h2>Failing cases (1)</h2>",
        "<thead><tr><th>#</th><th>line</th><th>step</th><th>expected</th>"
          + "<th>observed after the step</th><th>verdict</th></tr></thead>"
      ),
      .japanese: (
        "<h2 lang=\"ja\">失敗したケース（1）</h2>",
        "<thead lang=\"ja\"><tr><th>#</th><th>行</th><th>ステップ</th><th>期待</th>"
          + "<th>ステップ後の観測値</th><th>判定</th></tr></thead>"
      ),
      .traditionalChinese: (
        "<h2 lang=\"zh-Hant\">失敗的案例（1）</h2>",
        "<thead lang=\"zh-Hant\"><tr><th>#</th><th>行</th><th>步驟</th><th>預期</th>"
          + "<th>步驟之後觀察到的值</th><th>判定</th></tr></thead>"
      ),
      .korean: (
        "<h2 lang=\"ko\">실패한 케이스(1)</h2>",
        "<thead lang=\"ko\"><tr><th>#</th><th>줄</th><th>단계</th><th>기대</th>"
          + "<th>단계 뒤에 관찰한 값</th><th>판정</th></tr></thead>"
      ),
    ]
    let (heading, timeline) = try #require(headings[language])
    #expect(html.contains(heading), "\(language)")
    #expect(html.contains(timeline), "\(language)")
    // The failure as JUnit words it stays English, and says so in another language.
    #expect(
      html.contains(
        language == .english ? "<pre class=\"failure\">" : "<pre class=\"failure\" lang=\"en\">"))
    #expect(html.contains("<td class=\"step\">drag ended</td>"))
    // The page's own parts and the archive's words are the same in every language.
    #expect(html.contains("<html lang=\"en\">"))
    #expect(html.contains("<h2>Failures by class</h2>"))
  }

  @Test(
    "An invariant an observed value broke is named in the language in the HTML report",
    arguments: Language.allCases)
  func reportInvariantNote(language: Language) throws {
    let expected: [Language: String] = [
      .english: " (invariant: ", .japanese: "（不変条件：", .traditionalChinese: "（不變條件：",
      .korean: " (불변 조건: ",
    ]
    let note = try #require(expected[language])
    let output = freshOutput()
    let run = runStateGate(
      ["run", "--subject", "fault:ui-stale-after-undo", "--filter", "button-tap-one-group"],
      environment: ["LANG": "C", "STATEGATE_OUTPUT": output])
    #expect(run.status == .contractFailures, "\(run.error)")
    let directory = PathText.join(output, try #require(runDirectories(in: output).first))
    let page = PathText.join(output, "report.html")
    let locale = try #require(localeOf[language])
    _ = runStateGate(["report", directory, "--output", page], environment: ["LANG": locale])
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains("</span>" + HTMLReport.escape(note)), "\(language)")
    // In the steps' table; the failure as JUnit words it (above the table) stays English.
    #expect(html.contains("</span> (invariant: ") == (language == .english))
  }

  /// The corpus file's name in an English report's paste line.
  private func corpusName(_ lines: [String]) -> String {
    let line = lines.first { $0.contains("kept in CORPUS/") } ?? ""
    return String(line.split(separator: "/").last?.dropLast() ?? "")
  }

  /// Each language's heading, family, finding line, paste heading (up to the corpus file's
  /// name) and total line (up to the class), from the finding's sequence, the sequences and
  /// steps explored, and the steps generated, kept and the replays that shrank them.
  static let explorationLines:
    [Language: (Int, Int, Int, Int, Int, Int) -> (String, String, String, String, String)] = [
      .japanese: { sequence, sequences, steps, generated, shrunk, replays in
        (
          "stategate \(StateGate.version) explore：乱数シード 1、--cases 200、"
            + "1 シーケンスあたり最大 40 ステップ；対象：fault:old-ticket-accepted",
          "（楽観的更新）",
          "シーケンス \(sequence) で発見（\(sequences) シーケンス、\(steps) ステップ）；"
            + "\(generated) ステップを \(replays) 回の再実行で \(shrunk) ステップに縮めました",
          "そのまま貼り付けられるケース（乱数シード 1）；保存先 CORPUS/",
          "合計：1 個の対象を探索、1 件の失敗；クラス別の失敗："
        )
      },
      .traditionalChinese: { sequence, sequences, steps, generated, shrunk, replays in
        (
          "stategate \(StateGate.version) explore：隨機種子 1，--cases 200，每個序列最多 40 個步驟；"
            + "受測對象：fault:old-ticket-accepted",
          "（樂觀更新）",
          "由序列 \(sequence) 發現（\(sequences) 個序列，\(steps) 個步驟）；\(generated) 個步驟經 "
            + "\(replays) 次重播縮減為 \(shrunk) 個",
          "可直接貼上的案例（隨機種子 1）；保存於 CORPUS/",
          "總計：探索了 1 個受測對象，1 個失敗；各類別的失敗："
        )
      },
      .korean: { sequence, sequences, steps, generated, shrunk, replays in
        (
          "stategate \(StateGate.version) explore: 랜덤 시드 1, --cases 200, 시퀀스당 최대 40단계; "
            + "대상: fault:old-ticket-accepted",
          " (낙관적 업데이트)",
          "\(sequence)번 시퀀스에서 발견(시퀀스 \(sequences)개, \(steps)단계); \(generated)단계를 "
            + "\(replays)번 재실행해 \(shrunk)단계로 줄였습니다",
          "그대로 붙여 넣을 수 있는 케이스(랜덤 시드 1); 저장 위치 CORPUS/",
          "합계: 대상 1개 탐색, 실패 1건; 클래스별 실패: "
        )
      },
    ]
}

/// The part of `--format json` these tests read: each case's reason.
private struct RunReportShape: Decodable {
  struct Suite: Decodable {
    struct Case: Decodable { var reason: String? }
    var cases: [Case]
  }
  var suites: [Suite]
}

/// The repository's root.
private let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("../..").standardized

/// The text of `path` in the repository.
private func repositoryText(_ path: String) throws -> String {
  try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
}

@Suite("Translated documentation")
struct TranslatedDocumentationTests {
  @Test(
    "Each language's failure-classes page holds every class's current text",
    arguments: [Language.japanese, .traditionalChinese, .korean])
  func failureClassesPage(language: Language) throws {
    let page = try repositoryText("docs/\(language.rawValue)/failure-classes.md")
    for failureClass in FailureClass.allCases {
      let text = failureClass.text(in: language)
      let row = "| [`\(failureClass.rawValue)`](#\(failureClass.rawValue)) | "
      #expect(page.contains(row), "\(failureClass) has no row")
      #expect(page.contains("\n## \(failureClass.rawValue)\n"), "\(failureClass) has no section")
      for part in [text.summary, text.definition, text.whereToLook] + text.typicalCauses {
        #expect(page.contains(part), "docs/\(language.rawValue)/failure-classes.md lacks: \(part)")
      }
    }
  }

  @Test(
    "Each quick start covers install, make run, the first model and every exit status",
    arguments: [Language.japanese, .traditionalChinese, .korean])
  func quickStart(language: Language) throws {
    let path = "docs/\(language.rawValue)/quick-start.md"
    let page = try repositoryText(path)
    for needle in [
      "make install", "make run", "stategate explain group-boundary", "UndoHistorySubject",
      "registerUndo", "(failure-classes.md)", "--language en|ja|zh-Hant|ko",
    ] {
      #expect(page.contains(needle), "\(path) lacks \(needle)")
    }
    for status in StateGateCLI.ExitStatus.allCases {
      #expect(
        page.contains("\n| \(status.rawValue) | "), "\(path) has no row for \(status.rawValue)")
    }
    let readme = try repositoryText("README.md").split(separator: "\n").prefix(20)
      .joined(separator: "\n")
    #expect(readme.contains("](\(path))"), "README's first screen does not link \(path)")
    #expect(DocumentationLinkTests.translatedFiles.contains(path))
  }
}

/// `text` with what varies from run to run whatever the language: UUIDs, times, durations and
/// the temporary output directory.
private func normalized(_ text: String) -> String {
  let patterns = [
    ("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "UUID"),
    ("[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}", "UUID"),
    ("(time|timestamp)=\"[^\"]*\"", "$1=\"\""),
    (
      "\"(\\w*([Tt]ime|[Dd]uration|Seconds|Date)\\w*)\"( ?): ?(\"[^\"]*\"|[0-9.eE+-]+)",
      "\"$1\":\"\""
    ),
    ("[0-9]+(\\.[0-9]+)?s\\b", "Ns"),
  ]
  var text = text
  for (pattern, template) in patterns {
    text = text.replacingOccurrences(of: pattern, with: template, options: .regularExpression)
  }
  return text
}
