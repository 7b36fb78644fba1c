import Contracts
import Testing

/// A reason of `template` with each placeholder's argument a distinct value (`<name>`).
private func sample(_ template: ReasonTemplate) -> Reason {
  var arguments: [String: Reason] = [:]
  for name in template.placeholders {
    arguments[name] = Reason("<\(name)>")
  }
  return Reason(template, arguments)
}

@Suite("Reason templates")
struct ReasonTemplateTests {
  @Test(
    "Every template has its wording in every language, with the same placeholders as English",
    arguments: ReasonTemplate.allCases)
  func everyLanguage(template: ReasonTemplate) {
    let english = ReasonTemplate.Pattern(template.text(in: .english)).placeholders
    for language in Language.allCases {
      let text = template.text(in: language)
      #expect(!text.isEmpty, "\(template) in \(language)")
      #expect(
        ReasonTemplate.Pattern(text).placeholders == english,
        "\(template) in \(language): placeholders differ from English's \(english.sorted())")
      // A brace left over is a placeholder misspelt (`{step]`, `{ step}`).
      let literal = ReasonTemplate.Pattern(text).segments.compactMap { segment -> String? in
        if case .literal(let text) = segment { return text }
        return nil
      }.joined()
      #expect(!literal.contains("{") && !literal.contains("}"), "\(template) in \(language)")
    }
  }

  @Test("A placeholder's check tells a missing or renamed placeholder")
  func placeholdersDiffer() {
    let english = ReasonTemplate.Pattern("restored {value} after {count} undos").placeholders
    #expect(ReasonTemplate.Pattern("{count} 回の取り消しで {value} に戻りました").placeholders == english)
    #expect(ReasonTemplate.Pattern("{count} 回の取り消しで戻りました").placeholders != english)
    #expect(ReasonTemplate.Pattern("{count} 回の取り消しで {valu} に戻りました").placeholders != english)
    #expect(ReasonTemplate.Pattern("a {b} {c").placeholders == ["b"])
  }

  @Test("A reason puts its arguments in place in each language and keeps data as it is")
  func rendering() {
    let reason = Reason(.replayStopped, ["step": "4"])
    #expect(
      reason.text(in: .english)
        == "the failure did not reproduce: a replay on a fresh subject stopped before step 4")
    #expect(reason.english == reason.text(in: .english))
    #expect(reason.text(in: .japanese).contains("ステップ 4 "))
    let data = Reason("value=3 'adjust 30' (step 2)")
    for language in Language.allCases {
      #expect(data.text(in: language) == "value=3 'adjust 30' (step 2)")
    }
    let nested = Reason(
      .noExperimentConfirmed,
      ["action": "'undo' (step 2)", "tried": .joined([Reason(.noValue), "x=1"], separator: "; ")])
    #expect(
      nested.english == "no experiment confirmed a class for 'undo' (step 2): no value; x=1")
    #expect(nested.text(in: .korean).contains("값 없음; x=1"))
  }

  @Test(
    "An archive's English reason reads back as its template, so it reads in every language",
    arguments: ReasonTemplate.allCases)
  func readsBack(template: ReasonTemplate) {
    let reason = sample(template)
    let read = Reason(english: reason.english)
    for language in Language.allCases {
      #expect(read.text(in: language) == reason.text(in: language), "\(template) in \(language)")
    }
  }

  @Test(
    "A recorded reason of nested templates and a list of facts reads back as it was built",
    arguments: [
      Reason(
        .leavingOutGivesExpected,
        [
          "what": Reason(.answerTo, ["request": "r1"]), "effect": Reason(.itWasApplied),
          "facts": .joined(
            [
              Reason(.answeredAt, ["step": "3"]),
              Reason(.whenItCame, ["counts": "a.pending=none"]),
            ], separator: ", "),
        ]),
      Reason(
        .dragRecordedInProgress,
        [
          "action": "'drag moved 30' (step 3)", "counts": "undos=2 redos=0",
          "began": "undos=1 redos=0",
          "cancel": Reason(.cancelKeptGroups, ["start": "10", "now": "undos=3 redos=0"]),
        ]),
      Reason(
        .historyCarriedAcrossSwitch,
        [
          "action": "'switch b 100' (step 5)", "before": "undos=1 redos=1",
          "after": "undos=1 redos=1", "command": Reason(.redoWord),
        ]),
    ])
  func readsBackNested(reason: Reason) {
    let read = Reason(english: reason.english)
    for language in Language.allCases {
      #expect(read.text(in: language) == reason.text(in: language), "\(reason.english)")
    }
  }

  @Test("A recorded reason no template matches reads as it was recorded")
  func readsUnknownText() {
    let text = "the subject crashed after step 3: the worker ended with signal SIGILL"
    #expect(Reason(english: text) == Reason(text))
    #expect(Reason(english: text).text(in: .japanese) == text)
    let nested = Reason(
      .notReproduced,
      [
        "action": "'undo' (step 2)",
        "shown": Reason(.replayShowedInstead, ["replayed": "value=1", "recorded": "value=2"]),
      ])
    #expect(Reason(english: nested.english) == nested)
  }

  @Test("Scrubbing a reason changes its data and keeps its templates")
  func mappingData() {
    let reason = Reason(.declineChangedNothing, ["record": "secret"])
    let scrubbed = reason.mappingData { $0 == "secret" ? "v1" : $0 }
    #expect(scrubbed == Reason(.declineChangedNothing, ["record": "v1"]))
  }
}
