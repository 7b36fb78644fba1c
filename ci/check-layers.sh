#!/usr/bin/env bash
# Fails if a reader of archives (Triage, ResultBundle) depends, directly or through another
# target, on the run engine (Runner), the model of a run (RunModel) or the platform layer
# (Platform, CPlatform), as the package manifest declares it. Tests/StateGateCLITests/LayeringTests.swift
# checks the import lines of every module against the same layers.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package describe --type json | python3 -c '
import json, sys
targets = {t["name"]: t.get("target_dependencies", []) + t.get("product_dependencies", [])
           for t in json.load(sys.stdin)["targets"]}
failed = False
for reader in ("Triage", "ResultBundle"):
    seen, todo = set(), [reader]
    while todo:
        for dependency in targets.get(todo.pop(), []):
            if dependency not in seen:
                seen.add(dependency)
                todo.append(dependency)
    wrong = sorted(seen & {"Runner", "RunModel", "Platform", "CPlatform"})
    if wrong:
        names = ", ".join(wrong)
        print(f"error: {reader} depends on {names}: a reader of archives must build without them",
              file=sys.stderr)
        failed = True
sys.exit(1 if failed else 0)
'
