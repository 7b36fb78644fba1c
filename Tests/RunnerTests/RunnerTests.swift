import Contracts
import Faults
import ReferenceModels
import Testing

@testable import RunModel
@testable import Runner

/// A clock that never moves, so durations are 0 and output is byte-for-byte stable.
let frozenClock: @Sendable () -> Double = { 0 }

/// Runs `suiteText` against `subject` and returns the single case's result.
@MainActor
func runCase(_ suiteText: String, against subject: SubjectEntry) throws -> CaseResult {
  let suite = try SuiteReader.parse(suiteText, source: "test.suite")
  let report = ContractRunner(clock: frozenClock).run(
    RunPlan(suites: [suite], subjects: [subject]))
  return try #require(report.suites.first?.cases.first)
}

let editor = SubjectEntry.reference[0]
/// The built-in cases about a coalescing window, which a subject that declares none skips.
let coalescingCaseIDs = [
  "typing-one-group", "window-counts-from-last-adjust", "wait-window-splits", "waits-add-up",
  "undo-ends-run", "redo-ends-run", "drag-ends-run",
]
/// The built-in cases that name values beyond on/off: only `follows` declares them.
let valueCaseIDs = [
  "server-answers-requested", "choice-rolls-back", "choice-while-pending", "choosing-shown-value",
  "unknown-choice-needs-read", "old-answer-other-value", "filter-by-value",
]
/// The built-in cases for the pessimistic display, which only `favorites-pessimistic` declares.
let pessimisticCaseIDs = [
  "pessimistic-confirmed-while-pending", "pessimistic-shows-server-value",
  "pessimistic-refusal-changes-nothing", "pessimistic-unknown-outcome", "pessimistic-timeout",
  "pessimistic-stale-answer", "pessimistic-session-change", "pessimistic-batch",
  "pessimistic-cancel", "pessimistic-identity-after-sort", "pessimistic-filter-by-shown-value",
]
/// The built-in cases for the in-flight rule latest-wins, which only `favorites-latest-wins`
/// declares.
let latestWinsCaseIDs = [
  "latest-wins-second-tap-supersedes", "latest-wins-superseded-answer-ignored",
  "latest-wins-latest-success-settles", "latest-wins-rejection-rolls-back",
  "latest-wins-stale-after-session",
]
/// The built-in cases for the in-flight rule queue-latest, which only `favorites-queue-latest`
/// declares.
let queueLatestCaseIDs = [
  "queue-latest-tap-queues", "queue-latest-answer-sends-queued", "queue-latest-newer-tap-replaces",
  "queue-latest-queued-success-settles", "queue-latest-queued-rejection-rolls-back",
  "queue-latest-session-drops-queue",
]
/// The built-in cases for the unknown-outcome rule keep-and-retry, which only `favorites-offline`
/// declares.
let retryCaseIDs = [
  "retry-keeps-provisional-after-unknown", "retry-rejection-rolls-back", "retry-until-answered",
  "retry-stale-after-session",
]
/// The built-in cases of batches, which `favorites-offline` (no batches) skips, in suite order.
let batchCaseIDs = [
  "batch-shows-every-record-at-once", "batch-rejection-rolls-back-every-record",
  "batch-unknown-needs-sync", "batch-answer-per-record", "stale-batch-answer", "batch-timeout",
]
/// The built-in cases on two values whose expectations hold only when an unknown outcome
/// withdraws (`requires unknown-withdraws`), which `favorites-offline` skips, in suite order.
let withdrawCaseIDs = [
  "unknown-outcome", "unknown-is-not-rejection", "unknown-beside-success",
  "session-resets-records", "cancel-is-unknown", "sync-unblocks", "failed-sync-keeps-blocked",
  "refresh-unblocks", "timeout-withdraws-write", "timeout-late-answer-stale",
]
/// The built-in cases on two values that hold only with one write in flight at a time (`requires
/// one-write-in-flight`), which `favorites-latest-wins` and `favorites-queue-latest` skip, in
/// suite order.
let oneWriteCaseIDs = [
  "rollback-after-rejection", "tap-while-pending", "saving-bound-to-pending",
  "batch-shows-every-record-at-once", "timeout-withdraws-write",
]
/// The built-in cases on two values and the values cases that state, on `under
/// display-pessimistic` lines, what a pessimistic row shows while a write is pending: they ran
/// only on the optimistic display before those lines, in suite order.
let bothDisplaysCaseIDs = [
  "rollback-after-rejection", "tap-while-pending", "server-authority", "old-ticket",
  "old-session", "unknown-outcome", "unknown-is-not-rejection", "records-isolated",
  "identity-after-sort", "rollback-to-current-confirmed", "cancel-is-unknown", "sync-unblocks",
  "automatic-read-after-unknown", "automatic-read-after-cancel", "filter-keeps-hidden-state",
  "refresh-reloads-confirmed", "batch-shows-every-record-at-once",
  "batch-rejection-rolls-back-every-record", "batch-unknown-needs-sync",
  "batch-answer-per-record", "stale-batch-answer", "server-answers-requested",
  "choice-rolls-back", "choice-while-pending", "unknown-choice-needs-read",
  "old-answer-other-value", "filter-by-value", "timeout-withdraws-write",
  "timeout-belongs-to-its-write", "batch-timeout",
]
/// The built-in cases that require capability `selection`, in suite order.
let selectionCaseIDs = [
  "selection-adjust-one-group", "selection-drag-one-group", "selection-mixed-display",
  "selection-change-not-an-edit",
]
/// The built-in cases that require the `document-history` rule's `history-per-document`, in suite
/// order.
let perDocumentCaseIDs = [
  "switch-back-keeps-history", "other-document-history-own", "history-limit-per-document",
]
let favorites = SubjectEntry.reference[1]

