import Foundation

/// Phrases a file-system error from Foundation or the C library as a short reason, in the voice
/// of stategate's diagnostics ("permission denied"), never Foundation's `Error Domain=…` dump.
package enum SystemErrorText {
  /// Returns the reason `error` gives, lowercase and on one line.
  ///
  /// - Parameter error: Any error; one from Foundation's file APIs, or a POSIX error, is phrased
  ///   by its C error number or its Cocoa code; any other error by its own description.
  /// - Returns: The reason, such as `no such file or directory` or `no space left on device`.
  package static func reason(_ error: any Error) -> String {
    if let code = posixCode(of: error) {
      return phrase(String(cString: strerror(code)))
    }
    let bridged = error as NSError
    guard bridged.domain == NSCocoaErrorDomain else { return "\(error)" }
    switch CocoaError.Code(rawValue: bridged.code) {
    case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or directory"
    case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
    case .fileWriteOutOfSpace: return "no space left on device"
    case .fileWriteVolumeReadOnly: return "read-only file system"
    case .fileWriteFileExists: return "file exists"
    case .fileReadInvalidFileName, .fileWriteInvalidFileName: return "invalid file name"
    case .fileReadCorruptFile: return "the file is damaged"
    case .fileReadInapplicableStringEncoding, .fileWriteInapplicableStringEncoding:
      return "the text is not in the expected encoding"
    default: return "the file system refused (Cocoa error \(bridged.code))"
    }
  }

  /// The C error number behind `error`, itself or as Foundation's underlying error.
  private static func posixCode(of error: any Error) -> Int32? {
    if let posix = error as? POSIXError { return posix.code.rawValue }
    let bridged = error as NSError
    if bridged.domain == NSPOSIXErrorDomain { return Int32(bridged.code) }
    if let underlying = bridged.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return Int32(underlying.code)
    }
    return nil
  }

  /// `No such file or directory` as `no such file or directory`.
  private static func phrase(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.lowercased() + text.dropFirst()
  }
}
