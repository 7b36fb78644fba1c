/// The suites that ship with stategate, compiled into this module from `Sources/Contracts/Suites`.
///
/// The `.suite` files are the only source: at build time the `SuiteEmbedding` plugin writes their
/// text into the module (`embeddedSuiteFiles`), so reading them needs no file, no resource bundle
/// and no build tree, in stategate's own binary and in a user's binary built on `StateGateCLI`.
public enum BuiltInSuites {
  /// The files that run first, in this order; any other built-in file follows in name order.
  private static let runOrder = ["undo-history.suite", "optimistic-updates.suite"]

  /// The embedded files in run order.
  private static let files: [(name: String, text: String)] =
    runOrder.compactMap { name in embeddedSuiteFiles.first { $0.name == name } }
    + embeddedSuiteFiles.filter { !runOrder.contains($0.name) }

  /// The file names of the built-in suites, in run order.
  public static let fileNames = files.map(\.name)

  /// Returns the text of a built-in suite file, exactly as the file in the source tree holds it.
  ///
  /// - Parameter fileName: A name from ``fileNames``, such as `undo-history.suite`.
  /// - Returns: The file's text, or `nil` when no built-in file has that name.
  public static func text(ofFile fileName: String) -> String? {
    files.first { $0.name == fileName }?.text
  }

  /// Reads every built-in suite, in run order; each suite's source is `builtin:FILE`.
  ///
  /// - Returns: The suites.
  /// - Throws: ``SuiteReadError`` if a built-in suite is malformed (a bug the tests catch).
  public static func load() throws(SuiteReadError) -> [ContractSuite] {
    var suites: [ContractSuite] = []
    for file in files {
      suites.append(try SuiteReader.parse(file.text, source: "builtin:\(file.name)"))
    }
    return suites
  }
}
