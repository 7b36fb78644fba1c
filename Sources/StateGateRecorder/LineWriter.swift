/// Writes a recording's lines into a fixed buffer, handing it to a sink whenever it fills, and
/// keeps the count of lines and the FNV-1a hash of every byte handed over.
struct LineWriter {
  /// The buffer's size: a line longer than this is handed over in pieces.
  static let bufferSize = 16 * 1024

  private let buffer: UnsafeMutableRawBufferPointer
  private let sink: (UnsafeRawBufferPointer) -> Void
  private var used = 0
  /// The hash of the bytes handed over so far.
  private(set) var hash = RecordingFormat.hashBasis
  /// The lines ended so far.
  private(set) var lines = 0

  init(buffer: UnsafeMutableRawBufferPointer, sink: @escaping (UnsafeRawBufferPointer) -> Void) {
    self.buffer = buffer
    self.sink = sink
  }

  /// Hands the buffered bytes to the sink.
  mutating func flush() {
    guard used > 0 else { return }
    let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<used])
    RecordingFormat.hash(bytes, into: &hash)
    sink(bytes)
    used = 0
  }

  @inline(__always)
  mutating func byte(_ byte: UInt8) {
    if used == buffer.count { flush() }
    buffer[used] = byte
    used += 1
  }

  /// Writes ASCII text.
  mutating func text(_ text: StaticString) {
    text.withUTF8Buffer { bytes in
      for byte in bytes { self.byte(byte) }
    }
  }

  /// Writes a whole number in decimal.
  mutating func number(_ value: Int64) {
    if value < 0 {
      byte(UInt8(ascii: "-"))
    }
    var magnitude = value.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var count = 0
    // Twenty digits at most: collect them backwards in three words, then write them forwards.
    withUnsafeMutableBytes(of: &digits) { scratch in
      repeat {
        scratch[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0
    }
    withUnsafeBytes(of: &digits) { scratch in
      for index in stride(from: count - 1, through: 0, by: -1) { byte(scratch[index]) }
    }
  }

  /// Writes a record's value as suites write it: the word at `index` of `words` (`off`, `on`,
  /// then the words the app declared), or `?` for a word it did not declare.
  ///
  /// The one place the recorder spells an optimistic record value.
  mutating func recordValue(_ index: Int, words: [String]) {
    guard words.indices.contains(index) else { return byte(UInt8(ascii: "?")) }
    for byte in words[index].utf8 { self.byte(byte) }
  }

  /// Writes `true` or `false`.
  mutating func bool(_ value: Bool) {
    value ? text("true") : text("false")
  }

  /// Writes a record handle in quotes (`"a"`), or `null` for an unknown record (0).
  mutating func recordHandle(_ number: UInt32) {
    guard number > 0 else { return text("null") }
    var letters: UInt64 = 0
    var count = 0
    var rest = Int(number)
    withUnsafeMutableBytes(of: &letters) { scratch in
      while rest > 0 && count < 8 {
        rest -= 1
        scratch[count] = UInt8(ascii: "a") + UInt8(rest % 26)
        rest /= 26
        count += 1
      }
    }
    byte(UInt8(ascii: "\""))
    withUnsafeBytes(of: &letters) { scratch in
      for index in stride(from: count - 1, through: 0, by: -1) { byte(scratch[index]) }
    }
    byte(UInt8(ascii: "\""))
  }

  /// Writes a numbered handle in quotes (`"r12"`), or `null` for an unknown one (0).
  mutating func handle(_ prefix: UInt8, _ number: Int64) {
    guard number > 0 else { return text("null") }
    byte(UInt8(ascii: "\""))
    byte(prefix)
    self.number(number)
    byte(UInt8(ascii: "\""))
  }

  /// A write's handle: `q…` for a write the app sent for a queued tap (its number from
  /// ``RecordedEntry/Code/queuedWrite``), else `r…`; `null` for 0.
  mutating func writeHandle(_ number: Int64) {
    if number > RecordedEntry.Code.queuedWrite {
      handle(UInt8(ascii: "q"), number - RecordedEntry.Code.queuedWrite)
    } else {
      handle(UInt8(ascii: "r"), number)
    }
  }

  /// Ends a line.
  mutating func endLine() {
    byte(UInt8(ascii: "\n"))
    lines += 1
  }
}
