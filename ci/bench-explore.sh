#!/usr/bin/env bash
# Exploration benchmark: `stategate explore` on the optimistic-updates article's model beside a Hypothesis
# RuleBasedStateMachine over the same model (installed from PyPI into a venv under .build) and a
# bare Swift loop over the model alone, the same sequences of the same length each; prints the
# exact commands, each tool's own steps per second (the median of five runs for the Swift sides),
# and wall time and peak memory from GNU time. A last line explores the reference favourites list.
# `explore` runs as it ships, in worker processes (explore-bench serves them through StateGate.main).
# A command that fails or measures nothing (no steps) fails the benchmark.
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
swift build -c release --product explore-bench >&2
explore_args=(--seed 1 --cases "$sequences" --max-steps "$steps" --output "$work/explore-results"
  --corpus "$work/explore-corpus")
explore_cmd=(.build/release/explore-bench explore --subject seed-favorites "${explore_args[@]}")
bare_cmd=(.build/release/explore-bench loop seed-favorites "$sequences" "$steps")
hypothesis_cmd=("$venv/bin/python" ci/bench-hypothesis.py "$sequences" "$steps")
reference_cmd=(.build/release/explore-bench explore --subject favorites "${explore_args[@]}")
# measure LABEL PATTERN RUNS COMMAND...: runs COMMAND RUNS times under GNU time and writes to
# LABEL.median the steps, the median of the tool's own steps per second, and that run's wall
# seconds and peak kB. A run that exits non-zero, or prints no PATTERN line with steps and a rate
# above 0, measured nothing: the benchmark fails, naming the command and what it said.
measure() {
  local label=$1 pattern=$2 runs=$3 status line steps rate
  shift 3
  echo "\$ $*" >&2
  : >"$work/$label.rows"
  for _ in $(seq "$runs"); do
    status=0
    /usr/bin/time -f "%e %M" -o "$work/$label.time" "$@" >"$work/$label.out" 2>"$work/$label.err" ||
      status=$?
    if [ "$status" -ne 0 ]; then
      echo "error: bench: '$*' exited $status: $(tail -n 1 "$work/$label.err")" >&2
      return 1
    fi
    line=$(grep -h "$pattern" "$work/$label.out" "$work/$label.err" | head -n 1 || true)
    steps=$(sed -nE 's/^[^0-9]*([0-9]+) steps.*/\1/p' <<<"$line")
    rate=$(sed -nE 's/.*\(([0-9]+) steps\/s.*/\1/p' <<<"$line")
    if [ -z "$steps" ] || [ "$steps" -eq 0 ] || [ -z "$rate" ] || [ "$rate" -eq 0 ]; then
      echo "error: bench: '$*' measured nothing: no '$pattern' line with steps above 0" \
        "(it printed: ${line:-nothing}; see $work/$label.out and $work/$label.err)" >&2
      return 1
    fi
    echo "$steps $rate $(tail -n 1 "$work/$label.time")" >>"$work/$label.rows"
  done
  sort -n -k 2 "$work/$label.rows" | awk '{ rows[NR] = $0 } END { print rows[int((NR + 1) / 2)] }' \
    >"$work/$label.median"
}
echo "benchmark: $sequences sequences of up to $steps steps on the optimistic-updates article's model"
measure explore "explore: seed-favorites" 5 "${explore_cmd[@]}" || exit 1
measure bare "bare loop" 5 "${bare_cmd[@]}" || exit 1
measure hypothesis "hypothesis:" 1 "${hypothesis_cmd[@]}" || exit 1
measure reference "explore: favorites" 5 "${reference_cmd[@]}" || exit 1
read -r e_steps e_rate e_time e_rss <"$work/explore.median"
read -r b_steps b_rate b_time b_rss <"$work/bare.median"
read -r h_steps h_rate h_time h_rss <"$work/hypothesis.median"
read -r r_steps r_rate r_time r_rss <"$work/reference.median"
awk -v es="$e_steps" -v er="$e_rate" -v et="$e_time" -v em="$e_rss" \
  -v bs="$b_steps" -v br="$b_rate" -v bt="$b_time" -v bm="$b_rss" \
  -v hs="$h_steps" -v hr="$h_rate" -v ht="$h_time" -v hm="$h_rss" \
  -v rs="$r_steps" -v rr="$r_rate" -v rt="$r_time" -v rm="$r_rss" 'BEGIN {
  printf "%-34s %9s %14s %14s %14s\n", "", "steps", "steps/s (own)", "wall s (time)", "peak RSS (MB)"
  printf "%-34s %9d %14d %14.2f %14.1f\n", "stategate explore", es, er, et, em / 1024
  printf "%-34s %9d %14d %14.2f %14.1f\n", "bare Swift loop", bs, br, bt, bm / 1024
  printf "%-34s %9d %14d %14.2f %14.1f\n", "Hypothesis RuleBasedStateMachine", hs, hr, ht, hm / 1024
  printf "%-34s %9d %14d %14.2f %14.1f\n", "stategate explore (reference list)", rs, rr, rt, rm / 1024
  printf "explore: %.0fx Hypothesis'\''s steps per second; the bare loop is %.2fx explore'\''s\n", er / hr, br / er
}'
