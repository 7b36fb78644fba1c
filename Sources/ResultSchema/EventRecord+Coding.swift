import Foundation

extension EventRecord {
  /// The record as one line of JSON (sorted keys, no trailing newline).
  package func jsonLine() throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data: Data
    switch self {
    case .runStarted(let record): data = try encoder.encode(record)
    case .caseStarted(let record): data = try encoder.encode(record)
    case .step(let record): data = try encoder.encode(record)
    case .caseFinished(let record): data = try encoder.encode(record)
    case .runFinished(let record): data = try encoder.encode(record)
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// Reads one line; returns `nil` for a record of a kind (or a newer version) this reader does
  /// not know, which readers skip.
  ///
  /// - Throws: `DecodingError` when the line is not a JSON object of a known kind's shape.
  package static func parse(_ line: some StringProtocol) throws -> EventRecord? {
    let data = Data(line.utf8)
    let decoder = JSONDecoder()
    let header = try decoder.decode(Header.self, from: data)
    guard header.version <= currentVersion else { return nil }
    switch header.kind {
    case "runStarted": return .runStarted(try decoder.decode(RunStarted.self, from: data))
    case "caseStarted": return .caseStarted(try decoder.decode(CaseStarted.self, from: data))
    case "step": return .step(try decoder.decode(Step.self, from: data))
    case "caseFinished": return .caseFinished(try decoder.decode(CaseFinished.self, from: data))
    case "runFinished": return .runFinished(try decoder.decode(RunFinished.self, from: data))
    default: return nil
    }
  }

  private struct Header: Decodable {
    var version: Int
    var kind: String
  }
}
