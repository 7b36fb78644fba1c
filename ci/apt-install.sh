#!/usr/bin/env bash
# Installs the Debian packages named as arguments with apt-get, as root or through sudo; quiet
# unless something goes wrong. ci/deps.sh and ci/test-deps.sh call it with what is missing.
# Usage: ci/apt-install.sh PACKAGE...
set -euo pipefail
[ $# -gt 0 ] || exit 0
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || {
    echo "error: need root or sudo to install: $*" >&2
    exit 69
  }
  sudo="sudo"
fi
echo "deps: installing $* with apt-get" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
  "$@" >/dev/null 2> >(grep -v '^debconf: delaying' >&2)
