/// Reads `xcrun xcresulttool get test-results tests` JSON: a tree of `testNodes` (test plan,
/// bundles, suites, test cases) whose test cases hold their arguments, devices, configurations,
/// repetitions and failure messages as children.
enum TestResultsJSONReader {
  private struct Split {
    var arguments: String?
    var device: String?
    var configuration: String?
  }

  static func read(_ root: [String: Any], path: String) throws(XCResultError) -> XCResultReport {
    var report = XCResultReport(path: path, source: .testResultsJSON)
    for device in root["devices"] as? [[String: Any]] ?? [] {
      if let text = DatabaseReader.deviceText(
        name: device["deviceName"] as? String, platform: device["platform"] as? String,
        version: device["osVersion"] as? String)
      {
        report.devices.append(text)
      }
    }
    for configuration in root["testPlanConfigurations"] as? [[String: Any]] ?? [] {
      if let name = configuration["configurationName"] as? String {
        report.configurations.append(name)
      }
    }
    guard let nodes = root["testNodes"] as? [[String: Any]] else {
      throw XCResultError(path: path, reason: "'testNodes' is not a list")
    }
    // With one device and one configuration, every case ran there.
    let device = report.devices.count == 1 ? report.devices.first : nil
    let configuration = report.configurations.count == 1 ? report.configurations.first : nil
    try walk(
      nodes, split: Split(device: device, configuration: configuration), depth: 0, path: path,
      into: &report)
    report.qualifyByDestination()
    return report
  }

  private static func walk(
    _ nodes: [[String: Any]], split: Split, depth: Int, path: String,
    into report: inout XCResultReport
  ) throws(XCResultError) {
    guard depth < CompactEncodingReader.depthLimit else {
      throw XCResultError(path: path, reason: "test nodes nested deeper than the limit")
    }
    for node in nodes {
      let type = node["nodeType"] as? String ?? ""
      if type == "Test Case" {
        try testCase(node, split: split, path: path, into: &report)
      } else {
        try walk(
          node["children"] as? [[String: Any]] ?? [], split: split, depth: depth + 1, path: path,
          into: &report)
      }
    }
  }

  private static func testCase(
    _ node: [String: Any], split: Split, path: String, into report: inout XCResultReport
  ) throws(XCResultError) {
    let children = node["children"] as? [[String: Any]] ?? []
    let splits = children.filter {
      ["Arguments", "Device", "Test Plan Configuration"].contains($0["nodeType"] as? String ?? "")
    }
    guard splits.isEmpty else {
      for child in splits {
        var narrower = split
        let name = child["name"] as? String
        switch child["nodeType"] as? String {
        case "Arguments": narrower.arguments = name
        case "Device": narrower.device = name
        default: narrower.configuration = name
        }
        var merged = child
        merged["nodeIdentifier"] = node["nodeIdentifier"]
        merged["name"] = node["name"]
        try testCase(merged, split: narrower, path: path, into: &report)
      }
      return
    }
    let identifier = node["nodeIdentifier"] as? String ?? node["name"] as? String ?? ""
    let last = identifier.split(separator: "/").last.map(String.init) ?? identifier
    let naming = Naming.of(
      identifier: identifier, name: last, displayName: node["name"] as? String,
      arguments: split.arguments)
    var attempts: [XCResultAttempt] = []
    let repetitions = children.filter { ($0["nodeType"] as? String) == "Repetition" }
    if repetitions.isEmpty {
      attempts.append(try attempt(node, path: path, report: &report))
    } else {
      for repetition in repetitions {
        attempts.append(try attempt(repetition, path: path, report: &report))
      }
    }
    report.cases.append(
      XCResultCase(
        suite: naming.suite, name: naming.name, displayName: naming.displayName,
        arguments: split.arguments, configuration: split.configuration, device: split.device,
        repetitionMode: repetitions.first.flatMap { ($0["name"] as? String)?.hasPrefix("Retry") }
          .map { $0 ? "RunRetryOnFailure" : "RunNTimes" }, attempts: attempts))
  }

  private static func attempt(
    _ node: [String: Any], path: String, report: inout XCResultReport
  ) throws(XCResultError) -> XCResultAttempt {
    let word = node["result"] as? String ?? ""
    var result = XCResultResult(word: word)
    if result == nil {
      report.problems.append(
        "'\(path)': the test '\(node["nodeIdentifier"] as? String ?? node["name"] as? String ?? "")'"
          + " has the result '\(word)', which stategate does not know")
      result = .unfinished
    }
    let messages = (node["children"] as? [[String: Any]] ?? []).filter {
      ($0["nodeType"] as? String) == "Failure Message"
    }.compactMap { $0["name"] as? String }
    let issues: [XCResultIssue] =
      result == .skipped ? [] : messages.map(issue(fromLocated:))
    return XCResultAttempt(
      result: result ?? .unfinished, durationSeconds: node["durationInSeconds"] as? Double,
      issues: issues, skipReason: result == .skipped ? messages.first : nil)
  }

  /// `File.swift:12: message` split into file, line and message.
  static func issue(fromLocated text: String) -> XCResultIssue {
    let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
    if parts.count == 3, let line = Int(parts[1]), !parts[0].contains(" "),
      parts[2].hasPrefix(" ")
    {
      return XCResultIssue(
        message: String(parts[2].dropFirst()), file: String(parts[0]), line: line)
    }
    return XCResultIssue(message: text)
  }
}
