#!/usr/bin/env bash
# Installs the Python JUnit consumers the tests read stategate's junit.xml with (junitparser,
# junit2html) into a virtual environment under .build, once, and prints its python's path.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/python-consumers
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import junitparser, junit2htmlreport' 2>/dev/null; then
  echo "deps: installing junitparser and junit2html into $venv" >&2
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    'junitparser==5.0.3' 'junit2html==31.1.4' >&2
fi
echo "$PWD/$venv/bin/python"
