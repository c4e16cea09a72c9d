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
# The generated reference (docs/reference, packages/mcp/schemas) matches the code; changesets version cleanly.
pnpm docs:check
pnpm changeset:check
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
pnpm test 2>&1 | tee "$log" || status=$?
# The real-apps lane (apps-lane/: TodoMVC, Swagger UI, Node-RED, docsify from npm, served on loopback),
# after the main suite; its vitest summary joins the closing line below, its table prints above it.
# SIGHTLINE_APPS_LANE_ADVISORY=1 reports its failures without failing the run (default: they fail it).
apps_status=0
pnpm --filter @sightline/apps-lane run test:apps 2>&1 | tee -a "$log" || apps_status=$?
if [ "$apps_status" -ne 0 ] && [ "${SIGHTLINE_APPS_LANE_ADVISORY:-0}" != "1" ]; then status=$apps_status; fi
# The packaging test (SPEC §13): pack, install with npm and pnpm into clean folders, use the installs.
echo "--- packaging test (scripts/test-packaging.mjs) ---"
node scripts/test-packaging.mjs 2>&1 | tee -a "$log" || status=$?
# CI shows only the end of the log, so repeat vitest's failure reports (failed suites and tests,
# unhandled errors) there, before the summary line.
if [ "$status" -ne 0 ]; then
  echo "--- failures (repeated from above) ---"
  sed 's/\x1b\[[0-9;]*m//g' "$log" | awk '
    / ERROR / && !show { print; next }
    /Failed Suites|Failed Tests|Unhandled Error/ { show = 1 }
    /Test Files +[0-9]/ { show = 0 }
    show && shown < 150 { print; shown++ }'
fi
# One closing line over every package's vitest summary ("Tests  12 passed | 1 failed (13)").
sed 's/\x1b\[[0-9;]*m//g' "$log" | awk '
  /Test Files +[0-9]+/ {
    for (i = 1; i <= NF; i++) if ($(i+1) ~ /^failed/) failedFiles += $i
    next
  }
  /^packaging: [0-9]+ passed, [0-9]+ failed/ {
    passed += $2; failed += $4
    next
  }
  /Tests +[0-9]+/ {
    for (i = 1; i <= NF; i++) {
      if ($(i+1) ~ /^passed/) passed += $i
      if ($(i+1) ~ /^failed/) failed += $i
      if ($(i+1) ~ /^skipped/) skipped += $i
    }
  }
  END {
    printf "Sightline: %d passed, %d failed, %d skipped", passed, failed, skipped
    if (failedFiles > 0) printf " (%d test files failed, e.g. in a hook)", failedFiles
    printf "\n"
  }'
exit "$status"
