#!/usr/bin/env bash
# Installs everything Sightline needs on a fresh Debian machine with Node 20, then runs every check
# and test: lint (incl. the dependency rule), typecheck, unit tests and browser E2E rows.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-system.sh
pnpm install --frozen-lockfile
pnpm build
pnpm lint
pnpm typecheck
pnpm test
