import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The path of a fixture copied into the test bundle (`Fixtures/NAME`).
func fixture(_ name: String) throws -> String {
  let root = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures")
  let path = root.appendingPathComponent(name).path
  #expect(FileManager.default.fileExists(atPath: path), "no fixture '\(name)'")
  return path
}

/// One `<testcase>` of trainer's JUnit: its class, name, and every failure and skip message.
struct TrainerCase: Equatable {
  var className: String
  var name: String
  var failures: [String] = []
  var skipped: String?
  /// The text of the `<failure>` elements, joined.
  var failureText = ""

  /// `failed`, `skipped` or `passed`, as trainer wrote it.
  var outcome: String {
    !failures.isEmpty ? "failed" : skipped != nil ? "skipped" : "passed"
  }
}

/// Reads trainer's JUnit (a trusted fixture) into its test cases, in order.
func trainerCases(_ path: String) throws -> [TrainerCase] {
  let collector = TrainerCollector()
  let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: path)))
  parser.delegate = collector
  #expect(parser.parse(), "\(path): \(String(describing: parser.parserError))")
  return collector.cases
}

private final class TrainerCollector: NSObject, XMLParserDelegate {
  var cases: [TrainerCase] = []
  var inFailure = false

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if inFailure, !cases.isEmpty { cases[cases.count - 1].failureText += string }
  }

  func parser(
    _ parser: XMLParser, didEndElement element: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    if element == "failure" { inFailure = false }
  }

  func parser(
    _ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    switch element {
    case "testcase":
      cases.append(
        TrainerCase(className: attributes["classname"] ?? "", name: attributes["name"] ?? ""))
    case "failure":
      inFailure = true
      if !cases.isEmpty { cases[cases.count - 1].failures.append(attributes["message"] ?? "") }
    case "skipped":
      if !cases.isEmpty { cases[cases.count - 1].skipped = attributes["message"] ?? "" }
    default:
      break
    }
  }
}

/// Text as trainer's JUnit carries it once parsed.
///
/// Control characters are written as `\uXXXX` (NUL dropped), tab, line feed and carriage return
/// turned into spaces by XML's attribute normalisation, runs of spaces collapsed. stategate writes those four as `\uXXXX` too (it
/// keeps every argument's name distinct), so they are mapped the same way.
func trainerForm(_ text: String) -> String {
  var text = text.replacingOccurrences(of: "\\u0000", with: "")
  for escaped in ["\\u0009", "\\u000a", "\\u000d"] {
    text = text.replacingOccurrences(of: escaped, with: " ")
  }
  var out = ""
  for scalar in text.unicodeScalars {
    switch scalar.value {
    case 0: continue
    case 0x09, 0x0A, 0x0D: out.unicodeScalars.append(" ")
    case 0x01...0x1F, 0x7F:
      out += "\\u" + String(format: "%04x", scalar.value)
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
}

/// A legacy trainer failure (`message (file:///…/File.swift#…EndingLineNumber=35&…)`) as
/// `File.swift:36: message`: the URL counts lines from 0, Xcode (and stategate) from 1.
func locatedFromLegacyTrainer(_ failure: String) -> String {
  guard let open = failure.range(of: " (", options: .backwards), failure.hasSuffix(")") else {
    return failure
  }
  let message = String(failure[..<open.lowerBound])
  let url = failure[open.upperBound..<failure.index(before: failure.endIndex)]
  let file = url.split(separator: "#").first.map { $0.split(separator: "/").last ?? $0 } ?? ""
  guard let range = url.range(of: "EndingLineNumber="),
    let line = Int(url[range.upperBound...].prefix { $0.isNumber })
  else { return failure }
  return "\(file):\(line + 1): \(message)"
}
