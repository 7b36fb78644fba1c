#!/usr/bin/env bash
# make bench: stategate's speed and memory targets, each measured beside its yardstick in the same
# run, with the exact commands printed. Sections (STATEGATE_BENCH_ONLY picks some, comma-separated):
#   triage       `stategate triage` beside `xmllint --stream` on three generated 1 GB JUnit files
#                (few short failures; half the cases failing with 2 kB texts; few 68 kB texts);
#                target: at most 2x xmllint's CPU time, peak RSS at most 64 MB.
#   run-scaling  `stategate run` on one suite file of 1,000 and of 10,000 cases; target: the
#                10k/1k time ratio at most 11 (linear in cases).
#   steps        `stategate run` on 1,000 cases of 1,000 steps (1 million steps, events written);
#                targets: at least 100,000 steps/s, peak RSS at most 64 MB. Prints the machine
#                (cores, CPU model, load average) and every run beside the median, so the spread
#                (min/median/max) shows how much other work on the machine moved the figure.
#   xcresult     `stategate triage` of an .xcresult bundle of 10,176 test cases (the mixed fixture's
#                rows repeated 53 times in a copy of its database) beside the sqlite3 tool reading
#                the same rows with the same queries; the ratio is the figure (no target yet).
#   isolation    the built-in suites in worker processes (`--jobs 1`, `--jobs 2`) beside
#                `--no-isolation`, on the reference subjects and on every contract-fault subject
#                too; target: isolated at most 2x the in-process wall time.
#   recorder     StateGateRecorder's cost per event (a tap with its write, the answer, the row
#                shown) beside appending to a preallocated array and an empty loop, in one process;
#                target: at most 10x the append.
#   import       `stategate import` of generated correct sessions of 10k, 100k and 1M events
#                (`recorder-bench session`) on favorites, beside `stategate run` of the same steps
#                as a suite; then the 1M session with one stale answer planted, on
#                fault:old-ticket-accepted. Targets: the 1M import under 60 s and 256 MB peak,
#                no bug on the correct session, a short stale-response case on the planted one.
# Every figure is the median of STATEGATE_BENCH_RUNS runs (default 3; the isolation section's,
# of STATEGATE_BENCH_ISOLATION_RUNS, default 7); paired commands run in turn
# (A B A B ...), so a ratio holds when the machine's speed drifts. STATEGATE_BENCH_MB sets the size
# of the JUnit files (default 1024). Timing and peak memory come from GNU time (/usr/bin/time).
# A missed target is printed, not fatal: the numbers are the output. A measured command that fails
# (an exit status it does not give on its input, such as 70 or 127) or measures nothing is fatal:
# the script goes on, then exits 1 naming each.
set -euo pipefail
cd "$(dirname "$0")/.."
size_mb=${STATEGATE_BENCH_MB:-1024}
runs=${STATEGATE_BENCH_RUNS:-3}
only=${STATEGATE_BENCH_ONLY:-triage,run-scaling,steps,xcresult,isolation,recorder,import}
# The isolation section's commands take a fraction of a second: more runs per figure.
isolation_runs=${STATEGATE_BENCH_ISOLATION_RUNS:-7}
work=.build/bench
stategate=.build/release/stategate
mkdir -p "$work"
rm -f "$work"/*.status

if [ ! -x /usr/bin/time ]; then
  echo "bench: installing GNU time with apt-get" >&2
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq time >/dev/null
fi
swift build -c release --product stategate >&2

wants() { [[ ",$only," == *",$1,"* ]]; }

failures=0
# bench_fail MESSAGE: reports a measurement that does not count; the script exits 1 at its end.
bench_fail() {
  echo "error: bench: $*" >&2
  failures=$((failures + 1))
}

# expect_status LABEL STATUS...: every run of LABEL exited with one of STATUS (triage and run exit 1
# when they find failures, which is what some inputs hold); else a failure naming its stderr.
expect_status() {
  local label=$1 got
  shift
  got=$(sort -u "$work/$label.status" 2>/dev/null | paste -sd ' ')
  [ -n "$got" ] || { bench_fail "$label: nothing was measured"; return; }
  for status in $got; do
    if [[ " $* " != *" $status "* ]]; then
      bench_fail "$label: a measured command exited $status (expected $*); see $work/$label.err: $(tail -n 1 "$work/$label.err" 2>/dev/null)"
      return
    fi
  done
}

# measure LABEL COMMAND...: runs COMMAND once (its output thrown away; triage and run exit 1 when
# they find failures, which is not an error here) and appends "wall cpu peak_kb" to LABEL's file
# and the exit status to LABEL's .status file.
measure() {
  local label=$1 status=0
  shift
  /usr/bin/time -f "%e %U %S %M" -o "$work/$label.time" "$@" >/dev/null 2>"$work/$label.err" || status=$?
  echo "$status" >>"$work/$label.status"
  # GNU time writes "Command exited with non-zero status N" first when the status is not 0.
  tail -n 1 "$work/$label.time" | awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' >>"$work/$label.runs"
}

# median LABEL FIELD: the median of one field (1 wall, 2 cpu, 3 peak KB) over LABEL's runs.
median() {
  awk -v f="$2" '{ print $f }' "$work/$1.runs" | sort -g | awk '
    { v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# extreme LABEL FIELD min|max: the smallest or largest value of one field over LABEL's runs.
extreme() {
  awk -v f="$2" '{ print $f }' "$work/$1.runs" | sort -g | if [ "$3" = min ]; then head -n 1; else tail -n 1; fi
}

# machine: the machine's class as a reader can compare it: cores, CPU model, and the load average
# (other work on the machine slows every figure; the spread over runs shows by how much).
machine() {
  local model
  model=$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null)
  echo "$(nproc) cores (nproc), CPU ${model:-unknown}, $(uname -m), load average $(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo unknown)"
}

# verdict VALUE OP LIMIT: "met" or "MISSED".
verdict() {
  awk -v v="$1" -v op="$2" -v l="$3" 'BEGIN { ok = (op == "<=") ? v <= l : v >= l; print ok ? "met" : "MISSED" }'
}

## Triage beside xmllint --stream on the three shapes.
bench_triage() {
  echo
  echo "== triage beside xmllint --stream: ${size_mb} MB of JUnit XML per shape, median of $runs runs"
  printf "%-10s %-10s %8s %8s %8s %9s\n" shape reader "wall s" "cpu s" "MB/s" "peak MB"
  local summary=()
  for shape in few-short half-2k few-68k; do
    local file="$work/junit-$shape-${size_mb}mb.xml"
    if [ ! -f "$file" ]; then
      echo "bench: generating $file" >&2
      python3 ci/generate-junit.py "$shape" "$size_mb" "$file.part" >&2
      mv "$file.part" "$file"
    fi
    local mb
    mb=$(awk -v b="$(stat -c %s "$file")" 'BEGIN { printf "%.1f", b / 1048576 }')
    rm -f "$work/triage-$shape.runs" "$work/xmllint-$shape.runs"
    for _ in $(seq "$runs"); do
      measure "triage-$shape" "$stategate" triage "$file" --format json
      measure "xmllint-$shape" xmllint --stream --noout "$file"
    done
    expect_status "triage-$shape" 0 1
    expect_status "xmllint-$shape" 0
    for reader in triage xmllint; do
      local wall cpu peak
      wall=$(median "$reader-$shape" 1)
      cpu=$(median "$reader-$shape" 2)
      peak=$(median "$reader-$shape" 3)
      awk -v s="$shape" -v r="$([ $reader = triage ] && echo stategate || echo xmllint)" \
        -v w="$wall" -v c="$cpu" -v m="$mb" -v p="$peak" \
        'BEGIN { printf "%-10s %-10s %8.2f %8.2f %8.1f %9.1f\n", s, r, w, c, m / w, p / 1024 }'
    done
    local ratio_cpu ratio_wall peak_mb
    ratio_cpu=$(awk -v a="$(median "triage-$shape" 2)" -v b="$(median "xmllint-$shape" 2)" 'BEGIN { printf "%.2f", a / b }')
    ratio_wall=$(awk -v a="$(median "triage-$shape" 1)" -v b="$(median "xmllint-$shape" 1)" 'BEGIN { printf "%.2f", a / b }')
    peak_mb=$(awk -v p="$(median "triage-$shape" 3)" 'BEGIN { printf "%.1f", p / 1024 }')
    summary+=("$(printf "%-10s stategate/xmllint cpu %sx (target <= 2x: %s), wall %sx; peak %s MB (target <= 64 MB: %s)" \
      "$shape" "$ratio_cpu" "$(verdict "$ratio_cpu" "<=" 2)" "$ratio_wall" "$peak_mb" "$(verdict "$peak_mb" "<=" 64)")")
  done
  echo "commands (FILE = $work/junit-SHAPE-${size_mb}mb.xml, written by python3 ci/generate-junit.py SHAPE $size_mb FILE):"
  echo "  \$ $stategate triage FILE --format json"
  echo "  \$ xmllint --stream --noout FILE"
  printf "%s\n" "${summary[@]}"
}

## Run time at 1,000 and 10,000 cases in one suite file: linear in cases means a ratio near 10.
bench_run_scaling() {
  echo
  echo "== run: one suite file of 1,000 and of 10,000 cases (2 steps each), median of $runs runs"
  local small="$work/suite-1000x2.suite" large="$work/suite-10000x2.suite"
  [ -f "$small" ] || python3 ci/generate-suite.py 1000 2 "$small" >&2
  [ -f "$large" ] || python3 ci/generate-suite.py 10000 2 "$large" >&2
  rm -f "$work/run-1k.runs" "$work/run-10k.runs"
  for _ in $(seq "$runs"); do
    rm -rf "$work/out"
    measure run-1k "$stategate" run --suite "$small" --output "$work/out"
    rm -rf "$work/out"
    measure run-10k "$stategate" run --suite "$large" --output "$work/out"
  done
  expect_status run-1k 0
  expect_status run-10k 0
  rm -rf "$work/out"
  printf "%-12s %8s %8s %9s\n" cases "wall s" "cpu s" "peak MB"
  for label in run-1k run-10k; do
    awk -v l="$label" -v w="$(median "$label" 1)" -v c="$(median "$label" 2)" -v p="$(median "$label" 3)" \
      'BEGIN { printf "%-12s %8.2f %8.2f %9.1f\n", (l == "run-1k") ? "1,000" : "10,000", w, c, p / 1024 }'
  done
  local ratio
  ratio=$(awk -v a="$(median run-10k 1)" -v b="$(median run-1k 1)" 'BEGIN { printf "%.1f", a / b }')
  echo "commands:"
  echo "  \$ $stategate run --suite $small --output $work/out"
  echo "  \$ $stategate run --suite $large --output $work/out"
  echo "10k/1k wall time ratio ${ratio} (target <= 11: $(verdict "$ratio" "<=" 11))"
}

## Steps per second and peak memory on 1,000 cases of 1,000 steps, every step's event written.
bench_steps() {
  echo
  echo "== run: 1,000 cases of 1,000 steps (1 million steps, events written), median of $runs runs"
  local suite="$work/suite-1000x1000.suite"
  [ -f "$suite" ] || python3 ci/generate-suite.py 1000 1000 "$suite" >&2
  rm -f "$work/steps.runs" "$work/steps.status"
  for _ in $(seq "$runs"); do
    rm -rf "$work/out"
    measure steps "$stategate" run --suite "$suite" --output "$work/out"
  done
  rm -rf "$work/out"
  local wall cpu peak rate peak_mb slowest fastest
  wall=$(median steps 1)
  cpu=$(median steps 2)
  peak=$(median steps 3)
  rate=$(awk -v w="$wall" 'BEGIN { printf "%.0f", 1000000 / w }')
  slowest=$(awk -v w="$(extreme steps 1 max)" 'BEGIN { printf "%.0f", 1000000 / w }')
  fastest=$(awk -v w="$(extreme steps 1 min)" 'BEGIN { printf "%.0f", 1000000 / w }')
  peak_mb=$(awk -v p="$peak" 'BEGIN { printf "%.1f", p / 1024 }')
  echo "command:"
  echo "  \$ $stategate run --suite $suite --output $work/out"
  echo "machine: $(machine)"
  echo "runs (wall s, cpu s, peak KB): $(awk '{ printf "%s%s %s %s", (NR > 1) ? "; " : "", $1, $2, $3 }' "$work/steps.runs")"
  # Every case of the generated suite passes: a run that did not (a crashing worker, a stale
  # build) measured something else, so its figure does not count.
  local failed verdict_rate
  failed=$(grep -vc '^0$' "$work/steps.status" || true)
  verdict_rate=$(verdict "$rate" ">=" 100000)
  if [ "$failed" -gt 0 ]; then
    echo "$failed of $runs runs did not pass every case (exit status $(sort -u "$work/steps.status" | paste -sd ' ')); see $work/steps.err"
    verdict_rate="MISSED: not a passing run"
    bench_fail "steps: $failed of $runs runs did not pass every case; see $work/steps.err"
  fi
  echo "wall ${wall} s, cpu ${cpu} s: ${rate} steps/s, median of $runs runs (min ${slowest}, max ${fastest})" \
    "(target >= 100,000: $verdict_rate);" \
    "peak ${peak_mb} MB (target <= 64 MB: $(verdict "$peak_mb" "<=" 64))"
}

## The built-in suites isolated (one worker, two workers) beside in process.
bench_isolation() {
  echo
  echo "== run: the built-in suites in worker processes beside --no-isolation, median of $isolation_runs runs"
  # Every subject `stategate list` shows except those that break their process (they run only
  # isolated): the reference subjects and the contract-fault catalogue.
  local faults
  faults=$("$stategate" list | awk '
    /^subjects/ { listing = 1; next }
    /^failure classes/ { listing = 0 }
    listing && /^  [^ ]+ \(/ { name = $1; order[++count] = name }
    listing && /may break the process/ { skip[name] = 1 }
    END { for (i = 1; i <= count; i++) if (!(order[i] in skip)) printf "--subject %s ", order[i] }')
  local workload mode label
  for workload in reference faults; do
    rm -f "$work/iso-$workload-"*.runs
  done
  for _ in $(seq "$isolation_runs"); do
    for workload in reference faults; do
      for mode in no-isolation jobs-1 jobs-2; do
        local options=(--no-isolation)
        [ "$mode" = jobs-1 ] && options=(--jobs 1)
        [ "$mode" = jobs-2 ] && options=(--jobs 2)
        rm -rf "$work/out"
        if [ "$workload" = reference ]; then
          measure "iso-$workload-$mode" "$stategate" run "${options[@]}" --output "$work/out"
        else
          # shellcheck disable=SC2086 # one word per option
          measure "iso-$workload-$mode" "$stategate" run "${options[@]}" $faults --output "$work/out"
        fi
      done
    done
  done
  rm -rf "$work/out"
  for mode in no-isolation jobs-1 jobs-2; do
    expect_status "iso-reference-$mode" 0
    expect_status "iso-faults-$mode" 1
  done
  printf "%-10s %-14s %8s %8s %9s %16s\n" subjects mode "wall s" "cpu s" "peak MB" "wall vs in-process"
  local verdicts=()
  for workload in reference faults; do
    local base worst=0
    base=$(median "iso-$workload-no-isolation" 1)
    for mode in no-isolation jobs-1 jobs-2; do
      label="iso-$workload-$mode"
      local ratio
      ratio=$(awk -v a="$(median "$label" 1)" -v b="$base" 'BEGIN { printf "%.2f", a / b }')
      awk -v s="$workload" -v m="$( [ $mode = no-isolation ] && echo --no-isolation || echo "--jobs ${mode#jobs-}")" \
        -v w="$(median "$label" 1)" -v c="$(median "$label" 2)" -v p="$(median "$label" 3)" -v r="$ratio" \
        'BEGIN { printf "%-10s %-14s %8.2f %8.2f %9.1f %15.2fx\n", s, m, w, c, p / 1024, r }'
      [ "$mode" != no-isolation ] && worst=$(awk -v a="$ratio" -v b="$worst" 'BEGIN { print (a > b) ? a : b }')
    done
    local speedup
    speedup=$(awk -v a="$(median "iso-$workload-jobs-1" 1)" -v b="$(median "iso-$workload-jobs-2" 1)" 'BEGIN { printf "%.2f", a / b }')
    verdicts+=("$(printf "%-10s isolated/in-process wall at most %sx (target <= 2x: %s); --jobs 2 is %sx --jobs 1's speed" \
      "$workload" "$worst" "$(verdict "$worst" "<=" 2)" "$speedup")")
  done
  echo "commands (MODE = --no-isolation, --jobs 1 or --jobs 2; SUBJECTS = --subject NAME for each of the"
  echo "$(($(wc -w <<<"$faults") / 2)) subjects 'stategate list' shows, less the ones that may break their process):"
  echo "  \$ $stategate run MODE --output $work/out"
  echo "  \$ $stategate run MODE SUBJECTS --output $work/out"
  printf "%s\n" "${verdicts[@]}"
}

## The recorder's cost per event beside its peers, measured in one process.
bench_recorder() {
  echo
  echo "== recorder: cost per event beside appending to a preallocated array, median of $runs runs"
  swift build -c release --product recorder-bench >&2
  local output ratio
  output=$(.build/release/recorder-bench 3000000 "$runs") || bench_fail "recorder-bench exited $?"
  echo "$output"
  echo "command:"
  echo "  \$ .build/release/recorder-bench 3000000 $runs"
  ratio=$(sed -n 's/^recorder\/append ratio \([0-9.]*\)x.*/\1/p' <<<"$output")
  [ -n "$ratio" ] || bench_fail "recorder-bench printed no 'recorder/append ratio' line"
  echo "recorder/append ${ratio}x (target <= 10x: $(verdict "$ratio" "<=" 10))"
}

