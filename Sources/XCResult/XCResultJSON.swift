import Foundation

/// Reads the JSON `xcresulttool` writes on a Mac: `xcrun xcresulttool get test-results tests`
/// (`testNodes`, `devices`, `testPlanConfigurations`), or the legacy
/// `xcrun xcresulttool get --legacy --format json --id TESTS-REF` of a bundle's tests object
/// (`ActionTestPlanRunSummaries`; its failure messages are in other objects the file does not
/// hold).
package enum XCResultJSON {
  /// The largest file read.
  static let sizeLimit = 256 * 1_048_576

  /// Reads the JSON file at `path`.
  ///
  /// - Throws: ``XCResultError`` when it is missing, not JSON, or neither form.
  package static func read(_ path: String) throws(XCResultError) -> XCResultReport {
    let bytes = try BundleFiles.readFile(path, shown: path, limit: sizeLimit)
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(bytes))
    } catch {
      throw XCResultError(path: path, reason: "not JSON (cut short, or not xcresulttool's output)")
    }
    guard let root = object as? [String: Any] else {
      throw XCResultError(path: path, reason: "not xcresulttool's JSON: no object at the top")
    }
    if root["testNodes"] != nil {
      return try TestResultsJSONReader.read(root, path: path)
    }
    if root["_type"] != nil {
      let value = try legacyValue(root, path: path, depth: 0)
      guard value.typeName == "ActionTestPlanRunSummaries" else {
        throw XCResultError(
          path: path,
          reason: "legacy JSON of a '\(value.typeName)', not of the tests: export them with "
            + "'xcrun xcresulttool get --legacy --format json --path BUNDLE --id TESTS-REF'")
      }
      var report = XCResultReport(path: path, source: .legacyJSON)
      try LegacyModelReader(resolve: nil, path: path).read(value, device: nil, into: &report)
      report.notes.append(
        "legacy JSON holds the tests, not their summaries: failure messages, skip reasons and "
          + "repetitions are in objects the file does not include")
      report.configurations = DatabaseReader.uniqueInOrder(
        report.cases.compactMap(\.configuration))
      report.qualifyByDestination()
      return report
    }
    throw XCResultError(
      path: path,
      reason: "not xcresulttool's JSON: neither 'testNodes' (get test-results tests) nor '_type' "
        + "(get --legacy)")
  }

  /// The legacy JSON shape (`{"_type":{"_name":…},"_value":…}`, `"_values":[…]`) as a value.
  static func legacyValue(_ json: Any, path: String, depth: Int) throws(XCResultError)
    -> LegacyValue
  {
    guard depth < CompactEncodingReader.depthLimit else {
      throw XCResultError(
        path: path, reason: "nested deeper than \(CompactEncodingReader.depthLimit)")
    }
    guard let object = json as? [String: Any],
      let type = (object["_type"] as? [String: Any])?["_name"] as? String
    else {
      throw XCResultError(path: path, reason: "a legacy value without '_type._name'")
    }
    if let values = object["_values"] as? [Any] {
      var elements: [LegacyValue] = []
      for element in values {
        elements.append(try legacyValue(element, path: path, depth: depth + 1))
      }
      return .array(elements)
    }
    if let scalar = object["_value"] {
      return .scalar(type: type, value: scalar as? String ?? "\(scalar)")
    }
    var fields: [String: LegacyValue] = [:]
    for (key, field) in object where !key.hasPrefix("_") {
      fields[key] = try legacyValue(field, path: path, depth: depth + 1)
    }
    return .object(type: type, fields: fields)
  }
}
