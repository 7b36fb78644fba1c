import Foundation
import ResultFiles
import ResultSchema

/// Turns the paths given to `triage`, `history` or `diff` into inputs: a result directory, a
/// JUnit file, a Swift Testing event stream, an `.xcresult` bundle, or a folder searched
/// recursively for them (`xcresulttool` JSON is read only when named: a folder's `*.json` are
/// not reports).
///
/// The walk follows symbolic links but never a loop, visits each file and folder once however
/// many links lead to it, opens only regular files (a FIFO named `*.xml` is never opened),
/// matches `*.xml` and `*.jsonl` in any case, and names everything it skipped with the reason.
///
/// An entry that may hold evidence but was not read (a FIFO, device or socket named as a report,
/// a symbolic link to nothing, a folder that cannot be listed, a stategate event log away from its
/// directory) is ``Skipped/isUnread``: the gate never passes a folder that holds one
/// (``TriageVerdict/of(_:unread:)``).
package enum InputFinder {
  /// One input found.
  package struct Found: Equatable, Sendable {
    /// The path.
    package var path: String
    /// What it is.
    package var kind: TriageInputKind
  }

  /// An entry of a searched folder that was not taken as an input, and why.
  package struct Skipped: Equatable, Sendable, Codable {
    /// The entry's path.
    package var path: String
    /// Why it was skipped.
    package var reason: String
    /// Whether the entry may hold evidence that was not read (as opposed to an entry that is not
    /// a report, or a second link to one already read): a folder holding one is `incomplete`.
    package var isUnread: Bool

    /// Creates a skipped entry.
    package init(path: String, reason: String, isUnread: Bool = false) {
      self.path = path
      self.reason = reason
      self.isUnread = isUnread
    }
  }

  /// What a search found.
  package struct Search: Equatable, Sendable {
    /// The inputs, in the order of the paths given, each folder's entries in name order.
    package var found: [Found] = []
    /// Paths given that do not exist.
    package var missing: [String] = []
    /// Folders given that hold no input at all, and no entry left unread.
    package var empty: [String] = []
    /// Entries of searched folders that were not taken, with the reason.
    package var skipped: [Skipped] = []
    /// The entries that may hold evidence and were not read (see ``Skipped/isUnread``).
    package var unread: [Skipped] { skipped.filter(\.isUnread) }
  }

  /// The identity of a file or folder, the same through every link to it.
  private struct FileID: Hashable {
    var device: UInt64
    var inode: UInt64

    init(_ status: stat) {
      device = UInt64(status.st_dev)
      inode = UInt64(status.st_ino)
    }
  }

  /// The walk's memory: what has been visited, so nothing is read twice.
  private struct Walk {
    var search = Search()
    var files: [FileID: String] = [:]
    var folders: Set<FileID> = []
    /// The kinds of input taken from folders; others found there are skipped.
    var accepted: Set<TriageInputKind>

    /// Takes `found` when its kind is accepted, else skips it, saying why.
    mutating func take(_ found: Found) {
      if accepted.contains(found.kind) {
        search.found.append(found)
      } else {
        search.skipped.append(
          Skipped(path: found.path, reason: "\(found.kind.rawValue): not read by this command"))
      }
    }
  }

  /// Every kind of input.
  package static let allKinds: Set<TriageInputKind> = [
    .resultDirectory, .partialDirectory, .junit, .swiftTestingEvents, .xcresult, .xcresultJSON,
  ]

  /// Finds the inputs `paths` name; missing paths come back separately.
  package static func find(_ paths: [String]) -> (found: [Found], missing: [String]) {
    let result = search(paths)
    return (result.found, result.missing)
  }

  /// Searches `paths`: files are taken as given, folders searched recursively.
  ///
  /// - Parameters:
  ///   - paths: Files and folders.
  ///   - accepted: The kinds of input taken from folders (`history` takes only result
  ///     directories); a folder with none of them is empty.
  /// - Returns: What was found, missing, empty and skipped.
  package static func search(_ paths: [String], accepting accepted: Set<TriageInputKind> = allKinds)
    -> Search
  {
    var walk = Walk(accepted: accepted)
    for path in paths {
      var status = stat()
      guard lstat(path, &status) == 0 else {
        walk.search.missing.append(path)
        continue
      }
      var target = stat()
      guard stat(path, &target) == 0 else {
        // A dangling link given by name: the reader reports it as missing.
        walk.search.found.append(Found(path: path, kind: .junit))
        continue
      }
      if (target.st_mode & S_IFMT) == S_IFDIR {
        let before = (walk.search.found.count, walk.search.unread.count)
        visit(folder: path, target, &walk)
        if (walk.search.found.count, walk.search.unread.count) == before {
          walk.search.empty.append(path)
        }
      } else {
        let id = FileID(target)
        if let first = walk.files[id] {
          walk.search.skipped.append(Skipped(path: path, reason: "the same file as '\(first)'"))
          continue
        }
        walk.files[id] = path
        walk.search.found.append(Found(path: path, kind: kind(ofFile: path)))
      }
    }
    return walk.search
  }

  /// Takes a folder: as a result directory, or searched entry by entry.
  private static func visit(folder directory: String, _ status: stat, _ walk: inout Walk) {
    guard walk.folders.insert(FileID(status)).inserted else {
      walk.search.skipped.append(
        Skipped(
          path: directory,
          reason: "a folder already searched (a symbolic link loop or a "
            + "second link to it)"))
      return
    }
    if directory.lowercased().hasSuffix(".xcresult") {
      walk.take(Found(path: directory, kind: .xcresult))
      return
    }
    if ResultDirectoryLayout.isPartial(path: directory) {
      walk.take(Found(path: directory, kind: .partialDirectory))
      return
    }
    if isRegularFile(PathText.join(directory, "manifest.json"))
      || holdsStategateLog(PathText.join(directory, "events.jsonl"))
    {
      walk.take(Found(path: directory, kind: .resultDirectory))
      return
    }
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      walk.search.skipped.append(
        Skipped(path: directory, reason: "the folder cannot be listed", isUnread: true))
      return
    }
    for entry in entries.sorted() {
      let path = PathText.join(directory, entry)
      let lowered = entry.lowercased()
      let isReportName = lowered.hasSuffix(".xml") || lowered.hasSuffix(".jsonl")
      var own = stat()
      guard lstat(path, &own) == 0 else {
        // Listed a moment ago: it went away while the folder was read.
        walk.search.skipped.append(
          Skipped(path: path, reason: "it disappeared while the folder was read", isUnread: true))
        continue
      }
      var target = stat()
      guard stat(path, &target) == 0 else {
        // What it pointed to (a report, a result directory) cannot be told: it was not read.
        walk.search.skipped.append(
          Skipped(
            path: path, reason: "a symbolic link to something that does not exist",
            isUnread: true))
        continue
      }
      switch target.st_mode & S_IFMT {
      case S_IFDIR:
        visit(folder: path, target, &walk)
      case S_IFREG:
        guard isReportName else {
          walk.search.skipped.append(
            Skipped(path: path, reason: "not a report (only *.xml and *.jsonl are read)"))
          continue
        }
        let id = FileID(target)
        if let first = walk.files[id] {
          walk.search.skipped.append(Skipped(path: path, reason: "the same file as '\(first)'"))
          continue
        }
        walk.files[id] = path
        if lowered.hasSuffix(".xml") {
          walk.take(Found(path: path, kind: .junit))
        } else if let refusal = jsonLinesRefusal(path) {
          walk.search.skipped.append(
            Skipped(path: path, reason: refusal.reason, isUnread: refusal.isUnread))
        } else {
          walk.take(Found(path: path, kind: .swiftTestingEvents))
        }
      default:
        // Never opened (a FIFO would block): named as a report, it is evidence not read.
        walk.search.skipped.append(
          Skipped(
            path: path,
            reason: "\(InputFile.describe(target.st_mode)), not a regular file"
              + (isReportName ? "" : " (not a report: only *.xml and *.jsonl are read)"),
            isUnread: isReportName))
      }
    }
  }

  private static func isRegularFile(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
  }

  private static func kind(ofFile path: String) -> TriageInputKind {
    let lowered = path.lowercased()
    if lowered.hasSuffix(".json") { return .xcresultJSON }
    if lowered.hasSuffix(".xcresult") { return .xcresult }
    return lowered.hasSuffix(".jsonl") ? .swiftTestingEvents : .junit
  }

  /// The first record of a JSON Lines file, when its first line is a JSON object.
  private static func firstRecord(_ path: String) -> (isEmpty: Bool, object: [String: Any]?) {
    guard let file = try? InputFile(path: path) else { return (false, nil) }
    let head = file.bytes(at: 0, count: 65_536)
    let line = head.split(separator: UInt8(ascii: "\n")).first {
      $0.contains { ![0x20, 0x09, 0x0D].contains($0) }
    }
    guard let line else { return (true, nil) }
    let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
    return (false, object)
  }

  /// Whether `path` is a stategate `events.jsonl` (its first record is `runStarted`).
  private static func holdsStategateLog(_ path: String) -> Bool {
    guard isRegularFile(path), let object = firstRecord(path).object else { return false }
    return object["kind"] as? String == "runStarted" && object["seq"] != nil
  }

  /// Why a `*.jsonl` file found in a folder is not taken, or `nil` to take it as a Swift Testing
  /// event stream: an empty file or one whose first line is not JSON is taken, so the reader
  /// reports it; valid JSON Lines of another kind are skipped, and a stategate event log away
  /// from its manifest is a run that was not read.
  private static func jsonLinesRefusal(_ path: String) -> (reason: String, isUnread: Bool)? {
    let first = firstRecord(path)
    guard let object = first.object else { return nil }
    let kind = object["kind"] as? String
    if (kind == "test" || kind == "event") && object["payload"] != nil { return nil }
    if object["seq"] != nil && kind != nil {
      return ("a stategate event log outside its result directory; triage the directory", true)
    }
    return ("JSON Lines, but not a Swift Testing event stream", false)
  }
}