## Import of generated recordings beside running the same steps as a suite.
bench_import() {
  echo
  echo "== import: generated correct sessions beside run of the same steps, median of $runs runs"
  swift build -c release --product recorder-bench >&2
  printf "%-9s %-8s %8s %8s %9s\n" events command "wall s" "cpu s" "peak MB"
  local commands=()
  for events in 10000 100000 1000000; do
    local file="$work/session-$events.jsonl" suite="$work/session-$events.suite"
    if [ ! -f "$file" ]; then
      echo "bench: generating $file" >&2
      .build/release/recorder-bench session "$events" >"$file.part" && mv "$file.part" "$file"
    fi
    # The recording's events as suite steps (the shown states are the recording's, not steps).
    [ -f "$suite" ] || python3 - "$file" >"$suite" <<'PY'
import json, sys
lines = ['suite session family optimistic "A generated session"', '',
         'case session "The generated session"', '  requires sessions sorting']
for line in open(sys.argv[1]):
    event = json.loads(line)
    if event.get("kind") != "event":
        continue
    action = event["action"]
    if action == "load":
        lines.append("  records " + " ".join(event["records"]))
    elif action in ("tap", "sync"):
        lines.append(f"  {action} {event['record']} as {event['request']}")
    elif action == "respond":
        lines.append(f"  respond {event['request']} {event['outcome']}")
    elif action == "sort":
        lines.append("  sort " + ",".join(event["order"]))
    else:
        sys.exit(f"generated sessions have no '{action}' events")
print("\n".join(lines))
PY
    rm -f "$work/import-$events.runs" "$work/replay-run-$events.runs"
    rm -f "$work/import-$events.status" "$work/replay-run-$events.status"
    for _ in $(seq "$runs"); do
      measure "import-$events" "$stategate" import "$file" --subject favorites --corpus "$work/corpus"
      measure "replay-run-$events" "$stategate" run --suite "$suite" --subject favorites \
        --output "$work/out"
    done
    expect_status "import-$events" 0
    expect_status "replay-run-$events" 0
    for label in import replay-run; do
      awk -v e="$events" -v c="${label/replay-/}" -v w="$(median "$label-$events" 1)" \
        -v u="$(median "$label-$events" 2)" -v p="$(median "$label-$events" 3)" \
        'BEGIN { printf "%-9s %-8s %8.2f %8.2f %9.1f\n", e, c, w, u, p / 1024 }'
    done
    commands+=("$stategate import $file --subject favorites --corpus $work/corpus")
    commands+=("$stategate run --suite $suite --subject favorites --output $work/out")
  done
  local stale="$work/session-1000000-stale.jsonl"
  if [ ! -f "$stale" ]; then
    echo "bench: generating $stale" >&2
    .build/release/recorder-bench session 1000000 stale >"$stale.part" && mv "$stale.part" "$stale"
  fi
  rm -rf "$work/corpus-stale"
  local output status=0
  output=$(/usr/bin/time -f "%e %U %S %M" -o "$work/import-stale.time" "$stategate" import \
    "$stale" --subject fault:old-ticket-accepted --corpus "$work/corpus-stale" 2>&1) || status=$?
  echo "$output" | sed -n '2,3p'
  [ "$status" -eq 1 ] || bench_fail "import of $stale exited $status (expected 1: a case written)"
  grep -q "stale-response" <<<"$output" || bench_fail "import of $stale found no stale-response case"
  tail -n 1 "$work/import-stale.time" | awk '{ printf "1M stale  import   %8.2f %8.2f %9.1f\n", $1, $2 + $3, $4 / 1024 }'
  commands+=("$stategate import $stale --subject fault:old-ticket-accepted --corpus $work/corpus-stale")
  local wall peak
  wall=$(median import-1000000 1)
  peak=$(awk -v k="$(median import-1000000 3)" 'BEGIN { printf "%.1f", k / 1024 }')
  echo "1M-event import ${wall} s (target < 60 s: $(verdict "$wall" "<=" 60)), peak ${peak} MB (target < 256 MB: $(verdict "$peak" "<=" 256))"
  echo "commands (recordings made by .build/release/recorder-bench session EVENTS [stale]):"
  printf '  $ %s\n' "${commands[@]}"
}

