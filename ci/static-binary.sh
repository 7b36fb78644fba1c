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
# One fixed environment for every call, so that a build with nothing changed does nothing: SwiftPM
# rebuilds when any environment variable appears, disappears or changes, so a call from make, or
# with one more variable set, after another re-embedded the suites and recompiled Contracts (32 to
# 45 s, where a no-change build takes 1 s). Kept: PATH; when set, HOME, TMPDIR, where pkg-config
# finds libxml2, SQLite and zstd, and the toolchain's own settings (SWIFT*, and XDG_* where
# swiftly keeps its toolchains).
build_env=(env -i "PATH=$PATH")
while IFS= read -r name; do
  case "$name" in
  HOME | TMPDIR | PKG_CONFIG_PATH | SWIFT* | XDG_*) build_env+=("$name=${!name}") ;;
  esac
done < <(compgen -e)
scratch=(--scratch-path .build/static -c "$configuration" --static-swift-stdlib)
"${build_env[@]}" swift build "${scratch[@]}" --product stategate >&2
echo "$("${build_env[@]}" swift build "${scratch[@]}" --show-bin-path)/stategate"
