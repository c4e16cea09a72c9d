#!/usr/bin/env bash
# The main job on a fresh Debian machine with Node 20: installs what is missing (pnpm, Debian's
# Chromium), builds the workspace, then runs `sightline demo` — serve the fixture mail app, launch
# a managed headless Chromium, print the ranked snapshot, type a reply and send it through refs.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-system.sh
pnpm install --frozen-lockfile >/dev/null
pnpm build >/dev/null
exec node packages/cli/dist/cli.bundle.cjs demo "$@"
