#!/usr/bin/env bash
# Installs what the demo and the tests need on a fresh Debian machine, then the npm packages.
# Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
command -v firefox-esr >/dev/null 2>&1 || missing+=(firefox-esr)
# The emulator encodes its speech with LAME's own program where it can (a fifth of lamejs's CPU).
command -v lame >/dev/null 2>&1 || missing+=(lame)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing Debian packages: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Browsers come from Debian; test tools must not try to download their own.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1
npm ci --no-audit --no-fund --loglevel=error
