#!/usr/bin/env bash
# Fails if any Swift file is not formatted as .swift-format says, or if a layer points up
# (ci/check-layers.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
ci/swift-files.sh | xargs swift format lint --strict --parallel
ci/check-layers.sh
