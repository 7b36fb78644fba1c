import Foundation

/// Runs a program to completion with both of its output streams captured: standard error goes to
/// a temporary file, so a child that fills one pipe never blocks while the other is read.
enum ToolProcess {
  struct Result {
    var status: Int32
    var output: String
    var error: String
  }

  static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    directory: String? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment ?? EnglishEnvironment.inherited()
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let errorPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("stategate-stderr-\(UUID().uuidString)").path
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    defer { try? FileManager.default.removeItem(atPath: errorPath) }
    let errorHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    let output = Pipe()
    process.standardOutput = output
    process.standardError = errorHandle
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try errorHandle.close()
    let error = FileManager.default.contents(atPath: errorPath) ?? Data()
    return Result(
      status: process.terminationStatus, output: String(decoding: data, as: UTF8.self),
      error: String(decoding: error, as: UTF8.self))
  }
}
