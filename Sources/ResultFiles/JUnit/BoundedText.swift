/// The start and the end of a text of any length, in bounded memory: what the reader keeps of a
/// failure's text or message.
///
/// Up to ``headLimit`` bytes of the start and ``tailLimit`` bytes of the end are kept, so the
/// failing line that a runner writes last in a long log is still there. A cut never splits a
/// character or a name (`undoCount` never becomes `undo`): the start ends before the last name it
/// would split and is marked ` […]`, and the end starts at its first whole line.
struct BoundedText {
  /// The most bytes kept from the start.
  let headLimit: Int
  /// The most bytes kept from the end.
  let tailLimit: Int
  private var head: [UInt8] = []
  private var tail: [UInt8] = []
  /// Every byte appended.
  private(set) var totalBytes = 0

  /// Creates an empty text that keeps at most `headLimit` bytes of its start and `tailLimit` of
  /// its end.
  init(headLimit: Int, tailLimit: Int) {
    self.headLimit = headLimit
    self.tailLimit = tailLimit
  }

  /// Forgets everything appended, keeping the memory for the next text.
  mutating func removeAll() {
    head.removeAll(keepingCapacity: true)
    tail.removeAll(keepingCapacity: true)
    totalBytes = 0
  }

  /// Whether nothing was appended.
  var isEmpty: Bool { totalBytes == 0 }

  /// Appends bytes.
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    totalBytes += bytes.count
    var rest = bytes[...]
    if head.count < headLimit {
      let taken = min(rest.count, headLimit - head.count)
      head.append(contentsOf: rest.prefix(taken))
      rest = rest.dropFirst(taken)
    }
    guard !rest.isEmpty else { return }
    if rest.count >= tailLimit {
      tail.removeAll(keepingCapacity: true)
      tail.append(contentsOf: rest.suffix(tailLimit))
    } else {
      tail.append(contentsOf: rest)
      if tail.count >= 2 * tailLimit {
        tail.removeFirst(tail.count - tailLimit)
      }
    }
  }

  /// Appends a string's bytes.
  mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { append($0) }
  }

  /// The bytes appended but not kept: 0 when the text is whole.
  var omittedBytes: Int { totalBytes - head.count - min(tail.count, tailLimit) }

  /// The text as kept: whole, or its start and its end on separate lines.
  var text: String {
    if omittedBytes == 0 {
      return String(decoding: head + tail, as: UTF8.self)
    }
    var result = String(decoding: head[..<Self.safeCut(head)], as: UTF8.self) + " […]"
    let end = tail.suffix(tailLimit)
    if let lineBreak = end.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
      let lines = end[(lineBreak + 1)...].drop { $0 == 0x0A || $0 == 0x0D }
      if !lines.isEmpty {
        result += "\n" + String(decoding: lines, as: UTF8.self)
      }
    }
    return result
  }

  /// Where to end a cut start: before the name the cut would split, or (in a run of more than
  /// 256 bytes that can be a name, too long to end in one of triage's clues) before the last
  /// character, which may be incomplete.
  private static func safeCut(_ bytes: [UInt8]) -> Int {
    var cut = bytes.count
    while cut > 0 && bytes.count - cut < 256 && mayContinueName(bytes[cut - 1]) {
      cut -= 1
    }
    if cut == 0 || !mayContinueName(bytes[cut - 1]) { return cut }
    cut = bytes.count
    while cut > 0 && bytes[cut - 1] & 0xC0 == 0x80 {
      cut -= 1
    }
    if cut > 0 && bytes[cut - 1] >= 0xC0 {
      cut -= 1
    }
    return cut
  }

  /// Whether `byte` can be part of a name: an ASCII letter, digit or `_`, or any byte of a
  /// non-ASCII character.
  private static func mayContinueName(_ byte: UInt8) -> Bool {
    byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
      || byte == UInt8(ascii: "_")
  }
}
