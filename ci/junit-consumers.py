"""Reads a JUnit file with the mainstream Python consumers and prints what they saw as JSON.

Usage: python junit-consumers.py JUNIT.xml HTML-OUT
junitparser parses every suite and case (with the file and line attributes it exposes);
xunitparser maps the file to unittest results (it asserts that properties are not repeated and
that declared totals add up); junit2html renders the file to HTML-OUT and builds its report
matrix, which keys cases by class and name. Each consumer's identities are listed, so a caller
can check that no two cases share one. Any exception is fatal (exit 1), so a file these consumers
cannot read fails the calling test.
"""
import json
import os
import subprocess
import sys

import xunitparser
from junitparser import JUnitXml, Failure, Error, Skipped
from junit2htmlreport import matrix


def junitparser_view(path):
    suites = []
    for suite in JUnitXml.fromfile(path):
        cases = []
        for case in suite:
            results = []
            for result in case.result:
                kind = ("failure" if isinstance(result, Failure) else
                        "error" if isinstance(result, Error) else
                        "skipped" if isinstance(result, Skipped) else type(result).__name__)
                results.append({"kind": kind, "type": result.type, "message": result.message})
            cases.append({"classname": case.classname, "name": case.name, "time": case.time,
                          "file": case._elem.get("file"), "line": case._elem.get("line"),
                          "results": results})
        suites.append({"name": suite.name, "tests": suite.tests, "failures": suite.failures,
                       "errors": suite.errors, "skipped": suite.skipped, "cases": cases})
    return suites


def xunitparser_view(path):
    with open(path, "rb") as source:
        suite, result = xunitparser.parse(source)
    return {"tests": result.testsRun, "failures": len(result.failures),
            "errors": len(result.errors), "skipped": len(result.skipped),
            "identities": [f"{case.classname}/{case.methodname}" for case in suite]}


def junit2html_view(path, html):
    subprocess.run([sys.executable, "-m", "junit2htmlreport", path, html], check=True,
                   stdout=subprocess.DEVNULL)
    report = matrix.TextReportMatrix()
    report.add_report(path)
    name = os.path.basename(path)
    rows = []
    for classname, cases in report.cases.items():
        for casename, by_file in cases.items():
            rows.append({"identity": f"{classname}/{casename}",
                         "outcome": str(by_file[name].outcome())})
    cases = sum(len(suite.all()) for suite in report.reports[name].suites)
    return {"cases": cases, "matrixRows": rows}


def main():
    path, html = sys.argv[1], sys.argv[2]
    print(json.dumps({"suites": junitparser_view(path), "xunitparser": xunitparser_view(path),
                      "junit2html": junit2html_view(path, html)}, sort_keys=True))


if __name__ == "__main__":
    main()