## Triage of a 10k-test .xcresult bundle beside the sqlite3 tool reading the same rows.
bench_xcresult() {
  local copies=52
  local fixture=Tests/XCResultTests/Fixtures/Xcode16-Mixed-XCTest-SwiftTesting.xcresult
  local bundle="$work/xcresult-10k.xcresult"
  echo
  echo "== triage of an .xcresult bundle beside sqlite3 reading its rows, median of $runs runs"
  if [ ! -f "$bundle/database.sqlite3" ]; then
    echo "bench: generating $bundle" >&2
    rm -rf "$bundle.part" && mkdir -p "$bundle.part"
    cp "$fixture/Info.plist" "$fixture/database.sqlite3" "$bundle.part/"
    # Each copy N renames every test (testX() -> testXCopyN()) and shifts the rows' ids by
    # N*1000, so each is a test case of its own with its own runs, issues and arguments.
    sqlite3 "$bundle.part/database.sqlite3" <<SQL
WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < $copies)
INSERT INTO TestCases (rowid, summary, identifier, orderInTestSuite, name, testSuite_fk,
  identifierURL)
SELECT c.rowid + n * 1000, c.summary, replace(c.identifier, '(', 'Copy' || n || '('),
  c.orderInTestSuite, replace(c.name, '(', 'Copy' || n || '('), c.testSuite_fk, c.identifierURL
