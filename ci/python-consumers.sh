#!/usr/bin/env bash
# Installs the Python packages the tests use into a virtual environment under .build, once, and
# prints its python's path: the JUnit consumers stategate's junit.xml is read with (junitparser,
# junit2html, xunitparser) and PyYAML, which reads the CI templates.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/python-consumers
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import junitparser, junit2htmlreport, xunitparser, yaml' 2>/dev/null; then
  echo "deps: installing junitparser, junit2html, xunitparser and PyYAML into $venv" >&2
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    'junitparser==5.0.3' 'junit2html==31.1.4' 'xunitparser==1.3.4' 'PyYAML==6.0.3' >&2
fi
echo "$PWD/$venv/bin/python"
