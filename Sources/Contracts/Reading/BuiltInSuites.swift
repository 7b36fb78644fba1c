import Foundation

/// The suites that ship with stategate, read from the module's resources.
public enum BuiltInSuites {
  /// The file names of the built-in suites, in run order.
  public static let fileNames = ["undo-history.suite", "optimistic-updates.suite"]

  /// Reads every built-in suite.
  ///
  /// - Throws: ``SuiteReadError`` if a resource is missing or malformed (a packaging bug).
  public static func load() throws(SuiteReadError) -> [ContractSuite] {
    var suites: [ContractSuite] = []
    for name in fileNames {
      let resource = (name as NSString).deletingPathExtension
      guard
        let url = Bundle.module.url(
          forResource: resource, withExtension: "suite", subdirectory: "Suites")
      else {
        throw SuiteReadError(
          kind: .missing, path: "builtin:\(name)", line: 0, column: 0,
          message: "the built-in suite is missing from the installation")
      }
      var suite = try SuiteReader.read(contentsOf: url.path)
      suite.source = "builtin:\(name)"
      suites.append(suite)
    }
    return suites
  }
}
