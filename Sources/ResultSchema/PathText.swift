/// Path arithmetic on plain strings.
///
/// Foundation's `NSString` path methods trap on some short paths on Linux (for example
/// `deletingLastPathComponent` of `"x/"`), and stategate takes paths from users, so it never
/// calls them.
package enum PathText {
  /// `directory` and `name` joined with one `/`.
  package static func join(_ directory: String, _ name: String) -> String {
    if directory.isEmpty { return name }
    return directory.hasSuffix("/") ? directory + name : directory + "/" + name
  }

  /// The last component of `path`, ignoring trailing slashes (`"/"` for the root).
  package static func lastComponent(_ path: String) -> String {
    let trimmed = trimmingTrailingSlashes(path)
    guard !trimmed.isEmpty else { return path.isEmpty ? "" : "/" }
    return trimmed.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init)
      ?? trimmed
  }

  /// `path` without its last component: `""` for a single relative component, `"/"` for a
  /// component of the root.
  package static func parent(_ path: String) -> String {
    let trimmed = trimmingTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    let parent = trimmingTrailingSlashes(String(trimmed[..<slash]))
    return parent.isEmpty ? "/" : parent
  }

  private static func trimmingTrailingSlashes(_ path: String) -> String {
    var result = Substring(path)
    while result.count > 1 && result.hasSuffix("/") {
      result = result.dropLast()
    }
    return result == "/" ? "" : String(result)
  }
}
