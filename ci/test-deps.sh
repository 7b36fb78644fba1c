#!/usr/bin/env bash
# Installs, through apt-get, what only the tests need and the machine lacks: shellcheck (the
# templates' shell is linted) and Debian's headless Chromium (chromium-headless-shell: the HTML
# report is rendered, screenshotted and its DOM read), and curl and unzip, which the GitLab
# template installs into the swift:6.3 image (ci/test-template-images.py lends them to the image it
# plays). Idempotent and silent when all are there.
set -euo pipefail

missing=()
command -v shellcheck >/dev/null 2>&1 || missing+=(shellcheck)
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
command -v curl >/dev/null 2>&1 || missing+=(curl)
command -v unzip >/dev/null 2>&1 || missing+=(unzip)
[ ${#missing[@]} -eq 0 ] && exit 0
exec "$(dirname "$0")/apt-install.sh" "${missing[@]}"
