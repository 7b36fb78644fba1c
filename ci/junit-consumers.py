"""Reads a JUnit file with the mainstream Python consumers and prints what they saw as JSON.

Usage: python junit-consumers.py JUNIT.xml HTML-OUT
junitparser parses every suite and case; junit2html renders the file to HTML-OUT. Any exception
is fatal (exit 1), so a file these consumers cannot read fails the calling test.
"""
import json
import subprocess
import sys

from junitparser import JUnitXml, Failure, Error, Skipped


def main():
    path, html = sys.argv[1], sys.argv[2]
    xml = JUnitXml.fromfile(path)
    suites = []
    for suite in xml:
        cases = []
        for case in suite:
            results = []
            for result in case.result:
                kind = ("failure" if isinstance(result, Failure) else
                        "error" if isinstance(result, Error) else
                        "skipped" if isinstance(result, Skipped) else type(result).__name__)
                results.append({"kind": kind, "type": result.type, "message": result.message})
            cases.append({"classname": case.classname, "name": case.name,
                          "time": case.time, "results": results})
        suites.append({"name": suite.name, "tests": suite.tests, "failures": suite.failures,
                       "errors": suite.errors, "skipped": suite.skipped, "cases": cases})
    subprocess.run([sys.executable, "-m", "junit2htmlreport", path, html], check=True,
                   stdout=subprocess.DEVNULL)
    print(json.dumps({"suites": suites}, sort_keys=True))


if __name__ == "__main__":
    main()
