import Contracts
import Foundation
import StateGateRecorder

/// Reads a recording handed over in chunks of any size, line by line, holding only the line in
/// hand (a line split across chunks is gathered in a buffer as long as the longest line), the
/// last line (the trailer, when the file is whole) and the translated lines.
///
/// A problem is found as the lines arrive, but reported by ``finish()`` in the order
/// ``RecordingReader`` states: whole-file checks (empty, compressed, no final line end), the
/// header, the trailer, then the first line in error, the trailer's count, the checksum.
struct RecordingScanner {
  /// What the header says, checked.
  private struct Header {
    var family: ContractFamily
    var capabilityNames: [String]
    var requiredNames: [String]
    var valueWords: [String]
    var declared: Set<String>
    var writeTimeout: Int?
    var dropped: Int
    /// The lines dropped before the first kept one (events and shown states).
    var droppedLines: Int
    var droppedCountsLines: Bool
  }

  private let path: String
  /// The file's first bytes, for its compression's magic number.
  private var firstBytes: [UInt8] = []
  private var byteCount = 0
  /// The bytes of a line not yet ended.
  private var partial: [UInt8] = []
  /// The lines ended so far.
  private var lineCount = 0
  /// The last line ended, without its line end.
  private var lastLine: [UInt8] = []
  /// FNV-1a of every ended line, and of every ended line before the last.
  private var hash = RecordingFormat.hashBasis
  private var hashBeforeLast = RecordingFormat.hashBasis

  private var header: Header?
  /// The first problem with the header or a line; once set, lines are no longer decoded.
  private var failure: RecordingReadError?
  /// A line of kind `trailer`, not yet known to be the last: it is checked as a line when another
  /// line follows it.
  private var heldTrailer: (fields: [String: Any], number: Int)?
  /// A sequence number found out of turn: the line, the number and the one due, and whether a
  /// later line carries the one due (a reordering).
  private var outOfTurn: (line: Int, sequence: Int, expected: Int, dueLater: Bool)?

  private var recorded = RecordingLines()
  private var lineNumbers = SequenceLines()
  private var expected = 0

  init(path: String) {
    self.path = path
  }

  /// Takes the next bytes of the file.
  mutating func feed(_ bytes: UnsafeRawBufferPointer) {
    guard !bytes.isEmpty else { return }
    if firstBytes.count < 8 { firstBytes.append(contentsOf: bytes.prefix(8 - firstBytes.count)) }
    byteCount += bytes.count
    var start = 0
    while start < bytes.count {
      let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
      guard let end = rest.firstIndex(of: UInt8(ascii: "\n")) else {
        partial.append(contentsOf: rest)
        return
      }
      if partial.isEmpty {
        ended(UnsafeRawBufferPointer(rebasing: rest[...end]))
      } else {
        partial.append(contentsOf: rest[...end])
        var line: [UInt8] = []
        swap(&line, &partial)
        line.withUnsafeBytes { ended($0) }
        // Keep a buffer of ordinary size for the next split line; let a huge line's go.
        if line.capacity <= 1 << 20 {
          line.removeAll(keepingCapacity: true)
          partial = line
        }
      }
      start += end + 1
    }
  }

  /// One line, with its line end.
  private mutating func ended(_ withEnd: UnsafeRawBufferPointer) {
    lineCount += 1
    hashBeforeLast = hash
    RecordingFormat.hash(withEnd, into: &hash)
    let line = UnsafeRawBufferPointer(rebasing: withEnd.dropLast())
    lastLine.removeAll(keepingCapacity: true)
    lastLine.append(contentsOf: line)
    if let held = heldTrailer {
      heldTrailer = nil
      body(held.fields, number: held.number)
    }
    if lineCount == 1 {
      do {
        let checked = try Self.header(
          try RecordingReader.object(line, line: 1, path: path), path: path)
        header = checked
        expected = checked.droppedLines + 1
      } catch {
        failure = error
      }
      return
    }
    if let turn = outOfTurn, !turn.dueLater {
      let fields = try? RecordingReader.object(line, line: 0, path: path)
      if RecordingReader.integer(fields?["seq"]) == turn.expected { outOfTurn?.dueLater = true }
      return
    }
    guard failure == nil else { return }
    let fields: [String: Any]
    do {
      fields = try RecordingReader.object(line, line: lineCount, path: path)
    } catch {
      failure = error
      return
    }
    if fields["kind"] as? String == "trailer" {
      heldTrailer = (fields, lineCount)
      return
    }
    body(fields, number: lineCount)
  }

