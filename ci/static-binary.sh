#!/usr/bin/env bash
# Builds the stategate binary that ships (make dist, make install) and prints its path. It is
# linked with the static Swift runtime (--static-swift-stdlib): it needs no toolchain to run.
# Usage: ci/static-binary.sh [release|debug]   (default release)
#
# It builds in its own directory, .build/static: objects compiled for the shared Swift runtime
# cannot just be relinked statically (SwiftPM only relinks them, and the link then misses
# Foundation's ICU symbols, swift_ucasemap_open and the like), and a separate directory keeps the
# everyday build in .build/debug from being rebuilt whenever a release is made.
set -euo pipefail
cd "$(dirname "$0")/.."
configuration=${1:-release}
case "$configuration" in
release | debug) ;;
*)
  echo "error: unknown configuration '$configuration'; expected 'release' or 'debug'" >&2
  exit 64
  ;;
esac
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")
if [ ! -f "$toolchain/lib/swift_static/linux/static-stdlib-args.lnk" ]; then
  echo "error: the Swift toolchain at '$toolchain' has no static runtime" \
    "(lib/swift_static/linux), which a relocatable stategate needs; use one from swift.org" >&2
  exit 69
fi
scratch=(--scratch-path .build/static -c "$configuration")
swift build "${scratch[@]}" --product stategate --static-swift-stdlib >&2
echo "$(swift build "${scratch[@]}" --show-bin-path)/stategate"
