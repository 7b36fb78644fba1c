#!/usr/bin/env bash
# Installs the stategate binary (static Swift runtime, see ci/static-binary.sh) as
# DESTDIR/PREFIX/bin/stategate, the only file it needs, and checks that its run-time dependency,
# libxml2's shared library, is present.
# Usage: ci/install.sh PREFIX [DESTDIR] [release|debug]   (make install PREFIX=... DESTDIR=...)
set -euo pipefail
cd "$(dirname "$0")/.."
prefix=${1:?usage: ci/install.sh PREFIX [DESTDIR] [release|debug]}
destdir=${2:-}
configuration=${3:-release}
binary=$(ci/static-binary.sh "$configuration")
target="$destdir$prefix/bin/stategate"
install -d "$destdir$prefix/bin"
install -m 755 "$binary" "$target"
ci/check-runtime.sh "$target" >&2
echo "installed $target ($(LD_LIBRARY_PATH='' "$target" --version))" >&2
