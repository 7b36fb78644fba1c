import Contracts
import Exploration
import Foundation
import ResultSchema

/// Resolves `--suite` words into suites.
///
/// A word is a built-in suite id, a suite file, or a directory whose `*.suite` files are read in
/// name order. No words select every built-in suite, and then the regression corpus that
/// `stategate explore` writes (`stategate-regressions/` in the current directory) when it exists,
/// so a found bug stays caught.
enum SuiteSelection {
  /// Reads the suites `words` name.
  ///
  /// - Parameters:
  ///   - words: The `--suite` words.
  ///   - includingCorpus: Whether no words also select the regression corpus, when it exists.
  /// - Returns: The suites, in the order named (the built-in ones, then the corpus, for none).
  /// - Throws: ``StateGateError/suite(_:)`` for a missing or malformed file,
  ///   ``StateGateError/internalFailure(_:)`` if the built-in suites cannot be read.
  static func resolve(_ words: [String], includingCorpus: Bool = true) throws(StateGateError)
    -> [ContractSuite]
  {
    let builtIn: [ContractSuite]
    do {
      builtIn = try BuiltInSuites.load()
    } catch {
      throw .internalFailure(error.description)
    }
    guard !words.isEmpty else {
      return builtIn + (includingCorpus ? try corpus() : [])
    }
    var suites: [ContractSuite] = []
    for word in words {
      if let suite = builtIn.first(where: { $0.id == word }) {
        suites.append(suite)
        continue
      }
      for path in try files(for: word, builtInIDs: builtIn.map(\.id)) {
        do {
          suites.append(try SuiteReader.read(contentsOf: path))
        } catch {
          throw .suite(error)
        }
      }
    }
    var seen: Set<String> = []
    for suite in suites where !seen.insert(suite.id).inserted {
      throw .suite(
        SuiteReadError(
          path: suite.source, line: 0, column: 0,
          message: "suite id '\(suite.id)' is used by another selected suite"))
    }
    return suites
  }

  /// The regression corpus's suites, in file-name order; none when the folder does not exist or
  /// holds no suite file.
  private static func corpus() throws(StateGateError) -> [ContractSuite] {
    let folder = RegressionCorpus.defaultDirectory
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory),
      isDirectory.boolValue,
      let names = try? FileManager.default.contentsOfDirectory(atPath: folder),
      names.contains(where: { $0.hasSuffix(".suite") })
    else { return [] }
    return try resolve([folder], includingCorpus: false)
  }

  private static func files(for word: String, builtInIDs: [String]) throws(StateGateError)
    -> [String]
  {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: word, isDirectory: &isDirectory) else {
      let hint = Spelling.closest(to: word, in: builtInIDs).map { "; did you mean '\($0)'?" } ?? ""
      throw .suite(
        SuiteReadError(
          kind: .missing, path: word, line: 0, column: 0,
          message: "no built-in suite of that name and no such file\(hint)"))
    }
    guard isDirectory.boolValue else { return [word] }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: word)
    } catch {
      throw .suite(
        SuiteReadError(
          kind: .unreadable, path: word, line: 0, column: 0, message: "cannot list the directory"))
    }
    let suites = names.filter { $0.hasSuffix(".suite") }.sorted()
    guard !suites.isEmpty else {
      throw .suite(
        SuiteReadError(
          kind: .missing, path: word, line: 0, column: 0,
          message: "the directory holds no *.suite files"))
    }
    return suites.map { PathText.join(word, $0) }
  }
}
