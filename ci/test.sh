#!/usr/bin/env bash
# The whole test suite, as CI runs it: format check, a build that treats warnings as errors,
# every test target (Swift Testing and XCTest), the example user package and the files
# `stategate init` writes (the GitHub workflow run step by step), then the release archive and
# make install.
set -euo pipefail
cd "$(dirname "$0")/.."
# The tests read stategate's English from the binaries they start; a developer's locale (LANG,
# LC_MESSAGES, LC_ALL pick the language people read) must not change it. The language tests set
# their own locale.
export LC_ALL=C.UTF-8
strict=(-Xswiftc -warnings-as-errors)
echo "== lint" >&2
ci/lint.sh
echo "== build (warnings are errors)" >&2
swift build --build-tests "${strict[@]}"
echo "== test tools (shellcheck, headless Chromium) and Python JUnit consumers" >&2
ci/test-deps.sh
STATEGATE_PYTHON=$(ci/python-consumers.sh)
export STATEGATE_PYTHON
echo "== test" >&2
swift test --skip-build
echo "== example user package (Templates/ExampleSubject)" >&2
ci/example.sh
echo "== CI templates: written by init, linted, the GitHub workflow run step by step" >&2
"$STATEGATE_PYTHON" ci/test-templates.py . Templates/ExampleSubject/.build/debug/example-stategate
echo "== CI templates in the package set of the image they name (swift:6.3)" >&2
"$STATEGATE_PYTHON" ci/test-template-images.py . Templates/ExampleSubject/.build/debug/example-stategate
echo "== release archive (make dist), unpacked and run without its build tree" >&2
ci/test-archive.sh
