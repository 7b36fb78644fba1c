import Foundation
import ResultFiles
import ResultSchema

/// Finds the assertion a failure's `file:line` points at in the sources at hand, so a guess can
/// rest on the code that failed rather than on the message around it.
///
/// A path from another machine (`/Users/ci/app/Tests/HistoryTests.swift`) is matched by its
/// longest suffix that exists under the root; a bare file name only when exactly one file of that
/// name is there. Only regular files of at most 2 MB inside the root are read, each once.
package final class SourceLookup {
  /// The directory the sources are under.
  package let root: String
  private var files: [String: [Substring]?] = [:]
  private var byName: [String: [String]]?
  /// Where each path named by a failure was found (or not): a report names the same few files
  /// thousands of times, and each lookup costs a `stat` per path suffix.
  private var resolved: [String: String?] = [:]
  private static let sizeLimit = 2 * 1_048_576
  private static let indexLimit = 50_000
  /// The most paths remembered in `resolved`, so memory stays bounded whatever a report names.
  private static let resolvedLimit = 10_000

  /// Creates a lookup under `root`.
  package init(root: String) {
    self.root = root
  }

  /// The statement that starts at `line` of `file` (continued over the next lines while its
  /// parentheses are open, at most 8), without string literals and comments; `nil` when the file
  /// is not at hand or the line does not hold an assertion.
  package func assertion(file: String, line: Int) -> String? {
    guard line > 0, let path = resolve(file), let lines = contents(path), line <= lines.count
    else { return nil }
    var statement = ""
    var depth = 0
    for index in (line - 1)..<min(lines.count, line + 7) {
      let code = Self.code(lines[index])
      statement += (statement.isEmpty ? "" : " ") + code.trimmingCharacters(in: .whitespaces)
      depth += code.filter { $0 == "(" }.count - code.filter { $0 == ")" }.count
      if depth <= 0 { break }
    }
    let markers = ["XCTAssert", "XCTFail", "XCTUnwrap", "#expect", "#require", "expect", "assert"]
    guard markers.contains(where: { statement.contains($0) }) else { return nil }
    return statement
  }

  /// The local path of `file`, if it is under the root.
  func resolve(_ file: String) -> String? {
    if let known = resolved[file] { return known }
    let path = find(file)
    if resolved.count < Self.resolvedLimit {
      resolved[file] = path
    }
    return path
  }

  private func find(_ file: String) -> String? {
    let components = file.split(separator: "/").map(String.init)
    guard !components.isEmpty, !components.contains("..") else { return nil }
    if components.count == 1 {
      let matches = index()[components[0]] ?? []
      return matches.count == 1 ? matches[0] : nil
    }
    for start in 0..<components.count {
      let candidate = PathText.join(root, components[start...].joined(separator: "/"))
      if isRegularFile(candidate) { return candidate }
    }
    return nil
  }

  private func isRegularFile(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
      && Int(status.st_size) <= Self.sizeLimit
  }

  private func contents(_ path: String) -> [Substring]? {
    if let cached = files[path] { return cached }
    var text: String?
    if let file = try? InputFile(path: path) {
      let bytes = file.bytes(at: 0, count: Self.sizeLimit)
      text = String(decoding: bytes, as: UTF8.self)
    }
    let lines = text.map { $0.split(separator: "\n", omittingEmptySubsequences: false) }
    files[path] = lines
    return lines
  }

  /// Source files under the root by name (hidden folders and `.build` skipped; bounded).
  private func index() -> [String: [String]] {
    if let byName { return byName }
    var result: [String: [String]] = [:]
    var pending = [root]
    var seen = 0
    while let directory = pending.popLast(), seen < Self.indexLimit {
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
      for entry in entries where !entry.hasPrefix(".") {
        seen += 1
        let path = PathText.join(directory, entry)
        var status = stat()
        guard lstat(path, &status) == 0 else { continue }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: pending.append(path)
        case S_IFREG: result[entry, default: []].append(path)
        default: continue
        }
      }
    }
    byName = result
    return result
  }

  /// A line of Swift without its string literals and `//` comment.
  static func code(_ line: Substring) -> String {
    var result = ""
    var inString = false
    var escaped = false
    var previous: Character?
    for character in line {
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
          result.append("\"")
        }
        continue
      }
      if character == "/" && previous == "/" {
        result.removeLast()
        break
      }
      if character == "\"" {
        inString = true
      }
      result.append(character)
      previous = character
    }
    return result
  }
}
