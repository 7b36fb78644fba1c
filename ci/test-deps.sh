#!/usr/bin/env bash
# Installs, through apt-get, what only the tests need and the machine lacks: shellcheck (the
# templates' shell is linted) and Debian's headless Chromium (chromium-headless-shell: the HTML
# report is rendered, screenshotted and its DOM read). Idempotent and silent when both are there.
set -euo pipefail

missing=()
command -v shellcheck >/dev/null 2>&1 || missing+=(shellcheck)
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
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
