import CPlatform

/// SIGINT, SIGTERM and SIGHUP, caught from the first instant of a stategate executable (its
/// `.preinit_array`) and remembered until a command watches for them.
package enum Interrupts {
  /// Watches for the signals from now on: each writes a byte to `wakeDescriptor`, if any; a
  /// signal caught before is kept, and wakes the descriptor at once.
  ///
  /// - Throws: ``PlatformError`` when a handler could not be installed.
  package static func watch(wakeDescriptor: FileDescriptor?) throws(PlatformError) {
    guard stategate_catch_interrupts(wakeDescriptor?.rawValue ?? -1) == 0 else {
      throw PlatformError("catch SIGINT, SIGTERM and SIGHUP")
    }
  }

  /// The first signal caught, or `nil`.
  package static var caughtSignal: Int32? {
    let number = stategate_interrupt_signal()
    return number == 0 ? nil : number
  }

  /// Whether a command watched for the signals (and so answered one itself).
  package static var wereWatched: Bool { stategate_interrupts_watched() != 0 }

  /// Puts back the actions the signals had before ``watch(wakeDescriptor:)`` and forgets a
  /// signal caught.
  package static func stopWatching() {
    stategate_release_interrupts()
  }
}
