import CPlatform
import Foundation

/// Worker processes: started in a process group of their own with default signal actions, and
/// bound to die with their parent.
package enum Workers {
  /// Starts `path` with `arguments` (the first is the program's name) and `environment`: its
  /// standard input is `input`, its standard output and error go to `log`, and descriptor 3 is
  /// `replies`.
  ///
  /// - Returns: The worker's process id.
  /// - Throws: ``PlatformError`` when it could not be started.
  package static func spawn(
    _ path: String, arguments: [String], environment: [String: String], input: FileDescriptor,
    replies: FileDescriptor, log: FileDescriptor
  ) throws(PlatformError) -> Int32 {
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp {
        free(pointer)
      }
    }
    var child: Int32 = 0
    let status = stategate_spawn_worker(
      path, argv, envp, input.rawValue, replies.rawValue, log.rawValue, &child)
    guard status == 0 else { throw PlatformError("start '\(path)'", code: status) }
    return child
  }

  /// Asks the kernel to kill this process when its parent dies, then checks the parent is alive.
  ///
  /// Linux only; elsewhere it does nothing.
  ///
  /// - Returns: `false` when the parent is already gone (the caller should exit).
  package static func dieWithParent(_ parent: Int32) -> Bool {
    stategate_die_with_parent(parent) == 0
  }
}

/// Signals to processes, and their ends.
package enum Processes {
  /// Sends `signal` to the process `pid`; a process already gone is no error.
  package static func send(_ signal: Int32, to pid: Int32) {
    _ = kill(pid, signal)
  }

  /// Kills the process `pid` and every process of its process group (it leads one, as a
  /// worker does) with SIGKILL, which nothing can catch.
  package static func killGroup(of pid: Int32) {
    _ = kill(-pid, SIGKILL)
    _ = kill(pid, SIGKILL)
  }

  /// Collects the raw wait status of the child `pid` once it has ended.
  ///
  /// - Parameters:
  ///   - pid: The child's process id.
  ///   - blocking: Whether to wait for it to end; a signal does not cut the wait short.
  /// - Returns: The raw wait status, or `nil` while it runs (or when it is not this process's
  ///   child).
  package static func reap(_ pid: Int32, blocking: Bool) -> Int32? {
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
      if result == pid { return status }
      if result < 0 && errno == EINTR { continue }
      return nil
    }
  }
}
