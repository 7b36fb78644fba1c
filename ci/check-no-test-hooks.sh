#!/usr/bin/env bash
# check-no-test-hooks.sh BINARY: a release binary has no test hook. The hooks' variables are every
# STATEGATE_TEST_* name the sources read (found by grep, so a new hook is covered at once); the
# binary must hold none of those names, and `run` with all of them set, to each value some hook
# takes, must behave as without them: the built-in subjects pass (0), a trapping subject's case
# fails as crashed (1), within 20 s (a hook that holds waits up to 60 s), and nothing on standard
# error mentions a hook. ci/test-archive.sh runs it on the release archive's binary; run on a
# debug build it fails, which is how to check the check.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(realpath "${1:?usage: ci/check-no-test-hooks.sh BINARY}")
fail() {
  echo "error: test hooks: $*" >&2
  exit 1
}
# STATEGATE_TEST_HOOKS is the compile-time condition (#if) the hooks sit behind, not a variable.
hooks=$(grep -rhoE 'STATEGATE_TEST_[A-Z0-9_]+' Sources | grep -vx 'STATEGATE_TEST_HOOKS' |
  LC_ALL=C sort -u)
[ -n "$hooks" ] || fail "no STATEGATE_TEST_ variable is named in Sources/: the check checks nothing"
held=$(strings "$binary" | { grep -oE 'STATEGATE_TEST_[A-Z0-9_]+' || true; } | LC_ALL=C sort -u | tr '\n' ' ')
[ -z "$held" ] || fail "'$binary' holds the names of test hooks: $held"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The values the hooks take: step numbers, hold points, signal names, milliseconds.
values=(1 2 start context directory final-write classification INT TERM HUP 60000)
checked=0
# hooked STATUS VALUE ARGS...: runs the binary with every hook set to VALUE; it must exit STATUS.
hooked() {
  local want=$1 value=$2 got=0
  shift 2
  local assignments=()
  for hook in $hooks; do assignments+=("$hook=$value"); done
  (cd "$work" && env "${assignments[@]}" timeout 20 "$binary" "$@") >"$work/out" 2>"$work/err" ||
    got=$?
  if [ "$got" -ne "$want" ] || grep -qE 'STATEGATE_TEST_|holding' "$work/err"; then
    tail -n 5 "$work/err" >&2
    fail "'$binary $*' with $(tr '\n' ' ' <<<"$hooks")set to '$value' exited $got, expected $want as without them"
  fi
  checked=$((checked + 1))
}
for value in "${values[@]}"; do
  hooked 0 "$value" run --output "$work/results"
  hooked 1 "$value" run --output "$work/results" --subject fault:traps --filter grouped-drag
  grep -q 'crashed' "$work/out" || fail "fault:traps did not crash with the hooks set to '$value'"
done
echo "test hooks: none in $(basename "$binary"); $(wc -w <<<"$hooks") variables ignored in $checked runs"
