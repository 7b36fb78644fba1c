import Contracts
import RunModel

extension RunCommand.Options {
  /// The cases `--require` and `--require-list` name, each checked against `suites`.
  ///
  /// - Throws: ``ArgumentError`` naming a pattern that matches no case, with the closest names;
  ///   ``StateGateError`` when the list file cannot be read.
  static func requiredCases(_ arguments: ParsedArguments, in suites: [ContractSuite]) throws
    -> RequiredCases
  {
    let given = try arguments.values(of: require).map { (pattern: $0, option: require.display) }
    var listed: [(pattern: String, option: String)] = []
    if let path = try arguments.value(of: requireList) {
      listed = try CaseListFile.read(path, option: requireList.display).map {
        (pattern: $0, option: "\(requireList.display) '\(path)'")
      }
    }
    let all = given + listed
    let required = RequiredCases(all.map(\.pattern))
    if let (pattern, closest) = required.unmatched(in: suites).first,
      let option = all.first(where: { $0.pattern == pattern })?.option
    {
      let suggestion =
        closest.isEmpty
        ? "" : " (closest: " + closest.map { "'\($0)'" }.joined(separator: ", ") + ")"
      throw ArgumentError.invalidValue(
        option: option, value: pattern,
        expected: "a case of the selected suites"
          + (suites.isEmpty ? "" : " (" + suites.map(\.id).joined(separator: ", ") + ")")
          + suggestion)
    }
    return required
  }
}
