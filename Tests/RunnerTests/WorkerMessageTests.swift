import Foundation
import Testing

@testable import Runner

/// The worker messages' kinds: the same words on the wire as before they were enums, and a word
/// this build does not know kept, so a worker refuses it by name.
@Suite("Worker message kinds")
struct WorkerMessageTests {
  @Test(
    "Each request kind is its word on the wire",
    arguments: [
      (WorkerMessage.RequestKind.deidentify, "deidentify"), (.describe, "describe"), (.run, "run"),
    ])
  func requestKindsAreTheirWords(kind: WorkerMessage.RequestKind, word: String) throws {
    let request = WorkerMessage.Request(kind: kind, subject: "s")
    let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(request))
    #expect((object as? [String: Any])?["kind"] as? String == word)
    #expect(WorkerMessage.RequestKind(rawValue: word) == kind)
  }

  @Test(
    "Each reply kind reads from its word, the signal handler's 'crashing' included",
    arguments: [
      ("described", WorkerMessage.ReplyKind.described), ("classifying", .classifying),
      ("finished", .finished), ("holding", .holding), ("refused", .refused),
      ("crashing", .crashing),
    ])
  func replyKindsReadFromTheirWords(word: String, kind: WorkerMessage.ReplyKind) throws {
    let line = #"{"kind":"\#(word)","signal":11,"version":2}"#
    let reply = try JSONDecoder().decode(WorkerMessage.Reply.self, from: Data(line.utf8))
    #expect(reply.kind == kind)
    #expect(kind.rawValue == word)
  }

  @Test("A kind this build does not know decodes, keeping its word")
  func unknownKindsKeepTheirWord() throws {
    let line = #"{"kind":"teleport","subject":"s","version":2}"#
    let request = try JSONDecoder().decode(WorkerMessage.Request.self, from: Data(line.utf8))
    #expect(request.kind == .unknown("teleport"))
    let again = try JSONDecoder().decode(
      WorkerMessage.Request.self, from: JSONEncoder().encode(request))
    #expect(again.kind.rawValue == "teleport")
  }
}