  /// Checks and translates a line between the header and the trailer.
  private mutating func body(_ fields: [String: Any], number: Int) {
    guard failure == nil, let header else { return }
    func refuse(_ kind: RecordingReadError.Kind, _ reason: String) {
      failure = RecordingReadError(path: path, line: number, kind: kind, reason: reason)
    }
    guard let version = RecordingReader.integer(fields["version"]) else {
      return refuse(
        .malformed,
        fields["version"] == nil
          ? "the line has no version"
          : "the line's 'version' is not a whole number "
            + "(\(RecordingReader.spelled(fields["version"])))")
    }
    guard version == RecordingFormat.version else {
      return refuse(
        .unknownVersion,
        "version \(version); this stategate reads version \(RecordingFormat.version)")
    }
    let kind = fields["kind"] as? String
    guard let sequence = RecordingReader.integer(fields["seq"]) else {
      // A line of another kind may go without one; a `seq` that is there is a whole number.
      guard kind != "event" && kind != "shown", fields["seq"] == nil else {
        return refuse(
          .malformed,
          fields["seq"] == nil
            ? "the line has no sequence number"
            : "the line's 'seq' is not a whole number (\(RecordingReader.spelled(fields["seq"])))")
      }
      return
    }
    guard sequence == expected else {
      // Whether this is a reordering or lines missing is known once the rest is read.
      outOfTurn = (number, sequence, expected, false)
      return refuse(.reordered, "")
    }
    expected += 1
    lineNumbers.append(sequence, line: number)
    do {
      switch kind {
      case "event":
        recorded.append(
          try LineDecoding.event(
            fields, family: header.family, sequence: sequence, values: header.declared))
      case "shown":
        recorded.append(
          try LineDecoding.shown(
            fields, family: header.family, sequence: sequence, values: header.declared))
      default:
        return
      }
    } catch {
      refuse(.malformed, error.reason)
    }
  }

  /// The recording, once every byte has been fed.
  ///
  /// - Throws: ``RecordingReadError`` for the first check that fails.
  mutating func finish() throws(RecordingReadError) -> Recording {
    func refuse(_ kind: RecordingReadError.Kind, _ line: Int, _ reason: String)
      -> RecordingReadError
    {
      RecordingReadError(path: path, line: line, kind: kind, reason: reason)
    }
    guard byteCount > 0 else { throw refuse(.truncated, 0, "the file is empty") }
    if let compression = RecordingReader.compression(of: firstBytes) {
      throw refuse(
        .malformed, 0,
        "it is a \(compression.name)-compressed file; decompress it first (\(compression.tool))")
    }
    guard partial.isEmpty else {
      throw refuse(.truncated, lineCount + 1, "the last line is cut off (no line end)")
    }
    guard let header else {
      // The header's own problem (every file with a line end has a header line).
      throw failure ?? refuse(.malformed, 1, "the first line is not a stategate recording's header")
    }
    let lines = lineCount
    let trailer = lines >= 2 ? lastLine.withUnsafeBytes { trailerFields($0, number: lines) } : nil
    guard let trailer else {
      throw refuse(
        .truncated, lines, "the file ends without its trailer line (\(lines) lines)")
    }
    if let turn = outOfTurn {
      let reordered = turn.sequence < turn.expected || turn.dueLater
      throw refuse(
        reordered ? .reordered : .truncated, turn.line,
        "seq \(turn.sequence) where \(turn.expected) was next ("
          + (reordered ? "lines out of order" : "lines missing") + ")")
    }
    if let failure { throw failure }
    guard let counted = RecordingReader.integer(trailer["lines"]),
      let sum = trailer["fnv1a64"] as? String
    else {
      throw refuse(
        .malformed, lines,
        trailer["lines"] != nil && RecordingReader.integer(trailer["lines"]) == nil
          ? "the trailer's 'lines' is not a whole number (\(RecordingReader.spelled(trailer["lines"])))"
          : "the trailer has no line count or checksum")
    }
    guard counted == lines - 1 else {
      throw refuse(
        counted > lines - 1 ? .truncated : .tampered, lines,
        "the trailer counts \(counted) lines before it; the file has \(lines - 1)")
    }
    guard RecordingFormat.hex(hashBeforeLast) == sum else {
      throw refuse(
        .tampered, 0,
        "its lines do not match the trailer's checksum (fnv1a64 "
          + "\(RecordingFormat.hex(hashBeforeLast)), the trailer says \(sum))")
    }
    return Recording(
      family: header.family,
      capabilities: header.capabilityNames.map(SubjectCapability.init(rawValue:)),
      requirements: header.requiredNames.map(SubjectCapability.init(rawValue:)),
      values: header.valueWords.map { OptimisticValue($0) }, writeTimeout: header.writeTimeout,
      dropped: header.dropped, droppedCountsLines: header.droppedCountsLines,
      store: recorded, numbering: lineNumbers)
  }

