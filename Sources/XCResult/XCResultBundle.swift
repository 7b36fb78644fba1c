import Foundation

/// Reads an `.xcresult` bundle: its `Info.plist`, then its tests from `database.sqlite3` when
/// present, else from the object store `Data/`; when both are there, both, and they must agree.
package enum XCResultBundle {
  /// Which of a bundle's stores to read.
  package enum Store: Sendable {
    /// The database when present, else the object store (and both when both are there).
    case automatic
    /// Only `database.sqlite3`.
    case database
    /// Only the object store `Data/`.
    case objectStore
  }

  /// The bundle versions stategate reads (`Info.plist` `version.major`).
  package static let knownMajorVersions: Set<Int> = [3]

  /// The largest `Info.plist` read.
  static let infoLimit = 1_048_576

  /// Reads the bundle at `path`.
  ///
  /// - Parameters:
  ///   - path: The `.xcresult` folder.
  ///   - store: Which store to read; ``Store/automatic`` reads both when both exist and records
  ///     every disagreement as a problem.
  /// - Returns: Every test the bundle records.
  /// - Throws: ``XCResultError`` when the bundle is missing, of an unknown version, or a store
  ///   cannot be read completely.
  package static func read(_ path: String, store: Store = .automatic) throws(XCResultError)
    -> XCResultReport
  {
    let files = try BundleFiles(path)
    let info = try readInfo(files)
    let database = try files.resolve("database.sqlite3")
    if let database {
      try BundleFiles.requireRegularFile(database, shown: files.root + "/database.sqlite3")
    }
    let hasObjects = try files.isFolder("Data")
    switch store {
    case .database:
      guard let database else {
        throw XCResultError(path: path, reason: "the bundle has no database.sqlite3")
      }
      return try DatabaseReader.read(database, bundle: path)
    case .objectStore:
      return try readObjects(files, info: info)
    case .automatic:
      guard let database else {
        guard hasObjects else {
          throw XCResultError(
            path: path,
            reason: "neither database.sqlite3 nor Data/ is in the bundle: no test results")
        }
        return try readObjects(files, info: info)
      }
      var report = try DatabaseReader.read(database, bundle: path)
      if hasObjects {
        let objects = try readObjects(files, info: info)
        let disagreements = disagreements(report, objects)
        report.problems += objects.problems + disagreements
        report.notes.append(
          disagreements.isEmpty
            ? "read from database.sqlite3 and checked against the object store Data/ (they "
              + "agree on every case)"
            : "read from database.sqlite3 and the object store Data/, which disagree")
      } else {
        report.notes.append("read from database.sqlite3 (the bundle has no Data/)")
      }
      return report
    }
  }

  private static func readObjects(_ files: BundleFiles, info: Info) throws(XCResultError)
    -> XCResultReport
  {
    guard let rootID = info.rootID else {
      throw XCResultError(
        path: files.root + "/Info.plist", reason: "no rootId.hash: the object store has no root")
    }
    var report = try ObjectStoreReader(files: files).read(rootID: rootID)
    report.notes.append("read from the object store Data/ (the bundle has no database.sqlite3)")
    return report
  }

  /// What `Info.plist` says.
  struct Info {
    var major: Int
    var minor: Int?
    var rootID: String?
  }

  static func readInfo(_ files: BundleFiles) throws(XCResultError) -> Info {
    let path = files.root + "/Info.plist"
    guard try files.resolve("Info.plist") != nil else {
      throw XCResultError(
        path: path, reason: "missing: not an .xcresult bundle, or one whose Info.plist was lost")
    }
    let bytes = try files.read("Info.plist", limit: infoLimit)
    let plist: Any
    do {
      plist = try PropertyListSerialization.propertyList(
        from: Data(bytes), options: [], format: nil)
    } catch {
      throw XCResultError(path: path, reason: "not a property list")
    }
    guard let dictionary = plist as? [String: Any],
      let version = dictionary["version"] as? [String: Any],
      let major = (version["major"] as? NSNumber)?.intValue
    else {
      throw XCResultError(path: path, reason: "no version.major: not an .xcresult Info.plist")
    }
    let minor = (version["minor"] as? NSNumber)?.intValue
    guard knownMajorVersions.contains(major) else {
      throw XCResultError(
        path: path,
        reason: "bundle version \(major).\(minor.map(String.init) ?? "?"), which stategate does "
          + "not know (it reads 3.x); not read rather than misread")
    }
    let rootID = (dictionary["rootId"] as? [String: Any])?["hash"] as? String
    return Info(major: major, minor: minor, rootID: rootID)
  }

  /// How two readings of one bundle differ, one line each (nothing when they agree): the cases,
  /// and each case's outcome, attempts and failures (message, file and line).
  package static func disagreements(_ first: XCResultReport, _ second: XCResultReport)
    -> [String]
  {
    func key(_ testCase: XCResultCase) -> String { "\(testCase.suite)/\(testCase.name)" }
    let left = Dictionary(first.cases.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
    let right = Dictionary(second.cases.map { (key($0), $0) }, uniquingKeysWith: { a, _ in a })
    let names = "\(first.source.rawValue) and \(second.source.rawValue)"
    var problems: [String] = []
    for name in left.keys.sorted() where right[name] == nil {
      problems.append("'\(first.path)': \(name) is in the \(first.source.rawValue) only")
    }
    for name in right.keys.sorted() where left[name] == nil {
      problems.append("'\(first.path)': \(name) is in the \(second.source.rawValue) only")
    }
    for name in left.keys.sorted() {
      guard let one = left[name], let other = right[name] else { continue }
      if one.outcome != other.outcome || one.attempts.count != other.attempts.count {
        problems.append(
          "'\(first.path)': the \(names) disagree on \(name): \(one.outcome.rawValue) in "
            + "\(one.attempts.count) attempt(s) against \(other.outcome.rawValue) in "
            + "\(other.attempts.count)")
        continue
      }
      let issues = one.attempts.map { $0.issues.map(\.located) }
      if issues != other.attempts.map({ $0.issues.map(\.located) }) {
        problems.append("'\(first.path)': the \(names) disagree on the failures of \(name)")
      }
    }
    return problems
  }
}
