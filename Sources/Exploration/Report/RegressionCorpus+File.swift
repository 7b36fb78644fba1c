import Foundation
import Platform

extension RegressionCorpus {
  /// Writes one suite file into `directory`, creating the folder when missing, unless the same
  /// case is already kept: in a file of its name, or in one whose name ends in `-HASH.suite`.
  ///
  /// A file of the case's name that holds another case (other bytes, garbage), or that is not a
  /// regular file (a symbolic link, a folder, a FIFO), is an error and is left as it is. The file
  /// is written beside its place and renamed into it without replacing, so an import running at
  /// the same time never clobbers it.
  ///
  /// - Parameters:
  ///   - suiteText: The whole suite file.
  ///   - fileName: Its name, ending in `-HASH.suite`.
  ///   - hash: The case's hash, which names it.
  ///   - directory: The corpus folder.
  /// - Returns: The path of the file, new or already there, and whether it was written now.
  /// - Throws: ``WriteError`` with the path that could not be written.
  package static func write(
    suiteText: String, fileName: String, hash: String, to directory: String
  ) throws(WriteError) -> (path: String, isNew: Bool) {
    let files = FileManager.default
    try prepareFolder(directory)
    let path = (directory as NSString).appendingPathComponent(fileName)
    if try keeps(suiteText, at: path) { return (path, false) }
    let present = (try? files.contentsOfDirectory(atPath: directory)) ?? []
    for name in present where name != fileName && name.hasSuffix("-\(hash).suite") {
      let other = (directory as NSString).appendingPathComponent(name)
      if (try? keeps(suiteText, at: other)) == true { return (other, false) }
    }
    let temporary = (directory as NSString).appendingPathComponent(
      ".\(fileName).\(UUID().uuidString).partial")
    guard files.createFile(atPath: temporary, contents: Data(suiteText.utf8)) else {
      throw WriteError(path: path, reason: "the file could not be created")
    }
    do {
      try Files.renameWithoutReplacing(temporary, to: path)
    } catch {
      try? files.removeItem(atPath: temporary)
      // Another import wrote a file of the name meanwhile: the same case, or an error.
      if error.code == EEXIST, try keeps(suiteText, at: path) { return (path, false) }
      throw WriteError(path: path, reason: "the file could not be created (\(error.reason))")
    }
    return (path, true)
  }

  /// Whether the file at `path` holds the same case as `suiteText`; `false` when nothing is there.
  ///
  /// - Throws: ``WriteError`` for a file that is there and is not that case.
  static func keeps(_ suiteText: String, at path: String) throws(WriteError) -> Bool {
    // Not following a symbolic link: the corpus's own entry is judged.
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
      return false
    }
    let type = attributes[.type] as? FileAttributeType
    guard type == .typeRegular else {
      let what =
        switch type {
        case .typeSymbolicLink?: "a symbolic link"
        case .typeDirectory?: "a folder"
        default: "not a regular file (a FIFO, a socket or a device)"
        }
      throw WriteError(
        path: path,
        reason: "\(what) stands where the case's file belongs; nothing was overwritten (move it "
          + "away and import again)")
    }
    guard let data = FileManager.default.contents(atPath: path),
      caseBody(String(decoding: data, as: UTF8.self)) == caseBody(suiteText)
    else {
      throw WriteError(
        path: path,
        reason: "a file of the case's name holds something else; nothing was overwritten (move "
          + "it away and import again)")
    }
    return true
  }

  /// The lines of a suite file that are not comments: its suite line and case, which say what
  /// the case is, whatever recording or run it came from.
  private static func caseBody(_ text: String) -> [Substring] {
    text.split(separator: "\n").filter { !$0.hasPrefix("#") }
  }
}
