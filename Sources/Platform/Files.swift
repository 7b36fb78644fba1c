import CPlatform
import Foundation

/// File operations Foundation does not offer.
public enum Files {
  /// Renames `source` to `destination` only if `destination` does not exist, atomically.
  ///
  /// - Throws: ``PlatformError`` (`EEXIST` when `destination` exists).
  public static func renameWithoutReplacing(_ source: String, to destination: String)
    throws(PlatformError)
  {
    guard stategate_rename_noreplace(source, destination) == 0 else {
      throw PlatformError("rename '\(source)' to '\(destination)'")
    }
  }
}

/// A search for bytes in bytes.
public enum ByteSearch {
  /// The offset of the first occurrence of `needle` in `haystack`, or `nil`.
  public static func offset(of needle: [UInt8], in haystack: some ContiguousBytes) -> Int? {
    let offset = haystack.withUnsafeBytes { haystack in
      needle.withUnsafeBytes { needle in
        stategate_find_bytes(haystack.baseAddress, haystack.count, needle.baseAddress, needle.count)
      }
    }
    return offset >= 0 ? Int(offset) : nil
  }
}
