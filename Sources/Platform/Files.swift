import CPlatform
import Foundation

/// File operations Foundation does not offer.
package enum Files {
  /// Renames `source` to `destination` only if `destination` does not exist, atomically.
  ///
  /// - Throws: ``PlatformError`` (`EEXIST` when `destination` exists).
  package static func renameWithoutReplacing(_ source: String, to destination: String)
    throws(PlatformError)
  {
    guard stategate_rename_noreplace(source, destination) == 0 else {
      throw PlatformError("rename '\(source)' to '\(destination)'")
    }
  }
}

/// A search for bytes in bytes.
package enum ByteSearch {
  /// The offset of the first occurrence of `needle` in `haystack`, or `nil`.
  package static func offset(of needle: [UInt8], in haystack: some ContiguousBytes) -> Int? {
    let offset = haystack.withUnsafeBytes { haystack in
      needle.withUnsafeBytes { needle in
        stategate_find_bytes(haystack.baseAddress, haystack.count, needle.baseAddress, needle.count)
      }
    }
    return offset >= 0 ? Int(offset) : nil
  }
}
