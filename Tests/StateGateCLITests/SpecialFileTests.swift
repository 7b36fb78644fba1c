import Foundation
import Testing

/// Every reader of every format refuses a path that is not a regular file before it opens it:
/// one line naming the path and what it is, exit 65, and no command waits on a FIFO.
@Suite struct SpecialFileTests {
  /// Runs the built `stategate` with `arguments`; a child that has not ended after 10 s is
  /// killed and reported as `nil`.
  static func run(_ arguments: [String]) throws -> (status: Int32?, error: String) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("stategate-special-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let outputPath = folder + "/stdout"
    let errorPath = folder + "/stderr"
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try stategateExecutable())
    process.arguments = arguments
    process.environment = EnglishEnvironment.inherited()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    let ended = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in ended.signal() }
    try process.run()
    let error = {
      String(decoding: FileManager.default.contents(atPath: errorPath) ?? Data(), as: UTF8.self)
    }
    guard ended.wait(timeout: .now() + 10) == .success else {
      kill(process.processIdentifier, SIGKILL)
      ended.wait()
      return (nil, error())
    }
    return (process.terminationStatus, error())
  }

  /// A fresh folder holding a FIFO named `name`.
  static func fifo(_ name: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("stategate-fifo-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/" + name
    #expect(mkfifo(path, 0o644) == 0)
    return path
  }

  /// Each command that reads a file the user names, with the kind of file it reads (`{}` is
  /// the FIFO's path).
  static let readers: [(command: [String], name: String)] = [
    (["run", "--subject", "favorites", "--suite", "{}", "--output", "{}.out"], "pipe.suite"),
    (["import", "{}"], "pipe.jsonl"),
    (["triage", "{}"], "pipe.xml"),
    (["triage", "{}"], "pipe.jsonl"),
    (["triage", "{}"], "pipe.json"),
    (["junit", "{}"], "pipe.json"),
  ]

  @Test(
    "A FIFO given to any reader is refused at once, named, with exit 65",
    arguments: SpecialFileTests.readers)
  func fifoInput(command: [String], name: String) throws {
    let path = try Self.fifo(name)
    let arguments = command.map { $0.replacingOccurrences(of: "{}", with: path) }
    let (status, error) = try Self.run(arguments)
    #expect(status != nil, "stategate \(arguments.joined(separator: " ")) blocked on the FIFO")
    #expect(status == 65, "\(arguments): \(error)")
    #expect(error.contains("a FIFO, not a regular file"), "\(arguments): \(error)")
  }

  @Test(
    "A result directory or bundle whose file is a FIFO is refused at once, named, with exit 65",
    arguments: ["manifest.json", "events.jsonl", "database.sqlite3"])
  func fifoInsideFolder(name: String) throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("stategate-special-\(UUID().uuidString)").path
    let folder: String
    if name == "database.sqlite3" {
      folder = root + "/Run.xcresult"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try Data(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>version</key><dict><key>major</key><integer>3</integer>\
        <key>minor</key><integer>53</integer></dict></dict></plist>
        """.utf8
      ).write(to: URL(fileURLWithPath: folder + "/Info.plist"))
    } else {
      let made = try Self.run(["run", "--output", root, "--suite", "undo-history"])
      #expect(made.status == 0, "\(made.error)")
      let runs = try FileManager.default.contentsOfDirectory(atPath: root)
      folder = root + "/" + (try #require(runs.first))
      try FileManager.default.removeItem(atPath: folder + "/" + name)
    }
    #expect(mkfifo(folder + "/" + name, 0o644) == 0)
    let (status, error) = try Self.run(["triage", folder])
    #expect(status != nil, "stategate triage '\(folder)' blocked on the FIFO \(name)")
    #expect(status == 65, "\(error)")
    #expect(
      error.contains("\(name) is a FIFO, not a regular file")
        || error.contains("\(name)': a FIFO, not a regular file"), "\(error)")
  }
}
