import Foundation
import ResultFiles
import ResultSchema
import ResultWriting
import RunModel
import Runner
import Testing

/// Hashing, de-identification, event records and result directories.
@Suite("Records and directories")
struct RecordTests {
  private func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
  }

  @Test("SHA-256 matches the FIPS 180-4 test vectors")
  func sha256Vectors() {
    #expect(
      hex(SHA256.hash(Array("abc".utf8)))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      hex(SHA256.hash([]))
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      hex(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  @Test("HMAC-SHA-256 matches RFC 4231 test case 2")
  func hmacVector() {
    #expect(
      hex(SHA256.hmac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
        == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
  }

  @Test("De-identification is stable within a run, differs across runs, and hides the id")
  func deidentification() {
    let first = Deidentifier()
    let token = first.token(for: "user-4711")
    #expect(first.token(for: "user-4711") == token)
    #expect(first.token(for: "user-4712") != token)
    #expect(!token.contains("4711"))
    #expect(token.hasPrefix("id-") && token.count == 13)
    #expect(Deidentifier().token(for: "user-4711") != token)
    #expect(
      Deidentifier(salt: [1, 2, 3]).token(for: "a")
        == Deidentifier(salt: [1, 2, 3]).token(for: "a"))
  }

  @Test("Event records round-trip; unknown kinds and newer versions are skipped")
  func eventRecords() throws {
    let step = EventRecord.step(
      .init(
        seq: 3, suite: "s", case: "c", subject: "editor", step: 1, line: 7, action: "undo",
        before: ["value": "1"], after: ["value": "0"],
        expectations: [.init(key: "value", expected: "0")], mismatches: [], verdict: "pass",
        notes: []))
    let line = try step.jsonLine()
    #expect(line.hasPrefix("{\"action\":\"undo\""))
    #expect(try EventRecord.parse(line) == step)
    #expect(try EventRecord.parse("{\"version\":1,\"kind\":\"somethingNew\",\"x\":1}") == nil)
    #expect(try EventRecord.parse("{\"version\":99,\"kind\":\"step\"}") == nil)
    #expect(throws: (any Error).self) { try EventRecord.parse("{\"kind\":\"step\"}") }
  }

  @Test("Two directories are never the same; finishing never replaces an existing directory")
  func directories() throws {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("stategate-dirs-\(UUID().uuidString)").path
    let first = try ResultDirectory.create(in: output, prefix: "undo")
    let second = try ResultDirectory.create(in: output, prefix: "undo")
    #expect(first.name != second.name)
    #expect(first.name.hasPrefix("undo-"))
    #expect(ResultDirectoryLayout.isPartial((first.temporaryPath as NSString).lastPathComponent))
    try first.writeFile("a.txt", bytes: Array("x".utf8))
    #expect(throws: ResultDirectoryError.self) { try first.writeFile("a.txt", bytes: []) }
    let finished = try first.finish()
    #expect(
      FileManager.default.fileExists(atPath: (finished as NSString).appendingPathComponent("a.txt"))
    )
    try FileManager.default.createDirectory(
      atPath: second.finalPath, withIntermediateDirectories: false)
    #expect(throws: ResultDirectoryError.self) { try second.finish() }
    #expect(FileManager.default.fileExists(atPath: second.temporaryPath))
  }

  @Test("Output paths that cannot be created are errors naming the path")
  func uncreatableOutput() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "stategate-file-\(UUID().uuidString)")
    try Data().write(to: file)
    #expect {
      try ResultDirectory.create(in: file.path + "/sub", prefix: "x")
    } throws: { error in
      (error as? ResultDirectoryError)
        == .cannotCreate(path: file.path, reason: "a file of that name exists")
    }
  }

  @Test("Prefixes are plain file-name words")
  func prefixes() {
    #expect(ResultDirectoryLayout.isValidPrefix("undo-history_2.1"))
    #expect(!ResultDirectoryLayout.isValidPrefix(".hidden"))
    #expect(!ResultDirectoryLayout.isValidPrefix("a/b"))
    #expect(!ResultDirectoryLayout.isValidPrefix(""))
  }

  @Test("A partial directory or one without a manifest is not a finished run")
  func unfinishedRuns() throws {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("stategate-unfinished-\(UUID().uuidString)").path
    let directory = try ResultDirectory.create(in: output, prefix: "x")
    #expect {
      try RecordedRun.read(directory.temporaryPath)
    } throws: { if case .unfinished = $0 as? ResultDirectoryError { true } else { false } }
    let bare = (output as NSString).appendingPathComponent("bare")
    try FileManager.default.createDirectory(atPath: bare, withIntermediateDirectories: true)
    #expect {
      try RecordedRun.read(bare)
    } throws: { if case .unfinished = $0 as? ResultDirectoryError { true } else { false } }
    #expect(throws: ResultDirectoryError.missing(path: bare + "/nope")) {
      try RecordedRun.read(bare + "/nope")
    }
  }
}

/// Path arithmetic without Foundation's NSString path methods (which trap on short paths).
@Suite("PathText")
struct PathTextTests {
  @Test(
    "Last component and parent of short and odd paths",
    arguments: [
      ("x", "x", ""), ("x/", "x", ""), ("/x", "x", "/"), ("a/b", "b", "a"), ("a/b/", "b", "a"),
      ("/", "/", ""), ("", "", ""), ("./x", "x", "."), ("a//b", "b", "a"),
    ])
  func components(path: String, last: String, parent: String) {
    #expect(PathText.lastComponent(path) == last)
    #expect(PathText.parent(path) == parent)
  }

  @Test("Joining adds exactly one slash")
  func joining() {
    #expect(PathText.join("a", "b") == "a/b")
    #expect(PathText.join("a/", "b") == "a/b")
    #expect(PathText.join("", "b") == "b")
  }

  @Test("A one-letter output directory with a trailing slash is created, not a trap")
  func shortOutputPath() throws {
    let base = FileManager.default.temporaryDirectory
      .appendingPathComponent("stategate-short-\(UUID().uuidString)").path
    let directory = try ResultDirectory.create(in: base + "/x/", prefix: "p")
    #expect(FileManager.default.fileExists(atPath: directory.temporaryPath))
  }
}
