import Foundation
import ResultBundle

extension JUnitOptions {
  /// The options `--junit WORD` selects for a run in `io`'s environment.
  ///
  /// - Throws: ``ArgumentError/invalidValue(option:value:expected:)`` for an unknown dialect.
  static func parse(_ word: String?, io: CommandIO) throws(ArgumentError) -> JUnitOptions {
    var dialect = JUnitReport.Dialect.standard
    if let word {
      guard let chosen = JUnitReport.Dialect(rawValue: word) else {
        throw .invalidValue(option: "--junit", value: word, expected: "default or strict")
      }
      dialect = chosen
    }
    return .from(
      environment: io.environment,
      workingDirectory: FileManager.default.currentDirectoryPath, dialect: dialect)
  }
}
