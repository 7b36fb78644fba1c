#!/usr/bin/env bash
# Builds the example user package under Templates/ExampleSubject (a team's own stategate with its
# own subjects) and checks that it runs: its subjects pass the built-in suites and its own suite,
# and a built-in faulty subject still fails with status 1.
set -euo pipefail
cd "$(dirname "$0")/.."
package=Templates/ExampleSubject
# SwiftPM can keep a stale view of a path dependency's sources between incremental builds; if the
# incremental build fails, build once more from scratch before calling it a failure.
if ! swift build -q --package-path "$package" -Xswiftc -warnings-as-errors >/dev/null 2>&1; then
  echo "example: incremental build failed; rebuilding $package from scratch" >&2
  rm -rf "$package/.build"
  swift build -q --package-path "$package" -Xswiftc -warnings-as-errors
fi
binary="$package/.build/debug/example-stategate"
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
export STATEGATE_OUTPUT="$results"

expect_status() {
  local want=$1
  shift
  local got=0
  "$binary" "$@" >/tmp/stategate-example.$$ 2>&1 || got=$?
  if [ "$got" -ne "$want" ]; then
    cat /tmp/stategate-example.$$ >&2
    rm -f /tmp/stategate-example.$$
    echo "error: example-stategate $* exited $got, expected $want" >&2
    exit 1
  fi
  tail -n 1 /tmp/stategate-example.$$
  rm -f /tmp/stategate-example.$$
}

expect_status 0 run --subject brightness --subject album
expect_status 0 run --subject brightness --suite "$package/Suites/brightness.suite"
expect_status 1 run --subject fault:second-tap-sends --filter tap-while-pending
echo "example package: 3 checks passed"
