"""Writes a large JUnit file for the triage benchmark.

Usage: python3 generate-junit.py SIZE_MEGABYTES OUT.xml
Suites of 1,000 test cases; every 997th case fails with a canRedo assertion (which triage
classifies) and carries a 2 kB failure body, so the reader streams text as well as elements.
"""
import sys

size = int(sys.argv[1]) * 1024 * 1024
body = ("Tests/EditorTests.swift:42: error: EditorTests.testUndo : XCTAssertTrue failed - "
        "history.canRedo " * 25)
written = 0
index = 0
with open(sys.argv[2], "w", encoding="utf-8") as out:
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n')
    suite = 0
    while written < size:
        chunk = [f'  <testsuite name="Suite{suite}" tests="1000" failures="0" errors="0" time="1.000">\n']
        for _ in range(1000):
            index += 1
            if index % 997 == 0:
                chunk.append(
                    f'    <testcase classname="EditorTests.Suite{suite}" name="testUndo{index}" time="0.001">'
                    f'<failure message="XCTAssertTrue failed - history.canRedo">{body}</failure></testcase>\n')
            else:
                chunk.append(
                    f'    <testcase classname="EditorTests.Suite{suite}" name="testCase{index}" time="0.001"/>\n')
        chunk.append("  </testsuite>\n")
        text = "".join(chunk)
        out.write(text)
        written += len(text)
        suite += 1
    out.write("</testsuites>\n")
print(f"{index} test cases in {suite} suites")
