// The recording reader as it was before it streamed (whole file in memory, every line through
// Foundation's decoder), kept as the oracle the streamed reader is compared with.
import Contracts
import Foundation
import StateGateRecorder

@testable import RecordingImport

enum LegacyRecordingReader {

  /// Reads a recording from its bytes.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - path: The file's path, for messages.
  /// - Returns: The recording.
  /// - Throws: ``RecordingReadError`` for the first check that fails.
  static func parse(_ data: Data, path: String) throws(RecordingReadError) -> Recording {
    func refuse(_ kind: RecordingReadError.Kind, _ line: Int, _ reason: String)
      -> RecordingReadError
    {
      RecordingReadError(path: path, line: line, kind: kind, reason: reason)
    }
    let bytes = [UInt8](data)
    guard !bytes.isEmpty else { throw refuse(.truncated, 0, "the file is empty") }
    if let compression = compression(of: bytes) {
      throw refuse(
        .malformed, 0,
        "it is a \(compression.name)-compressed file; decompress it first (\(compression.tool))")
    }
    var lines: [ArraySlice<UInt8>] = bytes.split(
      separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    guard lines.last?.isEmpty == true else {
      throw refuse(.truncated, lines.count, "the last line is cut off (no line end)")
    }
    lines.removeLast()
    let header = try object(lines[0], line: 1, path: path)
    guard header["kind"] as? String == "header",
      header["format"] as? String == RecordingFormat.name
    else {
      throw refuse(.malformed, 1, "the first line is not a stategate recording's header")
    }
    guard let version = integer(header["version"]) else {
      throw refuse(
        .malformed, 1,
        header["version"] == nil
          ? "the header has no version"
          : "the header's 'version' is not a whole number (\(spelled(header["version"])))")
    }
    guard version == RecordingFormat.version else {
      throw refuse(
        .unknownVersion, 1,
        "version \(version); this stategate reads version \(RecordingFormat.version)")
    }
    guard let familyName = header["family"] as? String,
      let family = ContractFamily(rawValue: familyName)
    else {
      throw refuse(.malformed, 1, "the header names no known family ('undo' or 'optimistic')")
    }
    guard let dropped = integer(header["dropped"]), dropped >= 0 else {
      throw refuse(.malformed, 1, "the header has no count of dropped events")
    }
    // Where the sequence numbers start: after the dropped lines (events and shown states). An
    // older recorder wrote only `dropped`, and counted lines in it.
    var droppedLines = dropped
    if let field = header["droppedLines"] {
      guard let lines = integer(field), lines >= dropped else {
        throw refuse(
          .malformed, 1,
          "the header's 'droppedLines' is not a whole number at least its 'dropped' events")
      }
      droppedLines = lines
    }
    let capabilityNames = header["capabilities"] as? [String] ?? []
    let known = Set(SubjectCapability.known(in: family).map(\.rawValue))
    // What the events need (absent from recordings whose events need nothing more).
    let requiredNames = header["requires"] as? [String] ?? []
    for name in capabilityNames + requiredNames where !known.contains(name) {
      throw refuse(.malformed, 1, "capability '\(name)' is not one of the \(familyName) family's")
    }
    // The value words beyond on/off the app declared (absent when it declared none).
    var valueWords: [String] = []
    if let field = header["values"] {
      guard family == .optimisticUpdates, let words = field as? [String] else {
        throw refuse(
          .malformed, 1,
          "the header's 'values' is not a list of value words of the optimistic family")
      }
      for word in words {
        if let problem = OptimisticValue.spellingProblem(word) {
          throw refuse(.malformed, 1, "the header's values: \(problem)")
        }
        guard OptimisticValue(word) != .on, OptimisticValue(word) != .off,
          !valueWords.contains(word)
        else {
          throw refuse(
            .malformed, 1, "the header's values name '\(word)' twice, or on or off among them")
        }
        valueWords.append(word)
      }
    }
    var writeTimeout: Int?
    if let field = header["writeTimeoutMilliseconds"] {
      guard let milliseconds = field as? Int, (0...WaitLength.longest).contains(milliseconds)
      else {
        throw refuse(
          .malformed, 1,
          "the header's 'writeTimeoutMilliseconds' is not a whole number from 0 to one day")
      }
      writeTimeout = milliseconds
    }
    let declared = Set(valueWords)
    guard lines.count >= 2,
      let trailer = try? object(lines[lines.count - 1], line: lines.count, path: path),
      trailer["kind"] as? String == "trailer"
    else {
      throw refuse(
        .truncated, lines.count, "the file ends without its trailer line (\(lines.count) lines)")
    }
    var recorded: [Recording.Line] = []
    var lineNumbers: [Int: Int] = [:]
    var expected = droppedLines + 1
    for number in 2..<lines.count {
      let fields = try object(lines[number - 1], line: number, path: path)
      guard let version = integer(fields["version"]) else {
        throw refuse(
          .malformed, number,
          fields["version"] == nil
            ? "the line has no version"
            : "the line's 'version' is not a whole number (\(spelled(fields["version"])))")
      }
      guard version == RecordingFormat.version else {
        throw refuse(
          .unknownVersion, number,
          "version \(version); this stategate reads version \(RecordingFormat.version)")
      }
      let kind = fields["kind"] as? String
      guard kind != "event" && kind != "shown" || fields["seq"] is Int else {
        throw refuse(.malformed, number, "the line has no sequence number")
      }
      guard let sequence = fields["seq"] as? Int else { continue }
      guard sequence == expected else {
        // A number seen too early is a reordering when the one due comes later; else lines are
        // missing.
        let later = lines[number...].contains { line in
          (try? object(line, line: 0, path: path))?["seq"] as? Int == expected
        }
        let reordered = sequence < expected || later
        throw refuse(
          reordered ? .reordered : .truncated, number,
          "seq \(sequence) where \(expected) was next ("
            + (reordered ? "lines out of order" : "lines missing") + ")")
      }
      expected += 1
      lineNumbers[sequence] = number
      do {
        switch kind {
        case "event":
          recorded.append(
            try LineDecoding.event(fields, family: family, sequence: sequence, values: declared))
        case "shown":
          recorded.append(
            try LineDecoding.shown(fields, family: family, sequence: sequence, values: declared))
        default:
          continue
        }
      } catch {
        throw refuse(.malformed, number, error.reason)
      }
    }
    guard let counted = trailer["lines"] as? Int, let sum = trailer["fnv1a64"] as? String else {
      throw refuse(.malformed, lines.count, "the trailer has no line count or checksum")
    }
    guard counted == lines.count - 1 else {
      throw refuse(
        counted > lines.count - 1 ? .truncated : .tampered, lines.count,
        "the trailer counts \(counted) lines before it; the file has \(lines.count - 1)")
    }
    var hash = RecordingFormat.hashBasis
    let bodyEnd = lines[lines.count - 1].startIndex
    bytes[0..<bodyEnd].withUnsafeBytes { RecordingFormat.hash($0, into: &hash) }
    guard RecordingFormat.hex(hash) == sum else {
      throw refuse(
        .tampered, 0,
        "its lines do not match the trailer's checksum (fnv1a64 \(RecordingFormat.hex(hash)), "
          + "the trailer says \(sum))")
    }
    return Recording(
      family: family,
      capabilities: capabilityNames.map(SubjectCapability.init(rawValue:)),
      requirements: requiredNames.map(SubjectCapability.init(rawValue:)),
      values: valueWords.map { OptimisticValue($0) }, writeTimeout: writeTimeout,
      dropped: dropped, droppedCountsLines: dropped > 0 && header["droppedLines"] == nil,
      lines: recorded, lineNumbers: lineNumbers)
  }

  /// A JSON whole number; `nil` for anything else, a Boolean, a string or a fraction included
  /// (Foundation reads `true` as a number that `as? Int` accepts).
  static func integer(_ value: Any?) -> Int? {
    guard let number = value as? NSNumber, !(value is String) else { return nil }
    switch String(cString: number.objCType) {
    case "s", "i", "l", "q", "S", "I", "L", "Q": return number.intValue
    default: return nil
    }
  }

  /// A JSON value as the file spells it, for messages.
  private static func spelled(_ value: Any?) -> String {
    switch value {
    case let text as String: "\"\(text)\""
    case let number as NSNumber where String(cString: number.objCType) == "c":
      number.boolValue ? "true" : "false"
    case let value?: "\(value)"
    case nil: "null"
    }
  }

  /// The compression whose magic number `bytes` start with: its name and the tool that undoes it.
  private static func compression(of bytes: [UInt8]) -> (name: String, tool: String)? {
    let known: [(magic: [UInt8], name: String, tool: String)] = [
      ([0x1F, 0x8B], "gzip", "gunzip"), ([0x28, 0xB5, 0x2F, 0xFD], "zstd", "unzstd"),
      ([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], "xz", "unxz"),
      ([0x42, 0x5A, 0x68], "bzip2", "bunzip2"),
      ([0x50, 0x4B, 0x03, 0x04], "zip", "unzip"),
    ]
    return known.first { bytes.starts(with: $0.magic) }.map { ($0.name, $0.tool) }
  }

  private static func object(_ line: ArraySlice<UInt8>, line number: Int, path: String)
    throws(RecordingReadError) -> [String: Any]
  {
    guard let value = try? JSONSerialization.jsonObject(with: Data(line)),
      let fields = value as? [String: Any]
    else {
      throw RecordingReadError(
        path: path, line: number, kind: .malformed, reason: "the line is not a JSON object")
    }
    return fields
  }
}
