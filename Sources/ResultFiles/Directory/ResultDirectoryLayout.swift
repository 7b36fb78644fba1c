import Foundation
import ResultSchema

/// How result directories are named: `<prefix>-<UUID>` once finished, `.<prefix>-<UUID>.partial`
/// while written (or left by a killed run) — what readers need to tell a finished run from one
/// that never finished.
package enum ResultDirectoryLayout {
  /// The suffix of a directory still being written, or left by a killed run.
  package static let partialSuffix = ".partial"

  /// The environment variable that says where result directories go when nothing else does.
  package static let folderVariable = "STATEGATE_OUTPUT"
  /// Where result directories go when neither the caller nor ``folderVariable`` says.
  package static let defaultFolder = "artifacts"

  /// The folder result directories go in.
  ///
  /// It is `given`, else ``folderVariable`` when set and not empty, else ``defaultFolder``
  /// (relative to the current directory); `run`, `explore` and the testing library all decide
  /// it here.
  package static func folder(given: String?, environment: [String: String]) -> String {
    if let given { return given }
    if let variable = environment[folderVariable], !variable.isEmpty { return variable }
    return defaultFolder
  }

  /// Whether `prefix` can start a directory name: letters, digits, `.`, `-`, `_`, not starting
  /// with `.`.
  package static func isValidPrefix(_ prefix: String) -> Bool {
    !prefix.isEmpty && !prefix.hasPrefix(".") && prefix.count <= 100
      && prefix.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
  }

  /// Whether a directory name belongs to a run that never finished.
  package static func isPartial(_ name: String) -> Bool {
    name.hasPrefix(".") && name.hasSuffix(partialSuffix)
  }

  /// Whether the directory at `path` is a run that never finished, judged by its real name:
  /// `P/.`, a symbolic link to `P`, or `.` inside it all name the same temporary directory.
  package static func isPartial(path: String) -> Bool {
    isPartial(PathText.lastComponent(realPath(path)))
  }

  /// `path` with every symbolic link, `.` and `..` resolved; `path` itself if it cannot be.
  package static func realPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
