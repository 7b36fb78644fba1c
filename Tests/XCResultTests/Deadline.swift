import Foundation

/// What a read on a thread of its own produced, once it signals.
final class DeadlineBox<Value>: @unchecked Sendable {
  var value: Value?
  let done = DispatchSemaphore(value: 0)
}

/// Runs `body` on a thread of its own and waits at most `seconds` for its answer.
///
/// - Returns: What `body` returned, or `nil` when it had not answered by then (it hangs; the
///   thread is left behind, since a thread blocked in `open` cannot be stopped).
func withDeadline<Value>(_ seconds: Double, _ body: @escaping @Sendable () -> Value) -> Value? {
  let box = DeadlineBox<Value>()
  let thread = Thread {
    box.value = body()
    box.done.signal()
  }
  thread.stackSize = 16 << 20
  thread.start()
  guard box.done.wait(timeout: .now() + seconds) == .success else { return nil }
  return box.value
}
