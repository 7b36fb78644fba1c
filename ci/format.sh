#!/usr/bin/env bash
# Formats every Swift file in place as .swift-format says.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/swift-files.sh | xargs swift format format --in-place --parallel
