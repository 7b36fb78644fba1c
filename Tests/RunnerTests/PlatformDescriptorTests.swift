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
    // Had the sleeper inherited the writing end, the pipe would still be open: nothing to read.
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
