#!/bin/sh
# Xcode Cloud: runs the model's UI-state contracts before xcodebuild, written by
# `stategate init ci xcode-cloud`. Xcode Cloud runs ci_scripts/ci_pre_xcodebuild.sh before each
# xcodebuild action; a non-zero exit stops the build, so a contract failure costs no simulator
# time. Set STATEGATE_PACKAGE to the folder of the Swift package that builds your own stategate
# and STATEGATE to that product's name.
#
# Xcode Cloud keeps no files of a script, so the gate's verdict and the triage of every failure
# are printed to the build log; the result directory is written under the derived data folder.
set -eu

STATEGATE=${STATEGATE:-example-stategate}
STATEGATE_PACKAGE=${STATEGATE_PACKAGE:-${CI_PRIMARY_REPOSITORY_PATH:-$PWD}}
results=${CI_DERIVED_DATA_PATH:-${TMPDIR:-/tmp}}/stategate

# Only for the actions that build or test the app; an archive for TestFlight has been gated by the
# workflow's own test action already.
case "${CI_XCODEBUILD_ACTION:-build}" in
archive) exit 0 ;;
esac

# The .xcresult readers link Zstandard, which macOS does not ship; Xcode Cloud has Homebrew.
if ! pkg-config --exists libzstd 2>/dev/null; then
  if command -v brew >/dev/null 2>&1; then
    brew install pkg-config zstd
  else
    echo "error: stategate needs Zstandard (libzstd) and pkg-config, and this Mac has no Homebrew to install them" >&2
    exit 1
  fi
fi
swift build --package-path "$STATEGATE_PACKAGE" -c release --product "$STATEGATE"
bin=$(swift build --package-path "$STATEGATE_PACKAGE" -c release --show-bin-path)
status=0
"$bin/$STATEGATE" run --output "$results" || status=$?
"$bin/$STATEGATE" triage "$results" || true
exit "$status"