FROM TestCases c, k;
WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < $copies)
INSERT INTO TestCaseRuns (rowid, result, duration, testSuiteRun_fk, orderInTestSuiteRun,
  dynamicTestParameters_fk, testCase_fk, skipNotice_fk, repetitionPolicy_fk)
SELECT r.rowid + n * 1000, r.result, r.duration, r.testSuiteRun_fk, r.orderInTestSuiteRun,
  r.dynamicTestParameters_fk, r.testCase_fk + n * 1000, r.skipNotice_fk, r.repetitionPolicy_fk
FROM TestCaseRuns r, k;
WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < $copies)
INSERT INTO TestIssues (rowid, compactDescription, orderInOwner, testCaseRun_fk, timestamp,
  expression_fk, isTopLevelFailure, associatedError_fk, sourceCodeContext_fk, testSuiteRun_fk,
  uuid, sanitizedDescription, detailedDescription, issueType)
SELECT i.rowid + n * 1000, i.compactDescription, i.orderInOwner, i.testCaseRun_fk + n * 1000,
  i.timestamp, i.expression_fk, i.isTopLevelFailure, i.associatedError_fk,
  i.sourceCodeContext_fk, i.testSuiteRun_fk, i.uuid, i.sanitizedDescription,
  i.detailedDescription, i.issueType
