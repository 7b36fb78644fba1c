#!/usr/bin/env bash
# Exploration benchmark: `stategate explore` on the reference favourites beside a Hypothesis
# RuleBasedStateMachine over the seed's optimistic model (installed from PyPI into a venv under
# .build) and a bare Swift loop over the model alone, the same sequences and steps each; prints
# the exact commands, each tool's own steps per second, and wall time and peak memory from GNU time.
set -euo pipefail
cd "$(dirname "$0")/.."
sequences=${STATEGATE_BENCH_EXPLORE_SEQUENCES:-1000}
steps=${STATEGATE_BENCH_EXPLORE_STEPS:-50}
work=.build/bench
venv=.build/bench-hypothesis
mkdir -p "$work"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import hypothesis' 2>/dev/null; then
  echo "bench: installing hypothesis into $venv" >&2
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check 'hypothesis==6.170.15' >&2
fi
swift build -c release --product stategate >&2
swift build -c release --product explore-bare-loop >&2
rm -rf "$work/explore-results" "$work/explore-corpus"
explore_cmd=(.build/release/stategate explore --subject favorites --seed 1 --cases "$sequences"
  --max-steps "$steps" --output "$work/explore-results" --corpus "$work/explore-corpus")
bare_cmd=(.build/release/explore-bare-loop "$sequences" "$steps")
hypothesis_cmd=("$venv/bin/python" ci/bench-hypothesis.py "$sequences" "$steps")
# Runs a command under GNU time; prints the tool's own line, then "SECONDS PEAK_KB".
measure() {
  local label=$1 pattern=$2
  shift 2
  echo "\$ $*" >&2
  /usr/bin/time -f "%e %M" -o "$work/$label.time" "$@" >"$work/$label.out" 2>"$work/$label.err" || true
  grep -h "$pattern" "$work/$label.out" "$work/$label.err" | head -n 1
  tail -n 1 "$work/$label.time"
}
echo "benchmark: $sequences sequences of $steps steps on the optimistic-update contract"
{ read -r explore_line; read -r e_time e_rss; } < <(measure explore "explore: favorites" "${explore_cmd[@]}")
{ read -r bare_line; read -r b_time b_rss; } < <(measure bare "bare loop" "${bare_cmd[@]}")
{ read -r hypothesis_line; read -r h_time h_rss; } < <(measure hypothesis "hypothesis:" "${hypothesis_cmd[@]}")
rate() { sed -E 's/.*\(([0-9]+) steps\/s.*/\1/' <<<"$1"; }
count() { sed -E 's/^[^:]*: ([^:]*: )?([0-9]+) steps.*/\2/' <<<"$1"; }
awk -v es="$(count "$explore_line")" -v er="$(rate "$explore_line")" -v et="$e_time" -v em="$e_rss" \
  -v bs="$(count "$bare_line")" -v br="$(rate "$bare_line")" -v bt="$b_time" -v bm="$b_rss" \
  -v hs="$(count "$hypothesis_line")" -v hr="$(rate "$hypothesis_line")" -v ht="$h_time" \
  -v hm="$h_rss" 'BEGIN {
  printf "%-22s %9s %14s %14s %14s\n", "", "steps", "steps/s (own)", "wall s (time)", "peak RSS (MB)"
  printf "%-22s %9d %14d %14.2f %14.1f\n", "stategate explore", es, er, et, em / 1024
  printf "%-22s %9d %14d %14.2f %14.1f\n", "bare Swift loop", bs, br, bt, bm / 1024
  printf "%-22s %9d %14d %14.2f %14.1f\n", "Hypothesis", hs, hr, ht, hm / 1024
  printf "explore/Hypothesis: %.0fx the steps per second; bare loop/explore: %.2fx\n", er / hr, br / er
}'
