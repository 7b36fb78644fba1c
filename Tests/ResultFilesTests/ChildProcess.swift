import Foundation

/// Runs a program to completion, reading its output before waiting (so full pipes never block).
enum ChildProcess {
  struct Result {
    var status: Int32
    var output: String
    var error: String
  }

  static func run(_ executable: String, _ arguments: [String]) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let errorReader = Thread.detachNewThreadCollecting(error.fileHandleForReading)
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errorReader.wait()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
      error: String(decoding: errorData, as: UTF8.self))
  }
}

/// Collects a pipe's data on its own thread.
final class PipeCollector: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var data = Data()

  init(_ handle: FileHandle) {
    Thread.detachNewThread { [self] in
      data = handle.readDataToEndOfFile()
      done.signal()
    }
  }

  func wait() -> Data {
    done.wait()
    return data
  }
}

extension Thread {
  static func detachNewThreadCollecting(_ handle: FileHandle) -> PipeCollector {
    PipeCollector(handle)
  }
}
