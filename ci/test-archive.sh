#!/usr/bin/env bash
# The release archive stands on its own. Builds it with 'make dist' (the release build that ships:
# measured, about as costly as a static debug build from a clean clone and cheaper after a change;
# see the README), unpacks it into an empty directory, moves its build tree out of reach, and runs
# every command from an empty directory with an empty LD_LIBRARY_PATH. Checks that ldd lists
# nothing from the Swift toolchain (and that this check does catch the everyday build, which links
# the toolchain's runtime), and that 'make install' honours PREFIX and DESTDIR and installs that
# one binary. Checks that the release binary has no test hook (ci/check-no-test-hooks.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
make=${MAKE:-make}
build=.build/static
away=.build/static.out-of-reach
fail() {
  echo "error: archive test: $*" >&2
  exit 1
}
# A run killed while the build tree was away left it there: put it back first.
if [ -d "$away" ]; then
  if [ -d "$build" ]; then rm -rf "$away"; else mv "$away" "$build"; fi
fi
work=$(mktemp -d)
restore() {
  if [ -d "$repo/$away" ]; then mv "$repo/$away" "$repo/$build"; fi
  rm -rf "$work"
}
trap restore EXIT

version=$(sed -n 's/.*public static let version = "\(.*\)"$/\1/p' \
  Sources/StateGateCLI/StateGate.swift)
[ -n "$version" ] || fail "no version found in Sources/StateGateCLI/StateGate.swift"
name="stategate-$version-linux-$(uname -m)"

"$make" -s --no-print-directory dist DIST_DIR="$work/dist"
written=$(ls "$work/dist" | tr '\n' ' ')
[ "$written" = "$name.tar.gz $name.tar.gz.sha256 " ] || fail "make dist wrote: $written"
(cd "$work/dist" && sha256sum --check --quiet "$name.tar.gz.sha256") || fail "wrong checksum"
mkdir "$work/unpacked" "$work/cwd"
tar -xzf "$work/dist/$name.tar.gz" -C "$work/unpacked"
contents=$(cd "$work/unpacked" && find . | LC_ALL=C sort | tr '\n' ' ')
expected=$(
  {
    printf '%s\n' . "./$name" "./$name/CHANGELOG.md" "./$name/LICENSE" "./$name/README.md" \
      "./$name/stategate"
    find docs -type d | sed "s|^|./$name/|"
    find docs -name '*.md' -type f | sed "s|^|./$name/|"
  } | LC_ALL=C sort | tr '\n' ' '
)
[ "$contents" = "$expected" ] || fail "the archive holds: $contents"
binary="$work/unpacked/$name/stategate"

ci/check-runtime.sh "$binary"
# The everyday build's binary: STATEGATE_EVERYDAY_BINARY (ci/test.sh passes a copy, since the
# example package's check beside this script moves the build products away for a while), else its
# fixed path (asking SwiftPM with swift build --show-bin-path would wait for the tests beside it).
everyday=${STATEGATE_EVERYDAY_BINARY:-.build/debug/stategate}
[ -x "$everyday" ] || fail "no everyday build at '$everyday' to check the check with"
if ci/check-runtime.sh "$everyday" >/dev/null 2>&1; then
  fail "ci/check-runtime.sh accepts '$everyday', which uses the toolchain's shared runtime"
fi

mv "$build" "$away"
commands=0
# expect STATUS ARGS...: runs the unpacked binary from an empty directory without LD_LIBRARY_PATH.
expect() {
  local want=$1
  shift
  local got=0
  (cd "$work/cwd" && env LD_LIBRARY_PATH='' "$binary" "$@") >"$work/out" 2>"$work/err" || got=$?
  if [ "$got" -ne "$want" ]; then
    cat "$work/out" "$work/err" >&2
    fail "stategate $* exited $got, expected $want"
  fi
  commands=$((commands + 1))
}
expect 0 --version
[ "$(cat "$work/out")" = "stategate $version" ] || fail "--version printed: $(cat "$work/out")"
expect 0 list
grep -q 'builtin:undo-history.suite' "$work/out" || fail "list shows no built-in suite"
for suite in Sources/Contracts/Suites/*.suite; do
  expect 0 show-suite "$(basename "$suite")"
  cmp -s "$work/out" "$suite" || fail "show-suite $(basename "$suite") differs from $suite"
done
expect 0 run --output "$work/results" --print-path
passed=$(cat "$work/out")
python3 - "$passed/manifest.json" "stategate $version" <<'PY' || fail "wrong toolVersion in $passed"
import json, sys
sys.exit(json.load(open(sys.argv[1]))["toolVersion"] != sys.argv[2])
PY
expect 1 run --output "$work/results" --print-path --subject fault:second-tap-sends \
  --filter tap-while-pending
failed=$(cat "$work/out")
expect 1 replay "$failed"
# The process faults must misbehave in the release build too (an optimiser may drop a busy loop).
expect 1 run --output "$work/results" --subject fault:hangs --filter grouped-drag --step-timeout 1s
grep -q 'timed-out' "$work/out" || fail "fault:hangs did not time out in the release build"
expect 1 run --output "$work/results" --subject fault:traps --filter grouped-drag
grep -q 'crashed' "$work/out" || fail "fault:traps did not crash in the release build"
expect 1 triage "$failed"
expect 0 history "$work/results"
expect 0 diff "$passed" "$passed"
expect 0 run --shard 1/2 --output "$work/shards"
expect 0 run --shard 2/2 --output "$work/shards"
expect 0 merge "$work/shards"/stategate-* --output "$work/merged"
expect 0 report "$failed" --output "$work/report.html"
grep -q 'id="first-bad-step-1"' "$work/report.html" || fail "the report shows no failing step"
mkdir "$work/project"
expect 0 init ci github --directory "$work/project" --product my-stategate
grep -q 'STATEGATE: my-stategate' "$work/project/.github/workflows/stategate.yml" ||
  fail "init wrote no workflow for my-stategate"
expect 0 explain group-boundary
expect 0 faults
expect 0 demo
expect 0 explore --seed 1 --cases 200 --output "$work/explore" --corpus "$work/corpus"
expect 1 explore --seed 1 --cases 200 --subject fault:old-ticket-accepted --output "$work/explore" \
  --corpus "$work/corpus"
# No test hook in the release build: no hook's name in the binary, and every STATEGATE_TEST_*
# variable the sources read is ignored.
ci/check-no-test-hooks.sh "$binary" >&2 || fail "the release binary honours a test hook"
mv "$away" "$build"

if ! "$make" -s --no-print-directory install DESTDIR="$work/destdir" PREFIX=/opt/stategate \
  2>"$work/install.log"; then
  cat "$work/install.log" >&2
  fail "make install failed"
fi
installed=$(cd "$work/destdir" && find . -type f)
[ "$installed" = "./opt/stategate/bin/stategate" ] || fail "make install installed: $installed"
cmp -s "$work/destdir/opt/stategate/bin/stategate" "$binary" ||
  fail "make install installed another binary than the archive holds"
echo "archive: $name.tar.gz ran $commands commands without its build tree; make install: one file"
