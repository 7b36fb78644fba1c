import Contracts
import RunModel
import Runner

/// A shrunk failure written as a suite case: its steps, the captures its expectations need, the
/// expectations of the failing step, and the capabilities and product rules it relies on — text a
/// user can paste into a suite, read back by the suite reader so that what runs is what is shown.
struct FoundCase {
  /// The case, read back from ``caseText``.
  let contractCase: ContractCase
  /// The case block.
  let caseText: String
  /// The comment lines that open the suite file.
  private let header: [String]
  private let family: ContractFamily
  private let hash: String

  init(
    subject: SubjectEntry, family: ContractFamily, seed: UInt64, sequence: Int, generatedSteps: Int,
    replays: Int, actions: [String], failure: StepFailure,
    statements: (captures: [Int: [String]], expectations: [String]),
    requirements: Set<SubjectCapability>
  ) {
    let body = Self.caseLines(actions, statements: statements, failingStep: failure.stepNumber)
    let layout = Self.layout(
      subjectName: subject.name, family: family, seed: seed, sequence: sequence, body: body,
      requirements: requirements,
      howFound:
        "\(generatedSteps) generated steps shrunk to \(actions.count) in \(replays) replays.")
    guard let read = Self.readBack(layout) else {
      preconditionFailure("a found case does not read back:\n\(layout.readBack)")
    }
    self.init(layout, family: family, contractCase: read)
  }

  /// A case of the steps a subject performed up to the one it crashed or hung in: no
  /// expectations, since the worker's end is the failure; `nil` when the steps do not read back
  /// as a case (a shrink removed a step a later one names).
  ///
  /// - Parameters:
  ///   - subjectName: The subject that broke.
  ///   - family: Its family.
  ///   - seed: The exploration's seed.
  ///   - sequence: The sequence of the seed space that broke it.
  ///   - actions: The steps' suite texts, the one the subject broke in last.
  ///   - generatedSteps: The generated sequence's length up to that step.
  ///   - replays: The isolated replays the shrink spent.
  init?(
    brokenSubject subjectName: String, family: ContractFamily, seed: UInt64, sequence: Int,
    actions: [String], generatedSteps: Int, replays: Int
  ) {
    let layout = Self.layout(
      subjectName: subjectName, family: family, seed: seed, sequence: sequence, body: actions,
      requirements: [],
      howFound: "the subject broke its worker process; \(generatedSteps) generated steps shrunk "
        + "to \(actions.count) in \(replays) isolated replays.")
    guard let read = Self.readBack(layout) else { return nil }
    self.init(layout, family: family, contractCase: read)
  }

  /// A case's step lines as a suite writes them: each action, with the captures later steps
  /// need, and the failing step's expectations.
  static func caseLines(
    _ actions: [String], statements: (captures: [Int: [String]], expectations: [String]),
    failingStep: Int
  ) -> [String] {
    actions.enumerated().map { offset, action in
      let number = offset + 1
      var stated = statements.captures[number] ?? []
      if number == failingStep {
        stated += statements.expectations
      }
      return stated.isEmpty ? action : "\(action) => \(stated.joined(separator: " "))"
    }
  }

  /// The texts of a found case.
  private struct Layout {
    var hash: String
    var caseText: String
    var header: [String]
    /// The suite file as the reader reads it back, with a placeholder for the class line.
    var readBack: String
  }

  private init(_ layout: Layout, family: ContractFamily, contractCase: ContractCase) {
    hash = layout.hash
    caseText = layout.caseText
    header = layout.header
    self.family = family
    self.contractCase = contractCase
  }

  private static func layout(
    subjectName: String, family: ContractFamily, seed: UInt64, sequence: Int, body: [String],
    requirements: Set<SubjectCapability>, howFound: String
  ) -> Layout {
    let hash = Self.hash(([family.rawValue] + body).joined(separator: "\n"))
    let name = subjectName.replacingOccurrences(of: "\"", with: "'")
    var lines = [
      "case found-\(hash) \"Found by exploring \(name) (seed \(seed), sequence \(sequence))\""
    ]
    if !requirements.isEmpty {
      lines.append("  requires " + requirements.map(\.rawValue).sorted().joined(separator: " "))
    }
    if family == .optimisticUpdates, let values = SuiteReader.valuesLine(forCaseLines: body) {
      lines.append(values)
    }
    lines += body.map { "  \($0)" }
    let caseText = lines.joined(separator: "\n") + "\n"
    let header = [
      "# Found by `stategate explore --seed \(seed)` on \(name) (sequence \(sequence)): " + howFound
    ]
    // The class line is written once the runner has classified the case; a placeholder keeps
    // the lines the reader numbers the same as the file's.
    let text =
      (header + ["#", Self.suiteLine(id: "explore-\(hash)", family: family)]).joined(
        separator: "\n")
      + "\n\n" + caseText
    return Layout(hash: hash, caseText: caseText, header: header, readBack: text)
  }

  private static func readBack(_ layout: Layout) -> ContractCase? {
    (try? SuiteReader.parse(layout.readBack, source: "explore"))?.cases.first
  }

  /// The whole suite file: how the case was found, its class and reason, then the suite.
  func suiteText(result: CaseResult) -> String {
    suiteText(classification: result.classification)
  }

  /// The whole suite file with `classification` (`nil`: not classified) as its class line.
  func suiteText(classification: Classification?) -> String {
    (header + [
      Self.classLine(classification), Self.suiteLine(id: "explore-\(hash)", family: family),
    ])
    .joined(separator: "\n") + "\n\n" + caseText
  }

  /// `text`, a suite file this type wrote, with its class line saying `classification`.
  static func suiteText(_ text: String, classifiedAs classification: Classification?) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasPrefix("# Class ") ? classLine(classification) : String($0)
    }.joined(separator: "\n")
  }

  private static func classLine(_ classification: Classification?) -> String {
    let classification = classification ?? Classification(.unclassified, "no experiment ran")
    let reason = classification.rankedReason.split(whereSeparator: \.isNewline)
      .joined(separator: " ")
    return "# Class \(classification.rankedNames): \(reason)"
  }

  private static func suiteLine(id: String, family: ContractFamily) -> String {
    "suite \(id) family \(family.rawValue) \"Found by stategate explore\""
  }

  /// Eight hex digits of the 64-bit FNV-1a hash of `text`: a stable name for a case.
  static func hash(_ text: String) -> String {
    var value: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
      value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    let digits = String(value >> 32, radix: 16)
    return String(repeating: "0", count: 8 - digits.count) + digits
  }
}