/// The runner: every built-in case on the reference subjects, every kind of expectation able to
/// fail, every case run on a fresh subject.
@MainActor
@Suite("Runner")
struct RunnerTests {
  @Test("The reference subjects pass every built-in case that applies to them")
  func referenceSubjectsPass() throws {
    let plan = RunPlan(suites: try BuiltInSuites.load(), subjects: SubjectEntry.reference)
    let report = ContractRunner(clock: frozenClock).run(plan)
    let failures = report.suites.flatMap(\.cases).filter { $0.outcome == .failed }
    #expect(
      failures.isEmpty,
      "\(failures.map { "\($0.caseID): \(String(describing: $0.firstFailure?.mismatches))" })")
    let skipped = report.suites.flatMap(\.cases).filter { $0.outcome != .passed }.map(\.caseID)
    let otherRules = [
      "drag-back-one-group", "drag-cancel-keeps", "undo-during-drag-cancels",
      "redo-during-drag-cancels",
    ]
    // `editor` declares no coalescing window (`typing-editor` does), only `selection-editor`
    // declares a selection (and no documents, results or UI layer of its own), only
    // `favorites-rereading` reads by itself, only `follows` declares values beyond on/off, and
    // only `favorites-pessimistic` declares the pessimistic display (it runs the cases of both
    // displays but those of the automatic reads and the values), and only `favorites-latest-wins` declares
    // the in-flight rule latest-wins (`favorites-queue-latest` queue-latest), and only
    // `favorites-offline` the unknown-outcome rule keep-and-retry, only `favorites-confirming`
    // the confirmation rule removal-asks-first, and only `favorites-shared` the entity rule shared.
    let inspectorLacks = [
      "drag-back-one-group", "switch-discards-redo", "document-switch-isolates",
      "old-callbacks-after-switch", "stale-async-discarded", "undo-makes-result-stale",
      "valid-async-one-group", "async-result-own-group", "drag-cancel-keeps",
      "undo-during-drag-cancels", "redo-during-drag-cancels", "ui-follows-history",
    ]
    // `snapshot-editor` keeps its own history and has no documents, results or UI layer;
    // `tabbed-editor` has documents that keep their own history, and no results or UI layer.
    let undoOrder = try #require(
      BuiltInSuites.load().first { $0.family == .undoHistory }
    ).cases.map(\.id)
    func inSuiteOrder(_ ids: [String]) -> [String] { undoOrder.filter(ids.contains) }
    let optimisticOrder = try #require(
      BuiltInSuites.load().first { $0.family == .optimisticUpdates }
    ).cases.map(\.id)
    func inOptimisticOrder(_ ids: [String]) -> [String] { optimisticOrder.filter(ids.contains) }
    let tabbedLacks = [
      "drag-back-one-group", "old-callbacks-after-switch", "switch-back-opens-afresh",
      "switch-back-forgets-undo",
      "stale-async-discarded", "undo-makes-result-stale", "valid-async-one-group",
      "async-result-own-group", "drag-cancel-keeps", "undo-during-drag-cancels",
      "redo-during-drag-cancels", "ui-follows-history",
    ]
    let undoSkips =
      inSuiteOrder(otherRules + perDocumentCaseIDs + coalescingCaseIDs + selectionCaseIDs)
      + inSuiteOrder(otherRules + perDocumentCaseIDs + selectionCaseIDs)
      + inSuiteOrder(
        inspectorLacks + ["switch-back-opens-afresh", "switch-back-forgets-undo"]
          + perDocumentCaseIDs + coalescingCaseIDs)
      + inSuiteOrder(
        inspectorLacks + ["switch-back-opens-afresh", "switch-back-forgets-undo"]
          + perDocumentCaseIDs + coalescingCaseIDs
          + selectionCaseIDs)
      + inSuiteOrder(tabbedLacks + coalescingCaseIDs + selectionCaseIDs)
    let retryLacks =
      withdrawCaseIDs + batchCaseIDs + [
        "automatic-read-after-unknown", "automatic-read-after-cancel",
      ]
      + valueCaseIDs + pessimisticCaseIDs + latestWinsCaseIDs + queueLatestCaseIDs + confirmCaseIDs
      + sharedCaseIDs
    let confirmingLacks =
      atOnceCaseIDs + batchCaseIDs + [
        "automatic-read-after-unknown", "automatic-read-after-cancel",
      ] + sharedCaseIDs
      + valueCaseIDs + pessimisticCaseIDs + latestWinsCaseIDs + queueLatestCaseIDs + retryCaseIDs
    // favorites-shared shows one entity in several rows: it sends no batches.
    let sharedLacks =
      batchCaseIDs + ["automatic-read-after-unknown", "automatic-read-after-cancel"]
      + confirmCaseIDs
      + valueCaseIDs + pessimisticCaseIDs + latestWinsCaseIDs + queueLatestCaseIDs + retryCaseIDs
    #expect(
      skipped == undoSkips
        + ["automatic-read-after-unknown", "automatic-read-after-cancel"] + valueCaseIDs
        + pessimisticCaseIDs + latestWinsCaseIDs + queueLatestCaseIDs + retryCaseIDs
        + confirmCaseIDs + sharedCaseIDs + valueCaseIDs
        + pessimisticCaseIDs + latestWinsCaseIDs + queueLatestCaseIDs + retryCaseIDs
        + confirmCaseIDs + sharedCaseIDs
        // favorites-pessimistic runs the cases of both displays, its own display's values on
        // their `under display-pessimistic` lines; it reads nothing by itself.
        + ["automatic-read-after-unknown", "automatic-read-after-cancel"] + valueCaseIDs
        + latestWinsCaseIDs + queueLatestCaseIDs + retryCaseIDs + confirmCaseIDs + sharedCaseIDs
        // favorites-latest-wins and favorites-queue-latest skip the cases that hold only with one
        // write at a time, and each other's rule.
        + inOptimisticOrder(
          oneWriteCaseIDs + ["automatic-read-after-unknown", "automatic-read-after-cancel"]
            + valueCaseIDs) + pessimisticCaseIDs + queueLatestCaseIDs + retryCaseIDs
        + confirmCaseIDs + sharedCaseIDs
        + inOptimisticOrder(
          oneWriteCaseIDs + ["automatic-read-after-unknown", "automatic-read-after-cancel"]
            + valueCaseIDs) + pessimisticCaseIDs + latestWinsCaseIDs + retryCaseIDs
        + confirmCaseIDs + sharedCaseIDs
        // favorites-offline keeps and retries: it skips the cases that hold only when an unknown
        // outcome withdraws, and sends no batches.
        + inOptimisticOrder(retryLacks)
        // favorites-confirming asks before it removes: it skips the cases that hold only when
        // every tap writes at once, and sends no batches.
        + inOptimisticOrder(confirmingLacks) + inOptimisticOrder(sharedLacks)
        + ["automatic-read-after-unknown", "automatic-read-after-cancel"] + pessimisticCaseIDs
        + latestWinsCaseIDs + queueLatestCaseIDs + retryCaseIDs + confirmCaseIDs + sharedCaseIDs
        // vote-arrows runs the cases in its own words (on as up, close-friends as down), so only
        // those naming the server's `requested` and the automatic reads are left.
        + [
          "automatic-read-after-unknown", "automatic-read-after-cancel", "server-answers-requested",
          "unknown-choice-needs-read", "old-answer-other-value",
        ] + pessimisticCaseIDs + latestWinsCaseIDs + queueLatestCaseIDs + retryCaseIDs
        + confirmCaseIDs + sharedCaseIDs)
    #expect(report.counts.total == plan.caseCount)
  }

  @Test(
    "Every undo-history expectation key can fail",
    arguments: [
      "value=6", "display=6", "level=1", "canUndo=no", "canRedo=yes", "undoEnabled=no",
      "redoEnabled=yes", "undos=2", "redos=1",
    ])
  func undoExpectationCanFail(expectation: String) throws {
    let result = try runCase(
      "suite s family undo\ncase c\n  adjust 5 => \(expectation)", against: editor)
    #expect(result.outcome == .failed)
    let key = String(expectation.split(separator: "=")[0])
    #expect(result.firstFailure?.mismatches.map(\.key) == [key])
    #expect(result.firstFailure?.mismatches.first?.invariant == nil)
  }

  @Test(
    "Every optimistic expectation key can fail",
    arguments: [
      "sent=no", "order=b,a", "a.confirmed=on", "a.displayed=off", "a.pending=none",
      "a.needsSync=yes", "a.saving=no", "a.tapEnabled=yes",
    ])
  func optimisticExpectationCanFail(expectation: String) throws {
    let result = try runCase(
      "suite s family optimistic\ncase c\n  records a=off b=off\n  tap a as r1 => \(expectation)",
      against: favorites)
    #expect(result.outcome == .failed)
    let key = String(expectation.split(separator: "=")[0])
    #expect(result.firstFailure?.mismatches.map(\.key) == [key])
  }

  @Test("The same expectations pass when they are right")
  func rightExpectationsPass() throws {
    let undo = try runCase(
      """
      suite s family undo
      case c
        adjust 5 => value=5 display=5 level=0 canUndo=yes canRedo=no undoEnabled=yes redoEnabled=no undos=1 redos=0
      """, against: editor)
    #expect(undo.outcome == .passed)
    let optimistic = try runCase(
      """
      suite s family optimistic
      case c
        records a=off b=off
        tap a as r1 => sent=yes order=a,b a.confirmed=off a.displayed=on a.pending=r1 a.needsSync=no a.saving=yes a.tapEnabled=no
      """, against: favorites)
    #expect(optimistic.outcome == .passed)
  }

  @Test("Invariants are checked after every step, even where the suite states nothing")
  func invariantsAreChecked() throws {
    let result = try runCase(
      "suite s family undo\ncase c\n  adjust 5\n  undo\n  redo",
      against: FaultCatalog.faults.first { $0.name == "ui-stale-after-undo" }!.subject)
    let failure = try #require(result.firstFailure)
    #expect(failure.number == 2)
    #expect(failure.mismatches.first?.key == "display")
    #expect(failure.mismatches.first?.invariant == "the UI shows the model's value")
  }

  @Test("Steps after a failure still run and are recorded")
  func stepsAfterFailureRun() throws {
    let result = try runCase(
      "suite s family undo\ncase c\n  adjust 5 => value=9\n  adjust 6 => value=6\n  undo => value=5",
      against: editor)
    #expect(result.steps.count == 3)
    #expect(result.steps.map(\.passed) == [false, true, true])
    #expect(result.firstFailure?.number == 1)
  }

  @Test("Every case runs against a fresh subject")
  func freshSubjectPerCase() throws {
    let counter = Counter()
    let counting = SubjectEntry.undoHistory("counting", summary: "counts instances") {
      counter.count += 1
      return ReferenceEditor()
    }
    let suite = try SuiteReader.parse(
      """
      suite s family undo
      case one
        adjust 5 => undos=1
      case two
        adjust 5 => undos=1
      case three
        adjust 7 => undos=1 canRedo=no
      """, source: "fresh.suite")
    let report = ContractRunner(clock: frozenClock).run(
      RunPlan(suites: [suite], subjects: [counting]))
    #expect(report.counts.passed == 3)
    // One fresh subject per case, one more to read what the subject declares, and one for each
    // probe of a capability it leaves undeclared (the editor declares no selection).
    #expect(counter.count == 3 + 1 + 1)
  }

  @Test("A case that needs a capability the subject lacks is skipped with the reason")
  func missingCapabilitySkips() throws {
    let result = try runCase(
      "suite s family undo\ncase c requires drag-cancel-keeps\n  undo", against: editor)
    #expect(
      result.outcome
        == .skipped(
          reason:
            "is for the drag-cancel rule 'keep-current' (drag-cancel-keeps); subject 'editor' "
            + "declares 'restore-start'"))
  }

  @Test("Filters keep matching cases by substring or glob; subjects only run their family")
  func planning() throws {
    let suites = try BuiltInSuites.load()
    #expect(RunPlan(suites: suites, subjects: [editor]).entries.map(\.suite.id) == ["undo-history"])
    let drag = RunPlan(
      suites: suites, subjects: SubjectEntry.reference, filter: CaseFilter(["drag"]))
    #expect(drag.entries.flatMap(\.cases).allSatisfy { $0.id.contains("drag") })
    let glob = RunPlan(
      suites: suites, subjects: SubjectEntry.reference,
      filter: CaseFilter(["optimistic-updates/*session*"]))
    #expect(
      glob.entries.flatMap(\.cases).map(\.id)
        // favorites, favorites-rereading, favorites-pessimistic, favorites-latest-wins,
        // favorites-queue-latest, favorites-offline, favorites-confirming, favorites-shared,
        // follows and vote-arrows run the same suite.
        == Array(
          repeating: [
            "old-session", "session-resets-records", "old-session-sync",
            "pessimistic-session-change", "latest-wins-stale-after-session",
            "queue-latest-session-drops-queue",
            "retry-stale-after-session", "confirm-session-closes-question",
            "shared-stale-after-session",
          ], count: 10
        ).flatMap { $0 })
    #expect(RunPlan(suites: suites, subjects: [editor], filter: CaseFilter(["zzz"])).caseCount == 0)
  }

  @Test("Events arrive in order: run, suite, case, steps, case end, suite end, run end")
  func eventOrder() throws {
    let suite = try SuiteReader.parse(
      "suite s family undo\ncase c\n  adjust 1\n  undo", source: "events.suite")
    let log = EventLog()
    _ = ContractRunner(clock: frozenClock, onEvent: { log.names.append($0.name) }).run(
      RunPlan(suites: [suite], subjects: [editor]))
    #expect(
      log.names == [
        "runStarted", "suiteStarted", "caseStarted", "stepFinished", "stepFinished", "caseFinished",
        "suiteFinished", "runFinished",
      ])
  }
}

