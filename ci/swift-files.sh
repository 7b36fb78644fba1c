#!/usr/bin/env bash
# Lists the Swift files that swift-format checks, one per line. The seed article's test file is
# left out on purpose: it is kept verbatim (4-space indentation) to show that iOS code compiles.
set -euo pipefail
cd "$(dirname "$0")/.."
find Package.swift Plugins Sources Tests Templates -name '*.swift' \
  -not -path '*/.build/*' \
  -not -path 'Tests/SeedCompatibilityTests/*' | LC_ALL=C sort
