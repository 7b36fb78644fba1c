import Foundation
import Testing

@testable import Triage

/// JUnit test cases need a name, and one identity cannot disagree with itself outside the rerun
/// rule (issue 30).
@Suite("JUnit case identities")
struct JUnitIdentityTests {
  private func read(_ xml: String) throws -> TriagedInput {
    triage(try hostileFile("r.xml", Array(xml.utf8)))
  }

  @Test(
    "A testcase without a name (absent or empty) is malformed, with file and line",
    arguments: ["", " name=''"])
  func namelessCases(attribute: String) throws {
    let input = try read(
      """
      <testsuite name="s" tests="2" failures="1">
        <testcase classname="C"\(attribute)><failure message="boom"/></testcase>
        <testcase classname="C"\(attribute)/>
      </testsuite>
      """)
    #expect(input.counts.flaky == 0)
    #expect(input.counts.failed == 1)
    #expect(input.counts.passed == 1)
    #expect(input.verdict == .malformed)
    #expect(
      input.problems.first
        == "'\(input.path)':2: a <testcase> of class 'C' without a name (absent or empty): "
        + "nothing tells its result from another case's")
  }

  @Test("The same case listed again later with another outcome is malformed")
  func disagreeingRepeat() throws {
    let input = try read(
      """
      <testsuite name="s">
        <testcase classname="C" name="a"><failure message="boom"/></testcase>
        <testcase classname="C" name="b"/>
        <testcase classname="C" name="a"/>
      </testsuite>
      """)
    #expect(input.verdict == .malformed)
    #expect(
      input.problems
        == [
          "'\(input.path)':4: the case 'C/a' is listed again, passed here and failed at line 2, "
            + "not right after itself as a rerun's attempts are: the file contradicts itself"
        ])
  }

  @Test("Reruns right after each other, and a repeat that agrees, are read as before")
  func rerunsStillCollapse() throws {
    let input = try read(
      """
      <testsuite name="s">
        <testcase classname="C" name="a"><failure message="boom"/></testcase>
        <testcase classname="C" name="a"/>
        <testcase classname="C" name="b"/>
        <testcase classname="C" name="c"/>
        <testcase classname="C" name="b"/>
      </testsuite>
      """)
    #expect(input.problems == [])
    #expect(input.counts.flaky == 1)
    #expect(input.verdict == .passed)
  }

  @Test("A repeat in another suite of the same file is another case")
  func otherSuite() throws {
    let input = try read(
      """
      <testsuites>
        <testsuite name="s"><testcase classname="C" name="a"><failure message="x"/></testcase></testsuite>
        <testsuite name="t"><testcase classname="C" name="a"/></testsuite>
      </testsuites>
      """)
    #expect(input.problems == [])
    #expect(input.verdict == .failed)
  }
}