  /// The last line's fields when it is a trailer.
  private func trailerFields(_ line: UnsafeRawBufferPointer, number: Int) -> [String: Any]? {
    guard let fields = try? RecordingReader.object(line, line: number, path: path),
      fields["kind"] as? String == "trailer"
    else { return nil }
    return fields
  }

  /// Checks the header line.
  private static func header(_ header: [String: Any], path: String) throws(RecordingReadError)
    -> Header
  {
    func refuse(_ kind: RecordingReadError.Kind, _ reason: String) -> RecordingReadError {
      RecordingReadError(path: path, line: 1, kind: kind, reason: reason)
    }
    guard header["kind"] as? String == "header",
      header["format"] as? String == RecordingFormat.name
    else {
      throw refuse(.malformed, "the first line is not a stategate recording's header")
    }
    guard let version = RecordingReader.integer(header["version"]) else {
      throw refuse(
        .malformed,
        header["version"] == nil
          ? "the header has no version"
          : "the header's 'version' is not a whole number "
            + "(\(RecordingReader.spelled(header["version"])))")
    }
    guard version == RecordingFormat.version else {
      throw refuse(
        .unknownVersion,
        "version \(version); this stategate reads version \(RecordingFormat.version)")
    }
    guard let familyName = header["family"] as? String,
      let family = ContractFamily(rawValue: familyName)
    else {
      throw refuse(.malformed, "the header names no known family ('undo' or 'optimistic')")
    }
    guard let dropped = RecordingReader.integer(header["dropped"]), dropped >= 0 else {
      throw refuse(.malformed, "the header has no count of dropped events")
    }
    // Where the sequence numbers start: after the dropped lines (events and shown states). An
    // older recorder wrote only `dropped`, and counted lines in it.
    var droppedLines = dropped
    if let field = header["droppedLines"] {
      guard let lines = RecordingReader.integer(field), lines >= dropped else {
        throw refuse(
          .malformed,
          "the header's 'droppedLines' is not a whole number at least its 'dropped' events")
      }
      droppedLines = lines
    }
    let capabilityNames = header["capabilities"] as? [String] ?? []
    let known = Set(SubjectCapability.known(in: family).map(\.rawValue))
    // What the events need (absent from recordings whose events need nothing more).
    let requiredNames = header["requires"] as? [String] ?? []
    for name in capabilityNames + requiredNames where !known.contains(name) {
      throw refuse(.malformed, "capability '\(name)' is not one of the \(familyName) family's")
    }
    // The value words beyond on/off the app declared (absent when it declared none).
    var valueWords: [String] = []
    if let field = header["values"] {
      guard family == .optimisticUpdates, let words = field as? [String] else {
        throw refuse(
          .malformed, "the header's 'values' is not a list of value words of the optimistic family")
      }
      for word in words {
        if let problem = OptimisticValue.spellingProblem(word) {
          throw refuse(.malformed, "the header's values: \(problem)")
        }
        guard OptimisticValue(word) != .on, OptimisticValue(word) != .off,
          !valueWords.contains(word)
        else {
          throw refuse(
            .malformed, "the header's values name '\(word)' twice, or on or off among them")
        }
        valueWords.append(word)
      }
    }
    var writeTimeout: Int?
    if let field = header["writeTimeoutMilliseconds"] {
      guard let milliseconds = field as? Int, (0...WaitLength.longest).contains(milliseconds)
      else {
        throw refuse(
          .malformed,
          "the header's 'writeTimeoutMilliseconds' is not a whole number from 0 to one day")
      }
      writeTimeout = milliseconds
    }
    return Header(
      family: family, capabilityNames: capabilityNames, requiredNames: requiredNames,
      valueWords: valueWords, declared: Set(valueWords), writeTimeout: writeTimeout,
      dropped: dropped, droppedLines: droppedLines,
      droppedCountsLines: dropped > 0 && header["droppedLines"] == nil)
  }
}
