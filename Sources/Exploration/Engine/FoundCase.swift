import Contracts
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
    var body: [String] = []
    for (offset, action) in actions.enumerated() {
      let number = offset + 1
      var stated = statements.captures[number] ?? []
      if number == failure.stepNumber {
        stated += statements.expectations
      }
      body.append(stated.isEmpty ? action : "\(action) => \(stated.joined(separator: " "))")
    }
    hash = Self.hash(([family.rawValue] + body).joined(separator: "\n"))
    self.family = family
    let name = subject.name.replacingOccurrences(of: "\"", with: "'")
    var lines = [
      "case found-\(hash) \"Found by exploring \(name) (seed \(seed), sequence \(sequence))\""
    ]
    if !requirements.isEmpty {
      lines.append("  requires " + requirements.map(\.rawValue).sorted().joined(separator: " "))
    }
    lines += body.map { "  \($0)" }
    caseText = lines.joined(separator: "\n") + "\n"
    header = [
      "# Found by `stategate explore --seed \(seed)` on \(name) (sequence \(sequence)): "
        + "\(generatedSteps) generated steps shrunk to \(actions.count) in \(replays) replays."
    ]
    // The class line is written once the runner has classified the case; a placeholder keeps
    // the lines the reader numbers the same as the file's.
    let text =
      (header + ["#", Self.suiteLine(id: "explore-\(hash)", family: family)]).joined(
        separator: "\n")
      + "\n\n" + caseText
    do {
      let suite = try SuiteReader.parse(text, source: "explore")
      guard let read = suite.cases.first else {
        preconditionFailure("a found case read back as no case:\n\(text)")
      }
      contractCase = read
    } catch {
      preconditionFailure("a found case does not read back: \(error)\n\(text)")
    }
  }

  /// The whole suite file: how the case was found, its class and reason, then the suite.
  func suiteText(result: CaseResult) -> String {
    var lines = header
    let classification =
      result.classification ?? Classification(.unclassified, "no experiment ran")
    let reason = classification.reason.split(whereSeparator: \.isNewline).joined(separator: " ")
    lines.append("# Class \(classification.failureClass): \(reason)")
    lines.append(Self.suiteLine(id: "explore-\(hash)", family: family))
    return lines.joined(separator: "\n") + "\n\n" + caseText
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
