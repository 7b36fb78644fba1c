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
    var allTests: [(device: String?, test: LegacyModelReader.TreeTest)] = []
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
      let tests = try reader.read(try object(testsID), device: device, into: &report)
      let placed = tests.map { (device: device, test: $0) }
      check(
        placed, against: result, in: "the action '\(action.string("title") ?? "")'", into: &report)
      allTests += placed
    }
    check(allTests, against: root, in: "the invocation record", into: &report)
    report.devices = DatabaseReader.uniqueInOrder(report.cases.compactMap(\.device))
    report.configurations = DatabaseReader.uniqueInOrder(report.cases.compactMap(\.configuration))
    report.qualifyByDestination()
    return report
  }

  /// Adds a problem when the counts (`metrics`) or the failure summaries (`issues`) of `record`
  /// (an action's result, or the invocation record) contradict the test tree.
  ///
  /// `testsFailedCount` lies between the tests whose last attempt failed and the failed attempts
  /// (a retry that passed, or each argument of a parameterised test, may count either way); every
  /// failure summary's test must have failed at least once in the tree.
  ///
  /// - Parameters:
  ///   - placed: The tests of the tree under `record`, each with its action's device.
  ///   - record: The value holding `metrics` and `issues`.
  ///   - place: How the problem names `record`.
  ///   - report: Where problems go.
  private func check(
    _ placed: [(device: String?, test: LegacyModelReader.TreeTest)], against record: LegacyValue?,
    in place: String, into report: inout XCResultReport
  ) {
    guard let record else { return }
    let tests = placed.map(\.test)
    func keys(_ include: (LegacyModelReader.TreeTest) -> Bool) -> Set<String> {
      Set(
        placed.filter { include($0.test) }.map {
          [$0.device ?? "", $0.test.configuration ?? "", $0.test.identifier]
            .joined(separator: "\u{1}")
        })
    }
    let lastFailed = keys { $0.results.last == .failed }
    let anyFailed = keys { $0.results.contains(.failed) }
    let failedAttempts = tests.reduce(0) { $0 + $1.results.filter { $0 == .failed }.count }
    if let metrics = record["metrics"], metrics["testsCount"] != nil {
      let failed = metrics.string("testsFailedCount").flatMap { Int($0) } ?? 0
      if failed < lastFailed.count, let first = tests.first(where: { $0.results.last == .failed }) {
        report.problems.append(
          SelfDisagreement.line(
            report.path,
            "the test tree says '\(first.identifier)' failed but the counts of \(place) say "
              + "\(failed) test(s) failed, fewer than the tree's \(lastFailed.count)"))
      } else if failed > failedAttempts {
        report.problems.append(
          SelfDisagreement.line(
            report.path,
            "the counts of \(place) say \(failed) test(s) failed but the test tree holds "
              + "\(failedAttempts) failed attempt(s)"))
      }
    }
    let summaries = record["issues"]?.array("testFailureSummaries") ?? []
    guard !summaries.isEmpty else { return }
    // A summary names a test as `Suite.testName()`, the identifier's last parts joined with `.`.
    var bySuffix: [String: [Int]] = [:]
    for (index, test) in tests.enumerated() {
      let parts = test.identifier.split(separator: "/")
      for start in parts.indices {
        bySuffix[parts[start...].joined(separator: "."), default: []].append(index)
      }
    }
    for summary in summaries {
      guard let name = summary.string("testCaseName"), !name.isEmpty else { continue }
      let matches = (bySuffix[name] ?? []).map { tests[$0] }
      if let first = matches.first {
        guard !matches.contains(where: { $0.results.contains(.failed) }) else { continue }
        report.problems.append(
          SelfDisagreement.line(
            report.path,
            "the test tree says '\(first.identifier)' "
              + SelfDisagreement.claim(first.results.last ?? .unfinished)
              + " but the failure summaries of \(place) hold a failure for it"))
        return
      }
      if anyFailed.isEmpty {
        report.problems.append(
          SelfDisagreement.line(
            report.path,
            "the failure summaries of \(place) hold a failure for '\(name)' but the test tree "
              + "holds no failing test"))
        return
      }
    }
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
