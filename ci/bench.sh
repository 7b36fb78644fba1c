#!/usr/bin/env bash
# Triage benchmark: a generated 1 GB JUnit archive, triaged by stategate (release build) and read
# by xmllint --stream on the same bytes, side by side; prints the exact commands, throughput and
# peak memory, and the ratio against xmllint.
set -euo pipefail
cd "$(dirname "$0")/.."
size_mb=${STATEGATE_BENCH_MB:-1024}
work=.build/bench
mkdir -p "$work"
if ! command -v /usr/bin/time >/dev/null 2>&1 || [ ! -x /usr/bin/time ]; then
  echo "bench: installing GNU time with apt-get" >&2
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq time >/dev/null
fi
swift build -c release --product stategate >&2
file="$work/junit-${size_mb}mb.xml"
if [ ! -f "$file" ]; then
  echo "bench: generating $file" >&2
  python3 ci/generate-junit.py "$size_mb" "$file" >&2
fi
bytes=$(stat -c %s "$file")
measure() {
  local label=$1
  shift
  echo "\$ $*" >&2
  # triage exits 1 when the file holds failures; the timing is what matters here.
  /usr/bin/time -f "%e %M" -o "$work/$label.time" "$@" >/dev/null 2>"$work/$label.err" || true
  tail -n 1 "$work/$label.time"
}
stategate_cmd=(.build/release/stategate triage "$file" --format json)
xmllint_cmd=(xmllint --stream --noout "$file")
echo "benchmark: $(( bytes / 1048576 )) MB of JUnit XML ($file)"
read -r s_time s_rss < <(measure stategate "${stategate_cmd[@]}")
read -r x_time x_rss < <(measure xmllint "${xmllint_cmd[@]}")
awk -v b="$bytes" -v st="$s_time" -v sr="$s_rss" -v xt="$x_time" -v xr="$x_rss" 'BEGIN {
  mb = b / 1048576
  printf "%-10s %10s %12s %14s\n", "reader", "seconds", "MB/s", "peak RSS (MB)"
  printf "%-10s %10.2f %12.1f %14.1f\n", "stategate", st, mb / st, sr / 1024
  printf "%-10s %10.2f %12.1f %14.1f\n", "xmllint", xt, mb / xt, xr / 1024
  printf "stategate/xmllint: time %.2fx, peak memory %.2fx\n", st / xt, sr / xr
}'
