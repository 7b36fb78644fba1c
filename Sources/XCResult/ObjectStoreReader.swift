/// Reads the tests of a bundle's object store `Data/`: the root object `Info.plist` names, each
/// action's tests object, and each test's summary, every one a Zstandard-compressed object in
/// Apple's compact encoding.
///
/// An object that is missing, truncated, not a complete Zstandard frame, larger than
/// ``decompressedLimit`` once decompressed, or whose encoding does not parse, stops the reading:
/// the bundle is `malformed`.
struct ObjectStoreReader {
  /// The most bytes one object may decompress to (a bomb is refused, never allocated).
  static let decompressedLimit = 256 * 1_048_576
  /// The most bytes one compressed object file may hold.
  static let compressedLimit = 256 * 1_048_576

  let files: BundleFiles

  /// Reads the tests under the root object `rootID`.
  ///
  /// - Throws: ``XCResultError`` for any object that cannot be read.
  func read(rootID: String) throws(XCResultError) -> XCResultReport {
    var report = XCResultReport(path: files.root, source: .objectStore)
    let root = try object(rootID)
    guard root.typeName == "ActionsInvocationRecord" else {
      throw XCResultError(
        path: objectPath(rootID),
        reason: "the root object is a '\(root.typeName)', not an ActionsInvocationRecord")
    }
    let reader = LegacyModelReader(
      resolve: { (id: String) throws(XCResultError) -> LegacyValue in try object(id) },
      path: files.root + "/Data")
    let actions = root.array("actions")
    if actions.isEmpty {
      report.unfinished = "'\(objectPath(rootID))': no action was recorded (the run never started)"
    }
    for action in actions {
      if let started = LegacyModelReader.seconds(ofDate: action.string("startedTime")) {
        report.startTime = min(report.startTime ?? started, started)
      }
      let device = LegacyModelReader.device(of: action["runDestination"])
      if action.string("endedTime") == nil {
        report.unfinished =
          "'\(objectPath(rootID))': the action '\(action.string("title") ?? "")' never ended (the "
          + "run was cut short)"
      }
      let result = action["actionResult"]
      if result?.string("status") == "running" {
        report.unfinished =
          "'\(objectPath(rootID))': the action's status is still 'running'"
      }
      guard let testsID = result?["testsRef"]?.string("id") else { continue }
      try reader.read(try object(testsID), device: device, into: &report)
    }
    report.devices = DatabaseReader.uniqueInOrder(report.cases.compactMap(\.device))
    report.configurations = DatabaseReader.uniqueInOrder(report.cases.compactMap(\.configuration))
    report.qualifyByDestination()
    return report
  }

  private func objectPath(_ id: String) -> String {
    files.root + "/Data/data." + id
  }

  /// The object `id`, decompressed and parsed.
  ///
  /// - Throws: ``XCResultError`` when it is missing, corrupt or does not parse.
  func object(_ id: String) throws(XCResultError) -> LegacyValue {
    guard !id.isEmpty, !id.contains("/"), id != ".", id != ".." else {
      throw XCResultError(path: files.root, reason: "a reference to an object named '\(id)'")
    }
    let relative = "Data/data." + id
    let compressed = try files.read(relative, limit: Self.compressedLimit)
    let bytes: [UInt8]
    do {
      bytes = try Zstd.decompress(
        compressed, limit: Self.decompressedLimit, path: objectPath(id))
    } catch {
      throw XCResultError(path: error.path, reason: error.reason)
    }
    return try CompactEncodingReader.parse(bytes, path: objectPath(id))
  }
}
