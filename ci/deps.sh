#!/usr/bin/env bash
# Installs, through apt-get, what building and testing need and the machine lacks:
# pkg-config, the libxml2 headers (libxml2-dev), the SQLite and Zstandard headers (libsqlite3-dev,
# libzstd-dev: the .xcresult readers), the sqlite3 tool (the tests damage copies of a bundle's
# database with it; make bench reads the same rows with it), xmllint (libxml2-utils), readelf and objdump
# (binutils: ci/check-runtime.sh reads the binary's run-time dependencies), and Python 3 with venv
# (the tests read stategate's JUnit with junitparser and junit2html from PyPI).
# Idempotent and silent when everything is present.
set -euo pipefail

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
pkg-config --exists libxml-2.0 >/dev/null 2>&1 || missing+=(libxml2-dev)
pkg-config --exists sqlite3 >/dev/null 2>&1 || missing+=(libsqlite3-dev)
pkg-config --exists libzstd >/dev/null 2>&1 || missing+=(libzstd-dev)
command -v sqlite3 >/dev/null 2>&1 || missing+=(sqlite3)
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
command -v readelf >/dev/null 2>&1 || missing+=(binutils)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || missing+=(python3-venv)
[ ${#missing[@]} -eq 0 ] && exit 0
exec "$(dirname "$0")/apt-install.sh" "${missing[@]}"
