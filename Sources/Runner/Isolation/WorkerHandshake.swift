import Foundation

/// The line a worker writes on its reply descriptor the instant it enters worker mode, before it
/// reads a request, for run and exploration workers alike.
///
/// A worker is the parent's own executable started again with a worker setting in its
/// environment; only an executable whose `main` hands that setting to `StateGate.main` (or to
/// ``WorkerLoop`` and `ExplorationWorker` directly) serves. The handshake tells the parent that
/// it does: an executable that ends, or writes something else, before it is a worker that cannot
/// start, an internal error of the parent, never a case's crash or an interrupt.
package enum WorkerHandshake {
  /// The handshake line, without its newline.
  package static let line: [UInt8] = Array(#"{"kind":"ready"}"#.utf8)

  /// The longest a worker may take to write the handshake after it was started, in seconds.
  package static let timeout = 30.0

  /// What waiting for the handshake found.
  package enum Answer: Equatable {
    /// The worker wrote the handshake: it serves requests.
    case ready
    /// A stop request (SIGINT, SIGTERM) came first.
    case stopped
    /// The worker cannot serve: why, in words that follow "the worker".
    case refused(String)
  }

  /// Why `executable` cannot serve as a worker, as one line for an `error:` message.
  ///
  /// - Parameters:
  ///   - executable: The worker's executable.
  ///   - how: What waiting for the handshake saw, a phrase such as "it ended with exit status 64".
  /// - Returns: The reason, which names the executable and what it did instead.
  package static func failure(executable: String, _ how: String) -> String {
    "cannot start a worker process: '\(executable)' does not answer the worker handshake (is "
      + "this binary built on StateGateCLI's main?): \(how)"
  }
}
