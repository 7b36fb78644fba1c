import Foundation
import Platform
import RunModel

/// Writes replies, one line each, to a descriptor through the crash-safe reply buffer (see
/// `stategate_replies_start`): steps are written in batches, every other reply at once.
package struct ReplyWriter {
  /// How long a completed step may wait in the buffer: 2 ms.
  static let maximumDelay = 2_000_000
  private let encoder = JSONEncoder()

  /// Starts the reply buffer on `descriptor`; `nil` if it cannot be.
  package init?(descriptor: Int32) {
    guard
      WorkerReplies.start(
        descriptor: descriptor, capacity: 64 * 1024, maximumDelay: ReplyWriter.maximumDelay,
        version: WorkerMessage.version)
    else {
      return nil
    }
  }

  func send(_ reply: WorkerMessage.Reply) {
    guard var bytes = try? encoder.encode(reply) else { return }
    bytes.append(UInt8(ascii: "\n"))
    append(bytes)
    if (try? WorkerReplies.flush()) == nil { exit(70) }
  }

  /// Sends the worker handshake (``WorkerHandshake``) and writes it out at once: the first
  /// reply of every worker, before it reads a request.
  package func sendHandshake() {
    send(line: WorkerHandshake.line)
    flush()
  }

  /// Sends a step as `s`, `p` or `f` for its verdict, and its encoded `events.jsonl` record.
  func sendStep(passed: Bool, record: [UInt8]) {
    var line: [UInt8] = []
    line.reserveCapacity(record.count + 3)
    line.append(UInt8(ascii: "s"))
    line.append(UInt8(ascii: passed ? "p" : "f"))
    line.append(contentsOf: record)
    line.append(UInt8(ascii: "\n"))
    append(line)
  }

  /// Sends `line` and a newline through the buffer; written out within ``maximumDelay``, on
  /// ``flush()``, and before the process ends or dies of a fatal signal.
  package func send(line: some Collection<UInt8>) {
    var bytes = Array(line)
    bytes.append(UInt8(ascii: "\n"))
    append(bytes)
  }

  /// Writes out what the buffer holds now; exits with status 70 when it cannot.
  package func flush() {
    if (try? WorkerReplies.flush()) == nil { exit(70) }
  }

  private func append<Bytes: ContiguousBytes>(_ bytes: Bytes) {
    if (try? WorkerReplies.append(bytes)) == nil { exit(70) }
  }
}
