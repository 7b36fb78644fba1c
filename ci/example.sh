#!/usr/bin/env bash
# Builds the example user package under Templates/ExampleSubject (a team's own stategate with its
# own subjects) and checks that it runs: its subjects pass the built-in suites and its own suite,
# and a built-in faulty subject still fails with status 1; its own tests pass (a planted bug
# recorded by its models, exported and imported into a shrunk, classified case). Then its binary,
# copied out of its build tree with the build products moved out of reach, must still run (the
# built-in suites are compiled in).
#
# The example builds in this package's own build directory (--scratch-path .build): stategate's
# modules are compiled once, for this package and for the example, and only the example's own
# targets are added (its binary is .build/debug/example-stategate).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
package=Templates/ExampleSubject
tree="$repo/.build"
# The build products the binary could reach (.build/debug is a link to them) are moved out of
# reach, not all of .build: the release build beside this script (ci/test.sh) is in .build/static.
# A run killed while they were away left them there: put them back first.
for left in "$tree"/*/debug.out-of-reach; do
  [ -d "$left" ] || continue
  if [ -d "${left%.out-of-reach}" ]; then rm -rf "$left"; else mv "$left" "${left%.out-of-reach}"; fi
done
scratch=(--package-path "$package" --scratch-path "$tree")
source ci/strict-flags.sh
swift build -q --build-tests "${scratch[@]}" "${strict[@]}"
products=$(readlink -f "$tree/debug")
away="$products.out-of-reach"
binary="$tree/debug/example-stategate"
results=$(mktemp -d)
restore() {
  if [ -d "$away" ]; then mv "$away" "$products"; fi
  rm -rf "$results"
}
trap restore EXIT
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
# No false positive on a team's own correct models: exploration finds nothing in them.
expect_status 0 explore --subject brightness --subject album --seed 1 --cases 1500 \
  --corpus "$results/corpus"
# The recording workflow: a planted bug recorded, exported and imported (Tests/PhotoAppTests).
swift test -q --skip-build "${scratch[@]}" >"$results/tests.log" 2>&1 || {
  cat "$results/tests.log" >&2
  echo "error: the example package's tests failed" >&2
  exit 1
}
tail -n 1 "$results/tests.log"

mkdir "$results/copy"
cp "$binary" "$results/copy/example-stategate"
binary="$results/copy/example-stategate"
mv "$products" "$away"
cd "$results/copy"
export LD_LIBRARY_PATH=''
expect_status 0 --version
expect_status 0 list
"$binary" list | grep -q '^  brightness (undo)' || {
  echo "error: the copied example-stategate lists no 'brightness' subject" >&2
  exit 1
}
expect_status 0 show-suite undo-history
suite="$repo/Sources/Contracts/Suites/undo-history.suite"
"$binary" show-suite undo-history | cmp -s - "$suite" || {
  echo "error: the copied example-stategate's show-suite differs from undo-history.suite" >&2
  exit 1
}
expect_status 0 run --subject brightness --subject album
cd "$repo"
mv "$away" "$products"
echo "example package: 4 checks and its tests passed; its binary runs without its build tree"
