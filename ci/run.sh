#!/usr/bin/env bash
# The main job: every built-in contract suite against the built-in reference subjects.
# Extra arguments go to 'stategate run' (for example: make run ARGS="--subject 'fault:*'").
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product stategate -Xswiftc -warnings-as-errors >&2
exec .build/debug/stategate run "$@"
