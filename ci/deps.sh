#!/usr/bin/env bash
# Installs, through apt-get, what building and testing need and the machine lacks:
# pkg-config, the libxml2 headers (libxml2-dev) and xmllint (libxml2-utils).
# Idempotent and silent when everything is present.
set -euo pipefail

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
pkg-config --exists libxml-2.0 >/dev/null 2>&1 || missing+=(libxml2-dev)
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || {
    echo "error: need root or sudo to install: ${missing[*]}" >&2
    exit 69
  }
  sudo="sudo"
fi
echo "deps: installing ${missing[*]} with apt-get" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
  "${missing[@]}" >/dev/null 2> >(grep -v '^debconf: delaying' >&2)
