/// A line of a suite file on disk, where a failing case's issue points.
struct SuitePlace: Equatable {
  /// The file's path, as read.
  var filePath: String
  /// `FOLDER/FILE`: the file's name after its folder's, the shape Swift Testing's file IDs have.
  var fileID: String
  /// The line, from 1.
  var line: Int

  /// The place of `line` in the suite read from `source`, or `nil` for a built-in suite
  /// (`builtin:FILE`) or any other source that is not a `.suite` file a test reporter could open.
  init?(source: String, line: Int) {
    guard !source.hasPrefix("builtin:"), source.hasSuffix(".suite") else { return nil }
    let parts = source.split(separator: "/", omittingEmptySubsequences: true)
    guard let name = parts.last else { return nil }
    filePath = source
    fileID = parts.count > 1 ? "\(parts[parts.count - 2])/\(name)" : "Suites/\(name)"
    self.line = max(1, line)
  }
}
