#!/usr/bin/env bash
# The main job on the built-in subjects. Until the contract runner lands this is the UndoKit
# demonstration: the seed article's grouped drag, checked step by step.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product stategate -Xswiftc -warnings-as-errors >&2
exec .build/debug/stategate demo "$@"
