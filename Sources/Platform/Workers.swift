import CPlatform
import Foundation

/// Worker processes: started in a process group of their own with default signal actions, and
/// bound to die with their parent.
public enum Workers {
  /// Starts `path` with `arguments` (the first is the program's name) and `environment`: its
  /// standard input is `input`, its standard output and error go to `log`, and descriptor 3 is
  /// `replies`.
  ///
  /// - Returns: The worker's process id.
  /// - Throws: ``PlatformError`` when it could not be started.
  public static func spawn(
    _ path: String, arguments: [String], environment: [String: String], input: Int32,
    replies: Int32, log: Int32
  ) throws(PlatformError) -> Int32 {
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp {
        free(pointer)
      }
    }
    var child: Int32 = 0
    let status = stategate_spawn_worker(path, argv, envp, input, replies, log, &child)
    guard status == 0 else { throw PlatformError("start '\(path)'", code: status) }
    return child
  }

  /// Asks the kernel to kill this process when its parent dies, then checks the parent is alive.
  ///
  /// Linux only; elsewhere it does nothing.
  ///
  /// - Returns: `false` when the parent is already gone (the caller should exit).
  public static func dieWithParent(_ parent: Int32) -> Bool {
    stategate_die_with_parent(parent) == 0
  }
}