/// Sharding splits a plan deterministically across CI jobs.
@Suite("Shards")
struct ShardTests {
  @Test(
    "Shards partition the plan's cases exactly and keep plan order",
    arguments: [1, 2, 3, 5, 38, 50])
  func shardsPartition(count: Int) throws {
    let plan = RunPlan(suites: try BuiltInSuites.load(), subjects: SubjectEntry.reference)
    // Two reference subjects run the optimistic suite: a case is named with its subject.
    func names(_ plan: RunPlan) -> [String] {
      plan.entries.flatMap { entry in
        entry.cases.map { "\(entry.subject.name):\(entry.suite.id)/\($0.id)" }
      }
    }
    let all = names(plan)
    var seen: [String] = []
    for index in 1...count {
      let names = names(plan.shard(index, of: count))
      #expect(names == all.enumerated().filter { $0.offset % count == index - 1 }.map(\.element))
      seen += names
    }
    #expect(seen.sorted() == all.sorted())
    #expect(Set(seen).count == all.count)
  }
}

@MainActor
final class Counter {
  var count = 0
}

@MainActor
final class EventLog {
  var names: [String] = []
}

extension RunEvent {
  var name: String {
    switch self {
    case .runStarted: "runStarted"
    case .suiteStarted: "suiteStarted"
    case .caseStarted: "caseStarted"
    case .stepFinished, .stepEncoded: "stepFinished"
    case .caseFinished: "caseFinished"
    case .suiteFinished: "suiteFinished"
    case .runFinished: "runFinished"
    }
  }
}

