import Contracts
import Foundation

/// Resolves suite words as `stategate run --suite` does: a built-in suite id, a `.suite` file, or
/// a folder whose `*.suite` files are read in name order; no words select every built-in suite.
///
/// A relative path is taken from the folder of the test file that names it (its `#filePath`),
/// not from the current directory: `swift test --package-path` and Xcode run tests elsewhere.
enum SuiteWords {
  /// Reads the suites `words` name.
  ///
  /// - Parameters:
  ///   - words: Built-in suite ids, suite files and folders; none for every built-in suite.
  ///   - filePath: The test file whose folder relative paths start from.
  /// - Returns: The suites, in the order named.
  /// - Throws: ``SuiteReadError`` for a missing or malformed file, an empty folder, or two
  ///   suites with one id.
  static func resolve(_ words: [String], relativeTo filePath: String) throws(SuiteReadError)
    -> [ContractSuite]
  {
    let builtIn = try BuiltInSuites.load()
    guard !words.isEmpty else { return builtIn }
    var suites: [ContractSuite] = []
    for word in words {
      if let suite = builtIn.first(where: { $0.id == word }) {
        suites.append(suite)
        continue
      }
      for path in try files(for: absolute(word, relativeTo: filePath), builtIn: builtIn) {
        suites.append(try SuiteReader.read(contentsOf: path))
      }
    }
    var seen: Set<String> = []
    for suite in suites where !seen.insert(suite.id).inserted {
      throw SuiteReadError(
        path: suite.source, line: 0, column: 0,
        message: "suite id '\(suite.id)' is used by another selected suite")
    }
    return suites
  }

  /// `word` as an absolute, standardised path: itself when absolute, else from `filePath`'s
  /// folder.
  static func absolute(_ word: String, relativeTo filePath: String) -> String {
    guard !word.hasPrefix("/") else { return URL(fileURLWithPath: word).standardized.path }
    return URL(fileURLWithPath: filePath).deletingLastPathComponent()
      .appendingPathComponent(word).standardized.path
  }

  private static func files(for path: String, builtIn: [ContractSuite]) throws(SuiteReadError)
    -> [String]
  {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      let name = URL(fileURLWithPath: path).lastPathComponent
      let hint =
        Spelling.closest(to: name, in: builtIn.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
      throw SuiteReadError(
        kind: .missing, path: path, line: 0, column: 0,
        message: "no built-in suite of that name and no such file\(hint)")
    }
    guard isDirectory.boolValue else { return [path] }
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
      throw SuiteReadError(
        kind: .unreadable, path: path, line: 0, column: 0, message: "cannot list the directory")
    }
    let suites = names.filter { $0.hasSuffix(".suite") }.sorted()
    guard !suites.isEmpty else {
      throw SuiteReadError(
        kind: .missing, path: path, line: 0, column: 0,
        message: "the directory holds no *.suite files")
    }
    return suites.map { URL(fileURLWithPath: path).appendingPathComponent($0).path }
  }
}