FROM TestIssues i, k;
WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < $copies)
INSERT INTO Arguments (rowid, parameter_fk, identifier, testCaseRun_fk, orderInTestCaseRun,
  testValue_fk)
SELECT a.rowid + n * 1000, a.parameter_fk, a.identifier, a.testCaseRun_fk + n * 1000,
  a.orderInTestCaseRun, a.testValue_fk
FROM Arguments a, k;
VACUUM;
SQL
    mv "$bundle.part" "$bundle"
  fi
  # The rows stategate reads, with the queries it sends (less its small tables).
  cat >"$work/xcresult-rows.sql" <<'SQL'
PRAGMA quick_check(1);
SELECT rowid, identifier, name, summary FROM TestCases;
SELECT a.testCaseRun_fk, v.description FROM Arguments a LEFT JOIN TestValues v ON v.rowid = a.testValue_fk ORDER BY a.testCaseRun_fk, a.orderInTestCaseRun, a.rowid;
SELECT i.testCaseRun_fk, i.testSuiteRun_fk, i.issueType, i.compactDescription, i.detailedDescription, l.filePath, l.lineNumber FROM TestIssues i LEFT JOIN SourceCodeContexts c ON c.rowid = i.sourceCodeContext_fk LEFT JOIN SourceCodeLocations l ON l.rowid = c.location_fk ORDER BY i.testCaseRun_fk, i.testSuiteRun_fk, i.orderInOwner, i.rowid;
SELECT r.rowid, r.result, r.duration, r.testCase_fk, r.testSuiteRun_fk, r.skipNotice_fk, p.repetition, p.repetitionModeString FROM TestCaseRuns r LEFT JOIN RepetitionPolicies p ON p.rowid = r.repetitionPolicy_fk ORDER BY r.rowid;
SQL
  local uri="file:$bundle/database.sqlite3?immutable=1"
  local cases
  cases=$("$stategate" triage "$bundle" | awk '/ cases: / { print $1; exit }' || true)
  rm -f "$work/xcr-triage.runs" "$work/xcr-sqlite3.runs"
  for _ in $(seq "$runs"); do
    measure xcr-triage "$stategate" triage "$bundle" --format json
    measure xcr-sqlite3 sqlite3 -readonly "$uri" ".read $work/xcresult-rows.sql"
  done
  [ -n "$cases" ] || bench_fail "xcresult: 'stategate triage $bundle' printed no case count"
  expect_status xcr-triage 0 1
  expect_status xcr-sqlite3 0
  printf "%-10s %8s %8s %9s\n" reader "wall s" "cpu s" "peak MB"
  for reader in triage sqlite3; do
    awk -v r="$reader" -v w="$(median "xcr-$reader" 1)" -v c="$(median "xcr-$reader" 2)" \
      -v p="$(median "xcr-$reader" 3)" 'BEGIN { printf "%-10s %8.2f %8.2f %9.1f\n", r, w, c, p / 1024 }'
  done
  local ratio
  ratio=$(awk -v a="$(median xcr-triage 1)" -v b="$(median xcr-sqlite3 1)" \
    'BEGIN { printf "%.1f", (b > 0) ? a / b : 0 }')
  echo "commands ($cases test cases; the bundle written by the sqlite3 script in ci/bench.sh):"
  echo "  \$ $stategate triage $bundle --format json"
  echo "  \$ sqlite3 -readonly '$uri' '.read $work/xcresult-rows.sql'"
  echo "xcresult   triage/sqlite3 wall: ${ratio}x (triage also classifies, groups attempts and writes JSON)"
}

echo "benchmark: $("$stategate" --version | head -n 1) on $(machine)"
wants triage && bench_triage
wants run-scaling && bench_run_scaling
wants steps && bench_steps
wants xcresult && bench_xcresult
wants isolation && bench_isolation
wants recorder && bench_recorder
wants import && bench_import
if [ "$failures" -gt 0 ]; then
  echo "error: bench: $failures measurement(s) did not count (see the error lines above)" >&2
  exit 1
fi
exit 0
