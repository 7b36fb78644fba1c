import Foundation

/// A committed list of case names, one a line, as `run --require-list` and `diff --removed-list`
/// read it: `#` starts a comment, blank lines and surrounding spaces are ignored.
enum CaseListFile {
  /// The names the file at `path` lists, in file order.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - option: The option that named it, such as `--require-list`, for errors.
  /// - Returns: The names, each a pattern as `--filter` takes it.
  /// - Throws: ``StateGateError/missingInput(_:)`` when the file cannot be read or is not UTF-8.
  static func read(_ path: String, option: String) throws(StateGateError) -> [String] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .missingInput(
        "cannot read \(option) file '\(path)': no such readable file; commit the list or drop "
          + "\(option)")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw .missingInput("cannot read \(option) file '\(path)': not UTF-8 text")
    }
    return names(in: text)
  }

  /// The names `text` lists: each line up to a `#`, trimmed, blank ones dropped.
  static func names(in text: String) -> [String] {
    text.split(whereSeparator: \.isNewline).compactMap { line in
      let name = line.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
      return name.isEmpty ? nil : name
    }
  }
}
