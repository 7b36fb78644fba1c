#!/usr/bin/env bash
# Installs, through apt-get, what only the tests need and the machine lacks: shellcheck (the
# templates' shell is linted) and Debian's headless Chromium (chromium-headless-shell: the HTML
# report is rendered, screenshotted and its DOM read). Idempotent and silent when both are there.
set -euo pipefail

missing=()
command -v shellcheck >/dev/null 2>&1 || missing+=(shellcheck)
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
[ ${#missing[@]} -eq 0 ] && exit 0
exec "$(dirname "$0")/apt-install.sh" "${missing[@]}"
