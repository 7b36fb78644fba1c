#!/usr/bin/env bash
# The main job: every built-in contract suite against the built-in reference subjects.
# Extra arguments go to 'stategate run' (for example: make run ARGS="--subject 'fault:*'").
set -euo pipefail
cd "$(dirname "$0")/.."
source ci/strict-flags.sh
swift build --product stategate "${strict[@]}" >&2
status=0
.build/debug/stategate run "$@" || status=$?
# Where the binary is and what to run next, for a first run from a clone.
echo "stategate is .build/debug/stategate ('sudo make install' puts it on PATH);" \
  "next: .build/debug/stategate triage artifacts --latest, or 'stategate explain CLASS'" >&2
exit "$status"
