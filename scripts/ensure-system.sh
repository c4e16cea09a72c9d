#!/usr/bin/env bash
# Sourced by the other scripts: makes sure pnpm, Chromium, Xvfb and openbox are present.
# Everything comes from Debian's packages and the npm registry; no browser is downloaded.
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
command -v openbox >/dev/null 2>&1 || missing+=(openbox)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "installing Debian packages: ${missing[*]}" >&2
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
PNPM_VERSION="$(node -p "require('./package.json').packageManager.split('@')[1]")"
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version)" != "$PNPM_VERSION" ]; then
  echo "installing pnpm@$PNPM_VERSION" >&2
  npm install -g "pnpm@$PNPM_VERSION" >/dev/null
fi
export SIGHTLINE_CHROME="${SIGHTLINE_CHROME:-$(command -v chromium)}"
