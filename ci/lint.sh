#!/usr/bin/env bash
# Fails if any Swift file is not formatted as .swift-format says.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/swift-files.sh | xargs swift format lint --strict --parallel
