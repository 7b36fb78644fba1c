import Foundation
import ResultBundle
import ResultSchema

/// Turns the paths given to `triage`, `history` or `diff` into inputs: a result directory, a
/// JUnit file, a Swift Testing event stream, or a folder searched recursively for them.
public enum InputFinder {
  /// One input found.
  public struct Found: Equatable, Sendable {
    /// The path.
    public var path: String
    /// What it is.
    public var kind: TriageInputKind
  }

  /// Finds the inputs `paths` name; missing paths come back separately.
  public static func find(_ paths: [String]) -> (found: [Found], missing: [String]) {
    var found: [Found] = []
    var missing: [String] = []
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        missing.append(path)
        continue
      }
      if isDirectory.boolValue {
        found += search(path)
      } else {
        found.append(Found(path: path, kind: kind(ofFile: path)))
      }
    }
    return (found, missing)
  }

  /// The inputs in a folder: the folder itself if it is a result directory, else its result
  /// directories, `*.xml` and event-stream `*.jsonl` files, recursively, in name order.
  static func search(_ directory: String) -> [Found] {
    let name = PathText.lastComponent(directory)
    if ResultDirectory.isPartial(name) {
      return [Found(path: directory, kind: .partialDirectory)]
    }
    if FileManager.default.fileExists(
      atPath: PathText.join(directory, "manifest.json"))
    {
      return [Found(path: directory, kind: .resultDirectory)]
    }
    let entries = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    var found: [Found] = []
    for entry in entries {
      let path = PathText.join(directory, entry)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        continue
      }
      if isDirectory.boolValue {
        found += search(path)
      } else if entry.hasSuffix(".xml") {
        found.append(Found(path: path, kind: .junit))
      } else if entry.hasSuffix(".jsonl") && looksLikeSwiftTestingEvents(path) {
        found.append(Found(path: path, kind: .swiftTestingEvents))
      }
    }
    return found
  }

  private static func kind(ofFile path: String) -> TriageInputKind {
    path.hasSuffix(".jsonl") && looksLikeSwiftTestingEvents(path) ? .swiftTestingEvents : .junit
  }

  /// Whether the file's first line is a Swift Testing event-stream record.
  static func looksLikeSwiftTestingEvents(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let head = (try? handle.read(upToCount: 4096)) ?? Data()
    let line = String(decoding: head, as: UTF8.self).split(separator: "\n").first ?? ""
    return line.contains("\"kind\":\"test\"") || line.contains("\"kind\":\"event\"")
  }
}
