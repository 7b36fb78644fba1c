import Foundation
import ResultFiles

extension JUnitOptions {
  /// The options `--junit DIALECT` selects for a run in `io`'s environment (`nil`: the default).
  static func chosen(_ dialect: JUnitReport.Dialect?, io: CommandIO) -> JUnitOptions {
    .from(
      environment: io.environment,
      workingDirectory: FileManager.default.currentDirectoryPath, dialect: dialect ?? .standard)
  }
}