/// A case naming a value the subject does not declare is skipped with the value named, never
/// run against a subject that cannot hold it.
@MainActor
@Suite("Runner: values beyond on/off")
struct ValueSkipTests {
  @Test("A case naming an undeclared value is skipped; the subject declaring it runs it")
  func undeclaredValueSkips() throws {
    let suite = try SuiteReader.parse(
      """
      suite s family optimistic
      case c
        values requested
        records a=off
        tap a as r1
        respond r1 saved requested => a.displayed=requested
      """, source: "v.suite")
    let favorites = try #require(SubjectEntry.reference.first { $0.name == "favorites" })
    let follows = try #require(SubjectEntry.reference.first { $0.name == "follows" })
    let report = ContractRunner(clock: frozenClock).run(
      RunPlan(suites: [suite], subjects: [favorites, follows]))
    let outcomes = report.suites.flatMap(\.cases).map(\.outcome)
    #expect(
      outcomes == [
        .skipped(reason: "names the value 'requested'; subject 'favorites' does not declare it"),
        .passed,
      ])
  }
}

/// A two-valued adapter written for 0.3: its filter takes a Boolean, as it did then.
@MainActor
private final class BooleanFilterList: ForwardingFavorites {
  init() { super.init(ReferenceFavorites()) }
  override var capabilities: Set<SubjectCapability> { [.filtering] }
  override func filter(showing value: Bool?) {
    list.filter(showing: value.map { OptimisticValue($0) })
  }
}

@MainActor
@Suite("Runner: adapters written for 0.3")
struct BooleanAdapterTests {
  @Test("A filter taking a Boolean, as in 0.3, is still the one the runner drives")
  func booleanFilterIsDriven() throws {
    let suite = try SuiteReader.parse(
      """
      suite s family optimistic
      case c
        requires filtering
        records a=on b=off
        filter on   => order=a
        filter off  => order=b
        filter none => order=a,b
      """, source: "f.suite")
    let subject = SubjectEntry.optimisticUpdates("boolean-filter", summary: "") {
      BooleanFilterList()
    }
    let report = ContractRunner(clock: frozenClock).run(
      RunPlan(suites: [suite], subjects: [subject]))
    #expect(report.suites.flatMap(\.cases).map(\.outcome) == [.passed])
  }
}
