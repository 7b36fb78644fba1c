import Contracts
import Testing

/// A subject's value words are refused, naming the subject and the word, when they cannot carry
/// the cases: a word no case uses, a word the subject lacks, two case words onto one, a tap
/// that would ask for another value.
@Suite("Value words validation")
struct ValueWordsValidationTests {
  private func problem(_ words: [String: String], values: [OptimisticValue] = [.off, "up", "down"])
    -> ValueWordsError?
  {
    SubjectDeclarations(capabilities: [], values: values, valueWords: words)
      .valueWordsProblem(caseWords: [.on, .off, "close-friends", "requested"], subject: "votes")
  }

  @Test("A mapping that keeps what a tap asks for is accepted; none is no problem")
  func accepted() {
    #expect(problem(["on": "up"]) == nil)
    #expect(problem(["on": "up", "close-friends": "down"]) == nil)
    #expect(problem([:]) == nil)
  }

  @Test("A case word no case uses is refused, naming the subject and the word")
  func unknownCaseWord() throws {
    let error = try #require(problem(["onn": "up"]))
    #expect(error.subject == "votes")
    #expect(error.word == "onn")
    #expect(error.description.hasPrefix("subject 'votes' declares valueWords"))
    #expect(error.description.contains("'onn' is no case's value word"))
    #expect(problem(["yes": "up"])?.word == "yes", "a spelling of on is not a case word")
  }

  @Test("A subject word outside the subject's values is refused")
  func subjectWordOutsideValues() {
    let error = problem(["on": "upvote"])
    #expect(error?.word == "upvote")
    #expect(error?.problem == "is not one of the subject's values (off, up, down)")
  }

  @Test("Two case words onto one subject word are refused, counting the words left as they are")
  func twoOntoOne() {
    let error = problem(["on": "up", "close-friends": "up"])
    #expect(error?.word == "up")
    #expect(error?.problem == "stands for two case words, 'close-friends' and 'on'")
    #expect(problem(["on": "off"])?.word == "off", "off stands for itself")
  }

  @Test("A mapping under which a tap asks for another value than the case's is refused")
  func tapMeaning() {
    let error = problem(["on": "down"])
    #expect(error?.word == "down")
    #expect(error?.problem == "stands for 'on', but a tap on 'off' asks for 'up'")
  }
}
