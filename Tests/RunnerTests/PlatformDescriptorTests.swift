import Foundation
import Platform
import Testing

/// The typed face of pipes, descriptors, polling and processes that the run's workers go through.
@Suite("Platform descriptors and processes")
struct PlatformDescriptorTests {
  /// Starts `/bin/sleep 30` as a worker whose three descriptors are pipes of its own, so it
  /// holds only what it inherits by accident.
  private static func startSleeper() throws -> (pid: Int32, pipes: [PipePair]) {
    let pipes = try (0..<3).map { _ in try PipePair() }
    let pid = try Workers.spawn(
      "/bin/sleep", arguments: ["sleep", "30"], environment: [:], input: pipes[0].reading,
      replies: pipes[1].writing, log: pipes[2].writing)
    return (pid, pipes)
  }

  @Test("A pipe made before a worker starts is not inherited: it ends when its writer closes")
  func pipesAreCloseOnExec() throws {
    let bystander = try PipePair()
    try bystander.reading.setNonBlocking()
    let (pid, pipes) = try Self.startSleeper()
    defer {
      Processes.killGroup(of: pid)
      _ = Processes.reap(pid, blocking: true)
      for pipe in pipes { pipe.close() }
      bystander.reading.close()
    }
    bystander.writing.close()
    // Had the sleeper inherited the writing end, the pipe would stay open for its 30 s: nothing
    // to read. (A process another test forks at this instant holds a copy only until it execs,
    // so the end is waited for, not read at once.)
    Poll.waitForInput(on: [bystander.reading], timeout: 5)
    var buffer = [UInt8](repeating: 0, count: 8)
    #expect(bystander.reading.read(into: &buffer) == .ended)
    let flags = fcntl(bystander.reading.rawValue, F_GETFD)
    #expect(flags & FD_CLOEXEC != 0)
  }

  @Test("A read says what it got: nothing yet, the bytes written, then the end")
  func readResults() throws {
    let pipe = try PipePair()
    try pipe.reading.setNonBlocking()
    defer { pipe.reading.close() }
    var buffer = [UInt8](repeating: 0, count: 16)
    #expect(pipe.reading.read(into: &buffer) == .wouldBlock)
    #expect(!Poll.waitForInput(on: [pipe.reading], timeout: 0))
    #expect(pipe.writing.writeAll(Array("step\n".utf8)))
    #expect(Poll.waitForInput(on: [pipe.reading], timeout: 5))
    #expect(pipe.reading.read(atMost: 16) == (Array("step\n".utf8), false))
    pipe.writing.close()
    #expect(Poll.waitForInput(on: [pipe.reading], timeout: 5))
    #expect(pipe.reading.read(atMost: 16) == ([], true))
  }

  @Test("A write to a pipe whose reader is gone fails instead of ending the process")
  func writeToClosedReader() throws {
    let pipe = try PipePair()
    pipe.reading.close()
    defer { pipe.writing.close() }
    // The package's executables ignore SIGPIPE; this test process may not, so ignore it here.
    let previous = signal(SIGPIPE, SIG_IGN)
    defer { signal(SIGPIPE, previous) }
    #expect(!pipe.writing.writeAll(Array("lost".utf8)))
  }

  @Test("A killed worker's group is reaped with the signal that ended it")
  func killAndReap() throws {
    let (pid, pipes) = try Self.startSleeper()
    defer { for pipe in pipes { pipe.close() } }
    #expect(Processes.reap(pid, blocking: false) == nil)
    Processes.killGroup(of: pid)
    let status = try #require(Processes.reap(pid, blocking: true))
    #expect(status & 0x7f == SIGKILL)
    #expect(FileDescriptor(rawValue: -1) == nil)
  }
}

/// Signals that keep arriving at one thread while it waits.
@Suite("Poll under signals")
struct PollSignalTests {
  @Test("Signals arriving during a wait do not end it before its time")
  func signalsDoNotCutTheWait() throws {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0  // no SA_RESTART: poll sees EINTR
    var previous = sigaction()
    #expect(sigaction(SIGUSR2, &action, &previous) == 0)
    defer { sigaction(SIGUSR2, &previous, nil) }
    // The test's thread may have it blocked (the concurrency runtime's threads can).
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    sigaddset(&unblocked, SIGUSR2)
    var mask = sigset_t()
    #expect(pthread_sigmask(SIG_UNBLOCK, &unblocked, &mask) == 0)
    defer { pthread_sigmask(SIG_SETMASK, &mask, nil) }
    let pipe = try PipePair()
    defer { pipe.close() }
    let waiter = pthread_self()
    let done = Atomic(false)
    let interrupter = Thread {
      // Signals keep landing while the wait lasts; yielding lets the waiter run between them.
      while !done.load() {
        pthread_kill(waiter, SIGUSR2)
        sched_yield()
      }
    }
    interrupter.start()
    let start = ProcessInfo.processInfo.systemUptime
    let readable = Poll.waitForInput(on: [pipe.reading], timeout: 0.3)
    let waited = ProcessInfo.processInfo.systemUptime - start
    done.store(true)
    #expect(!readable)
    #expect(waited >= 0.29, "the wait ended after \(waited)s of 0.3s")
  }
}

/// A flag two threads share.
private final class Atomic: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Bool
  init(_ value: Bool) { self.value = value }
  func load() -> Bool { lock.withLock { value } }
  func store(_ newValue: Bool) { lock.withLock { value = newValue } }
}
