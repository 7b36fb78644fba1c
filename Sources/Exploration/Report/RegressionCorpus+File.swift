import Foundation

extension RegressionCorpus {
  /// Writes one suite file into `directory`, creating the folder when missing, unless a file
  /// whose name ends in `-HASH.suite` is already there (the same case kept before).
  ///
  /// - Parameters:
  ///   - suiteText: The whole suite file.
  ///   - fileName: Its name, ending in `-HASH.suite`.
  ///   - hash: The case's hash, which names it.
  ///   - directory: The corpus folder.
  /// - Returns: The path of the file, new or already there, and whether it was written now.
  /// - Throws: ``WriteError`` with the path that could not be written.
  public static func write(
    suiteText: String, fileName: String, hash: String, to directory: String
  ) throws(WriteError) -> (path: String, isNew: Bool) {
    let files = FileManager.default
    var isDirectory: ObjCBool = false
    if files.fileExists(atPath: directory, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw WriteError(path: directory, reason: "a file of that name exists")
      }
    } else {
      do {
        try files.createDirectory(atPath: directory, withIntermediateDirectories: true)
      } catch {
        throw WriteError(path: directory, reason: "cannot create the folder")
      }
    }
    let present = (try? files.contentsOfDirectory(atPath: directory)) ?? []
    if let existing = present.first(where: { $0.hasSuffix("-\(hash).suite") }) {
      return ((directory as NSString).appendingPathComponent(existing), false)
    }
    let path = (directory as NSString).appendingPathComponent(fileName)
    guard files.createFile(atPath: path, contents: Data(suiteText.utf8)) else {
      throw WriteError(path: path, reason: "the file could not be created")
    }
    return (path, true)
  }
}
