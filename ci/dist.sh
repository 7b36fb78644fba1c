#!/usr/bin/env bash
# Writes the release archive, DIR/stategate-VERSION-linux-ARCH.tar.gz, and its .sha256: one
# directory of that name holding the stategate binary (static Swift runtime, see
# ci/static-binary.sh), LICENSE, README.md, CHANGELOG.md and the pages of docs/, its language
# folders included (the README links them). VERSION is what the binary itself prints for
# --version, so the archive cannot be named after another version. Prints the path.
# Usage: ci/dist.sh [DIR] [release|debug]   (defaults: dist, release)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-dist}
configuration=${2:-release}
binary=$(ci/static-binary.sh "$configuration")
ci/check-runtime.sh "$binary" >&2
version=$(LD_LIBRARY_PATH='' "$binary" --version)
version=${version#stategate }
if ! [[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  echo "error: '$binary --version' printed '$version', not MAJOR.MINOR.PATCH" >&2
  exit 70
fi
name="stategate-$version-linux-$(uname -m)"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir "$stage/$name"
install -m 755 "$binary" "$stage/$name/stategate"
install -m 644 LICENSE README.md CHANGELOG.md "$stage/$name/"
while IFS= read -r page; do
  install -D -m 644 "$page" "$stage/$name/$page"
done < <(find docs -name '*.md' -type f | LC_ALL=C sort)
# Fixed owner, order and times (the last commit's), so the same binary gives the same bytes.
epoch=$(git log -1 --format=%ct 2>/dev/null || echo 0)
mkdir -p "$out"
tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -cf - "$name" |
  gzip -n >"$stage/$name.tar.gz"
mv "$stage/$name.tar.gz" "$out/$name.tar.gz"
(cd "$out" && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")
echo "dist: $out/$name.tar.gz ($configuration, $(du -h "$out/$name.tar.gz" | cut -f1))" >&2
echo "$out/$name.tar.gz"
