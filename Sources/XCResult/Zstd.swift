import CZstd

/// Zstandard decompression with a bound on the output, so a small hostile object cannot take the
/// machine's memory (a decompression bomb).
///
/// The only code in stategate that calls libzstd: each C call is wrapped here, once, and its
/// failures become ``ZstdError``s.
enum Zstd {
  /// The four bytes every Zstandard frame starts with (`28 b5 2f fd`).
  static let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]

  /// Decompresses every frame of `input`.
  ///
  /// - Parameters:
  ///   - input: One or more complete Zstandard frames.
  ///   - limit: The most bytes the output may hold; more is refused, never allocated.
  ///   - path: The file the frames came from, for errors.
  /// - Returns: The decompressed bytes.
  /// - Throws: ``ZstdError`` for a corrupt or truncated frame, or output beyond `limit`.
  static func decompress(_ input: [UInt8], limit: Int, path: String) throws(ZstdError) -> [UInt8] {
    guard input.starts(with: magic) else {
      throw ZstdError(path: path, reason: "not Zstandard data (no frame magic 28 b5 2f fd)")
    }
    guard let stream = ZSTD_createDStream() else {
      throw ZstdError(path: path, reason: "ZSTD_createDStream failed (out of memory)")
    }
    defer { ZSTD_freeDStream(stream) }
    let chunkSize = Int(ZSTD_DStreamOutSize())
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    var pending = 0
    let failure: String? = input.withUnsafeBytes { source in
      var inBuffer = ZSTD_inBuffer(src: source.baseAddress, size: source.count, pos: 0)
      while true {
        let result = chunk.withUnsafeMutableBytes { target in
          var outBuffer = ZSTD_outBuffer(dst: target.baseAddress, size: target.count, pos: 0)
          let status = ZSTD_decompressStream(stream, &outBuffer, &inBuffer)
          return (status, outBuffer.pos)
        }
        if ZSTD_isError(result.0) != 0 {
          return "corrupt Zstandard data: " + String(cString: ZSTD_getErrorName(result.0))
        }
        guard output.count + result.1 <= limit else {
          return "decompresses to more than \(limit / 1_048_576) MB; refused (a decompression "
            + "bomb, or an object far larger than any test result)"
        }
        output.append(contentsOf: chunk[0..<result.1])
        pending = result.0
        // Done when every input byte is consumed and the decoder filled less than a whole chunk
        // (it holds no more output); `pending` then says whether the last frame was complete.
        if inBuffer.pos == inBuffer.size && result.1 < chunkSize {
          return nil
        }
      }
    }
    if let failure { throw ZstdError(path: path, reason: failure) }
    guard pending == 0 else {
      throw ZstdError(
        path: path, reason: "the Zstandard frame is cut short (truncated: \(input.count) bytes)")
    }
    return output
  }
}
