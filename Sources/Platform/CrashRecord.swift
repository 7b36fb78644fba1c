import CPlatform

/// A last word for a crash of this process, written by a fatal-signal handler.
///
/// A manifest prepared in advance is written (after the event buffer) and a directory renamed
/// into place, before the signal takes its course. Only async-signal-safe calls run in the
/// handler.
package enum CrashRecord {
  /// Arms the record: on a fatal signal, `manifest` is written to `manifestPath` (if that file
  /// does not exist) and `directory` renamed to `finalDirectory` without replacing anything.
  ///
  /// - Returns: `false` if memory for the copies could not be allocated.
  @discardableResult
  package static func arm(
    manifest: [UInt8], at manifestPath: String, renaming directory: String,
    to finalDirectory: String
  ) -> Bool {
    manifest.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { characters in
        stategate_arm_crash_record(
          manifestPath, characters.baseAddress, characters.count, directory, finalDirectory) == 0
      }
    }
  }

  /// Replaces the prepared manifest with `head`, then — when `tail` is given — the step last
  /// given to ``setStep(_:)`` in decimal, then `tail`.
  ///
  /// - Returns: `false` if the record is not armed or memory could not be allocated (the
  ///   previous manifest then stays).
  @discardableResult
  package static func update(head: [UInt8], tail: [UInt8]?) -> Bool {
    head.withUnsafeBufferPointer { headBuffer in
      headBuffer.withMemoryRebound(to: CChar.self) { headCharacters in
        guard let tail else {
          return stategate_update_crash_record(
            headCharacters.baseAddress, headCharacters.count, nil, 0) == 0
        }
        return tail.withUnsafeBufferPointer { tailBuffer in
          tailBuffer.withMemoryRebound(to: CChar.self) { tailCharacters in
            stategate_update_crash_record(
              headCharacters.baseAddress, headCharacters.count, tailCharacters.baseAddress,
              tailCharacters.count) == 0
          }
        }
      }
    }
  }

  /// Sets the step the record writes between its head and tail: the last step completed.
  ///
  /// Cheap enough to call after every step.
  package static func setStep(_ step: Int) {
    stategate_set_crash_step(step)
  }

  /// Disarms the record and frees its copies.
  package static func disarm() {
    stategate_disarm_crash_record()
  }
}
