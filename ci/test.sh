#!/usr/bin/env bash
# The whole test suite, as CI runs it: format check, a build that treats warnings as errors,
# every test target (Swift Testing and XCTest), the example user package and the files
# `stategate init` writes (the GitHub workflow run step by step), and the release archive and
# make install.
#
# Phases that do not depend on each other run side by side on a clean clone's two cores: the format
# check and the test tools' installation beside the build; the release build and the archive test
# beside the tests (which run on one core: they run on the main actor) and the example package's
# checks; the two template checks beside each other. The example package builds in this package's own build directory, so
# stategate is compiled once for both. Each phase's time is printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
# A developer's locale (LC_ALL, LC_MESSAGES, LANG) picks the language stategate speaks to people.
# The checking scripts below read its English, so they run pinned to it; the Swift tests pin the
# processes they start themselves, and run here under a Japanese locale to prove they do.
export LC_ALL=C.UTF-8
source ci/strict-flags.sh
logs=$(mktemp -d)
# A phase that fails ends the script: what still runs beside it is stopped, with its children.
stop_tree() {
  local child
  for child in $(pgrep -P "$1" || true); do stop_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
stop_all() {
  local pidfile
  for pidfile in "$logs"/*.pid; do
    [ -e "$pidfile" ] && stop_tree "$(cat "$pidfile")"
  done
  rm -rf "$logs"
}
trap stop_all EXIT
started=$SECONDS
times=()

# Runs "$@" in the background with its output in $logs/NAME; `finish NAME` waits for it.
start() {
  local name=$1
  shift
  ("$@" >"$logs/$name" 2>&1 && echo 0 >"$logs/$name.rc" || echo $? >"$logs/$name.rc") &
  echo $! >"$logs/$name.pid"
  echo $SECONDS >"$logs/$name.start"
}
finish() {
  local name=$1
  wait "$(cat "$logs/$name.pid")" || true
  local rc
  rc=$(cat "$logs/$name.rc")
  times+=("$name $((SECONDS - $(cat "$logs/$name.start"))) s")
  if [ "$rc" -ne 0 ]; then
    cat "$logs/$name" >&2
    echo "error: $name failed (exit $rc)" >&2
    exit "$rc"
  fi
  cat "$logs/$name" >&2
}
# Runs "$@" in the foreground as phase NAME.
phase() {
  local name=$1
  shift
  echo "== $name" >&2
  local from=$SECONDS
  "$@"
  times+=("$name $((SECONDS - from)) s")
}

echo "== lint, test tools (shellcheck, headless Chromium, Python JUnit consumers) beside the build" >&2
start lint ci/lint.sh
start test-tools ci/test-deps.sh
phase "build (warnings are errors)" swift build --build-tests "${strict[@]}"
finish lint
finish test-tools
STATEGATE_PYTHON=$(ci/python-consumers.sh)
export STATEGATE_PYTHON

# The release build (its own build directory, .build/static) and then the release archive's test
# run beside the tests and the example package's checks: the archive test reads nothing they
# write, and a copy of the everyday binary, which it checks its runtime check with.
cp .build/debug/stategate "$logs/everyday-stategate"
release_archive() {
  local from=$SECONDS
  ci/static-binary.sh release >/dev/null
  echo "release build: $((SECONDS - from)) s"
  STATEGATE_EVERYDAY_BINARY="$logs/everyday-stategate" ci/test-archive.sh
}
echo "== release build, then the release archive (make dist) unpacked and run without its build" \
  "tree, beside the tests and the example package" >&2
start release-archive release_archive
phase "test (under a Japanese locale)" env -u LC_ALL LC_MESSAGES=ja_JP.UTF-8 LANG=ja_JP.UTF-8 \
  swift test --skip-build
phase "example user package (Templates/ExampleSubject)" ci/example.sh
example=.build/debug/example-stategate
echo "== CI templates: written by init, linted, the GitHub workflow run step by step;" \
  "and in the package set of the image they name (swift:6.3)" >&2
start templates "$STATEGATE_PYTHON" ci/test-templates.py . "$example"
start template-images "$STATEGATE_PYTHON" ci/test-template-images.py . "$example"
finish templates
finish template-images
finish release-archive

echo "== phase times (phases side by side overlap)" >&2
printf '  %s\n' "${times[@]}" "total $((SECONDS - started)) s" >&2
