#!/usr/bin/env bash
# make build: every product, with the flags make test and make run use (ci/strict-flags.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source ci/strict-flags.sh
swift build "${strict[@]}"
