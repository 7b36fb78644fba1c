"""Writes a large JUnit file of one shape for the triage benchmark.

Usage: python3 generate-junit.py SHAPE SIZE_MEGABYTES OUT.xml

Shapes (suites of 1,000 test cases each):
  few-short  every 997th case fails with a one-line XCTest failure (a canRedo assertion)
  half-2k    every other case fails with about 2 kB of captured XCTest output around the
             failing line
  few-68k    every 997th case fails with about 68 kB of captured output (more than the 64 kB
             of text the reader keeps) whose failing line comes last

Half the failures carry the assertion in their `message`, half the bare word `failure` that SwiftPM
writes, so the text decides. The failure texts are what real runners write: log lines, XCTest's console line for the failure
(`path:line: error: Class.test : message`), a few non-ASCII characters and escaped markup, so the
reader and the classifier both see realistic work.
"""
import sys

SHAPES = ("few-short", "half-2k", "few-68k")


def failing_line(index):
    return (f"Tests/EditorTests/EditorTests.swift:{40 + index % 50}: error: "
            f"EditorTests.testUndo{index} : XCTAssertTrue failed - history.canRedo")


def log(index, size):
    """Captured output of a test: log lines (some non-ASCII, some escaped), `size` characters."""
    lines = []
    total = 0
    step = 0
    while total < size:
        step += 1
        line = (f"2026-11-30 13:00:{step % 60:02d}.{index % 1000:03d} Editor[{index % 9000}] "
                f"step {step}: drag → position {step * 7 % 300}, undoCount &lt; {step % 12} "
                f"(café &amp; crème)")
        lines.append(line)
        total += len(line.replace("&lt;", "<").replace("&amp;", "&")) + 1
    return lines


def failure(shape, index):
    """The `<failure>` element of failing case `index`."""
    # SwiftPM's XCTest writes the bare word 'failure' as the message, other emitters the assertion.
    message = "failure" if index % 4 == 0 else "XCTAssertTrue failed - history.canRedo"
    if shape == "few-short":
        body = failing_line(index)
    elif shape == "half-2k":
        lines = log(index, 1900)
        middle = len(lines) // 2
        body = "\n".join(lines[:middle] + [failing_line(index)] + lines[middle:])
    else:
        body = "\n".join(log(index, 68 * 1024) + [failing_line(index)])
    return f'<failure message="{message}">{body}</failure>'


def main():
    shape, size_mb, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    if shape not in SHAPES:
        sys.exit(f"generate-junit.py: unknown shape '{shape}'; use one of {', '.join(SHAPES)}")
    every = 2 if shape == "half-2k" else 997
    size = size_mb * 1024 * 1024
    written = 0
    index = 0
    failures = 0
    suite = 0
    with open(path, "w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n')
        while written < size:
            chunk = []
            suite_failures = 0
            for _ in range(1000):
                index += 1
                attributes = (f'classname="EditorTests.Suite{suite}" name="testUndo{index}" '
                              f'time="0.001"')
                if index % every == 0:
                    suite_failures += 1
                    chunk.append(f"    <testcase {attributes}>{failure(shape, index)}</testcase>\n")
                else:
                    chunk.append(f"    <testcase {attributes}/>\n")
            chunk.insert(0, f'  <testsuite name="Suite{suite}" tests="1000" '
                            f'failures="{suite_failures}" errors="0" time="1.000">\n')
            chunk.append("  </testsuite>\n")
            text = "".join(chunk)
            out.write(text)
            written += len(text.encode("utf-8"))
            failures += suite_failures
            suite += 1
        out.write("</testsuites>\n")
    print(f"{shape}: {index} test cases ({failures} failing) in {suite} suites")


main()
