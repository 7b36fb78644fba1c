import Contracts
import Foundation
import Platform
import ResultSchema
import RunModel

/// The worker side of isolated runs: reads requests from standard input, one JSON object per
/// line, runs each, and replies on descriptor 3, until standard input ends.
///
/// A worker is the run's own executable started again (`stategate`, or a team's own binary
/// built on `StateGateCLI`), so it knows the same subjects. If it traps, exits, hangs or floods
/// its output, only its case is lost: the run records what happened and goes on with a new one.
@MainActor
package enum WorkerLoop {
  /// The environment variable that starts the executable as a worker, with
  /// `<message version>:<parent pid>` as its value.
  package nonisolated static let environmentKey = "STATEGATE_WORKER"

  /// Serves requests until standard input ends.
  ///
  /// - Parameters:
  ///   - subjects: The subjects requests may name.
  ///   - setting: The value of ``environmentKey``.
  /// - Returns: The exit status: 0 when standard input ended, 70 when the request stream or the
  ///   parent is not what a worker expects.
  package static func serve(subjects: [SubjectEntry], setting: String) -> Int32 {
    let parts = setting.split(separator: ":")
    guard parts.count == 2, Int(parts[0]) == WorkerMessage.version, let parent = Int32(parts[1])
    else {
      FileHandle.standardError.write(
        Data("stategate worker: unsupported \(environmentKey)='\(setting)'\n".utf8))
      return 70
    }
    guard attach(toParent: parent) else { return 70 }
    #if STATEGATE_TEST_HOOKS
    if let delay = ProcessInfo.processInfo.environment["STATEGATE_TEST_SLOW_CRASH_MS"].flatMap({
      UInt32($0)
    }) {
      PlatformTestHooks.slowCrash(milliseconds: delay)
    }
    #endif
    guard let replies = ReplyWriter(descriptor: 3) else { return 70 }
    replies.sendHandshake()
    let decoder = JSONDecoder()
    var deidentifier: Deidentifier?
    while let line = readLine(strippingNewline: true) {
      guard let request = try? decoder.decode(WorkerMessage.Request.self, from: Data(line.utf8)),
        request.version == WorkerMessage.version
      else {
        replies.send(
          .init(kind: .refused, problem: "not a request of version \(WorkerMessage.version)"))
        return 70
      }
      if request.kind == .deidentify {
        guard let salt = request.salt.flatMap(bytes(hex:)) else {
          replies.send(.init(kind: .refused, problem: "a de-identify request without a salt"))
          return 70
        }
        deidentifier = Deidentifier(salt: salt)
        deidentifier?.learn(words: request.typed ?? [])
        continue
      }
      guard let subject = subjects.first(where: { $0.name == request.subject }) else {
        replies.send(.init(kind: .refused, problem: "no subject named '\(request.subject)'"))
        continue
      }
      switch request.kind {
      case .describe:
        let declarations = subject.make().declarations
        replies.send(.init(kind: .described, declarations: declarations))
        let implemented = CapabilityProbe.implementedButUndeclared(
          by: subject, declaring: declarations.capabilities
        ).map(\.method)
        replies.send(.init(kind: .probed, implemented: implemented))
      case .run:
        serve(request, subject: subject, deidentifier: deidentifier, replies: replies)
      case .deidentify, .unknown:
        replies.send(.init(kind: .refused, problem: "unknown request '\(request.kind.rawValue)'"))
      }
    }
    return 0
  }

  /// Readies this process to serve as a worker of `parent`: it dies with its parent, and a
  /// closed pipe makes writes fail instead of killing it.
  ///
  /// - Returns: `false` when the parent is already gone (the worker should exit).
  package static func attach(toParent parent: Int32) -> Bool {
    guard Workers.dieWithParent(parent) else { return false }
    signal(SIGPIPE, SIG_IGN)
    return true
  }

  /// The bytes `text` spells as pairs of hex digits; `nil` unless it is exactly that.
  private static func bytes(hex text: String) -> [UInt8]? {
    let digits = Array(text.utf8)
    guard !digits.isEmpty, digits.count.isMultiple(of: 2) else { return nil }
    var bytes: [UInt8] = []
    for index in stride(from: 0, to: digits.count, by: 2) {
      guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16)
      else { return nil }
      bytes.append(byte)
    }
    return bytes
  }

  private static func serve(
    _ request: WorkerMessage.Request, subject: SubjectEntry, deidentifier: Deidentifier?,
    replies: ReplyWriter
  ) {
    guard let suiteID = request.suite, let wireForm = request.contractCase,
      let contractCase = ContractCase(wireForm: wireForm)
    else {
      replies.send(.init(kind: .refused, problem: "the case does not read back"))
      return
    }
    let encoder = StepEncoder()
    let run = CaseRun.run(
      contractCase, against: subject, shouldStop: { false },
      onStep: { step in
        let record = deidentifier?.scrub(step) ?? step
        replies.sendStep(
          passed: record.passed,
          record: encoder.bytes(
            of: record, seq: 0, suite: suiteID, case: contractCase.id, subject: subject.name))
      },
      onClassifying: {
        replies.send(.init(kind: .classifying))
        #if STATEGATE_TEST_HOOKS
        if request.holdAt == "classification" {
          replies.send(.init(kind: .holding))
          while true { pause() }
        }
        #endif
      }, onSubject: { deidentifier?.learn(declaredBy: $0) })
    var result = WorkerMessage.Result(outcome: run.outcome.name)
    if case .skipped(let reason) = run.outcome {
      result.skipReason = reason
    }
    result.failureClass = run.classification?.failureClass.rawValue
    result.reason = run.classification.map { deidentifier?.scrub(text: $0.reason) ?? $0.reason }
    result.explanation = run.classification.map {
      deidentifier?.scrub($0.explanation) ?? $0.explanation
    }
    if let alternatives = run.classification?.alternatives, !alternatives.isEmpty {
      result.alternatives = alternatives.map {
        .init(
          failureClass: $0.failureClass.rawValue,
          reason: deidentifier?.scrub(text: $0.reason) ?? $0.reason,
          explanation: deidentifier?.scrub($0.explanation) ?? $0.explanation)
      }
    }
    replies.send(.init(kind: .finished, result: result))
  }
}
