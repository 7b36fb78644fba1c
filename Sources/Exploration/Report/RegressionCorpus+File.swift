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
    try prepareFolder(directory)
    let present = (try? files.contentsOfDirectory(atPath: directory)) ?? []
    if let existing = present.first(where: { $0.hasSuffix("-\(hash).suite") }) {
      return ((directory as NSString).appendingPathComponent(existing), false)
    }
    let path = (directory as NSString).appendingPathComponent(fileName)
    // Written to a temporary file beside it and renamed into place: a process that ends
    // meanwhile (a signal, a crash) leaves the file whole or absent, never half-written.
    do {
      try Data(suiteText.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw WriteError(path: path, reason: "the file could not be created")
    }
    return (path, true)
  }
}
