#!/usr/bin/env bash
# Fails if a reader of archives (Triage, ResultFiles) depends, directly or through another
# target, on the run engine (Runner), the model of a run (RunModel) or the platform layer
# (Platform, CPlatform), as the package manifest declares it; or if a target's Swift files import
# one of this package's modules that the target does not declare as a dependency (it builds only
# because something else happened to build that module first).
# Tests/StateGateCLITests/LayeringTests.swift checks the import lines of every module against the
# same layers.
set -euo pipefail
cd "$(dirname "$0")/.."
# A scratch directory of its own: the package's .build may be locked by a build running beside.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
swift package --scratch-path "$scratch" describe --type json | python3 -c '
import json, os, re, sys
described = json.load(sys.stdin)["targets"]
targets = {t["name"]: t.get("target_dependencies", []) + t.get("product_dependencies", [])
           for t in described}
failed = False
module_of = {t["name"]: t.get("c99name", t["name"]) for t in described}
modules = set(module_of.values())
import_line = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)")
for target in described:
    if not target.get("module_type", "").startswith("Swift"):
        continue
    owner = target["name"]
    declared = {module_of.get(dependency, dependency) for dependency in targets[owner]}
    for folder, subfolders, files in os.walk(target["path"]):
        # A package of its own inside a target (the example under Templates) declares its own.
        subfolders[:] = [name for name in subfolders
                         if not os.path.exists(os.path.join(folder, name, "Package.swift"))]
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            path = os.path.join(folder, file)
            for number, line in enumerate(open(path, encoding="utf-8"), 1):
                match = import_line.match(line)
                if not match:
                    continue
                module = match.group(1)
                if module in modules and module != module_of[owner] \
                        and module not in declared:
                    print(f"error: {path}:{number}: {owner} imports {module} but does not "
                          f"declare it as a dependency in Package.swift", file=sys.stderr)
                    failed = True
for reader in ("Triage", "ResultFiles"):
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
