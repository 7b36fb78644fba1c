import Foundation

/// The regression corpus: a folder of suite files, one per shrunk failure, that a team commits so
/// that `stategate run` (which includes the folder when it exists) keeps every found bug caught.
package enum RegressionCorpus {
  /// The folder `explore` writes to and `run` reads, unless told otherwise.
  package static let defaultDirectory = "stategate-regressions"

  /// A corpus file that could not be written.
  package struct WriteError: Error, Equatable, CustomStringConvertible {
    /// The path that failed.
    package var path: String
    /// Why.
    package var reason: String

    /// `cannot write 'PATH': REASON`.
    package var description: String { "cannot write '\(path)': \(reason)" }
  }

  /// Writes each finding's suite file into `directory`, creating the folder when missing; a case
  /// already there — the same case found again, on this subject or another — is not written twice.
  ///
  /// - Returns: The path of each finding's file, in order.
  /// - Throws: ``WriteError`` with the path that could not be written.
  package static func write(_ findings: [Finding], to directory: String) throws(WriteError)
    -> [String]
  {
    guard !findings.isEmpty else { return [] }
    let files = FileManager.default
    try prepareFolder(directory)
    var paths: [String] = []
    var present = (try? files.contentsOfDirectory(atPath: directory)) ?? []
    for finding in findings {
      let suffix = "-\(finding.contractCase.id.dropFirst("found-".count)).suite"
      if let existing = present.first(where: { $0.hasSuffix(suffix) }) {
        paths.append((directory as NSString).appendingPathComponent(existing))
        continue
      }
      let path = (directory as NSString).appendingPathComponent(finding.fileName)
      present.append(finding.fileName)
      if !files.fileExists(atPath: path) {
        guard files.createFile(atPath: path, contents: Data(finding.suiteText.utf8)) else {
          throw WriteError(path: path, reason: "the file could not be created")
        }
      }
      paths.append(path)
    }
    return paths
  }

  /// Creates `directory` (and its parents) when missing.
  ///
  /// - Throws: ``WriteError`` when a file stands there or the folder cannot be created.
  static func prepareFolder(_ directory: String) throws(WriteError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw WriteError(path: directory, reason: "a file of that name exists")
      }
      return
    }
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw WriteError(path: directory, reason: "cannot create the folder")
    }
  }
}
