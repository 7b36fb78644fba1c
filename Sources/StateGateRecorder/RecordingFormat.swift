/// The recording file's format: its name and version, the handle names, and the checksum.
///
/// A recording is one JSON Lines file: a header, one line per event or shown state, each with a
/// sequence number, then a trailer with the count of the lines before it and their FNV-1a hash.
/// `docs/recordings.md` describes every line; `stategate import` reads it.
public enum RecordingFormat {
  /// The `format` field of the header.
  public static let name = "stategate-recording"
  /// The version every line carries; a reader refuses any other.
  public static let version = 1

  /// The handle of the `number`-th record (from 1): `a` … `z`, `aa`, `ab` … (bijective base 26).
  public static func recordHandle(_ number: Int) -> String {
    precondition(number > 0, "record handles start at 1")
    var letters: [UInt8] = []
    var rest = number
    while rest > 0 {
      rest -= 1
      letters.append(UInt8(ascii: "a") + UInt8(rest % 26))
      rest /= 26
    }
    return String(decoding: letters.reversed(), as: UTF8.self)
  }

  /// The number of the record handle `handle` (`a` is 1), or `nil` if it is not one.
  public static func recordNumber(_ handle: String) -> Int? {
    guard !handle.isEmpty, handle.utf8.count <= 6 else { return nil }
    var number = 0
    for byte in handle.utf8 {
      guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) else { return nil }
      number = number * 26 + Int(byte - UInt8(ascii: "a")) + 1
    }
    return number
  }

  /// The 64-bit FNV-1a offset basis: the hash of no bytes.
  public static let hashBasis: UInt64 = 0xCBF2_9CE4_8422_2325

  /// Folds `bytes` into the 64-bit FNV-1a hash `hash`.
  ///
  /// FNV-1a finds truncation, reordering and edits made by hand or by a broken transfer; it is
  /// not a signature, and a recording is not protected against someone who recomputes it.
  @inlinable
  public static func hash(_ bytes: UnsafeRawBufferPointer, into hash: inout UInt64) {
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
  }

  /// Sixteen lowercase hex digits of `hash`.
  public static func hex(_ hash: UInt64) -> String {
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
