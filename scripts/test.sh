#!/usr/bin/env bash
# Every test: typecheck, lint, unit tests (the api-server's on SQLite and on PostgreSQL), production
# builds, Storybook, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/ensure-tools.sh
export TURBO_TELEMETRY_DISABLED=1
ensure_pnpm
ensure_chromium
ensure_postgres
trap stop_postgres EXIT
pnpm install --frozen-lockfile
pnpm turbo run typecheck lint test build storybook --output-logs=errors-only --concurrency=2
# The api-server suite once more on PostgreSQL (the scale-out database), every run.
# A failure here is counted in the summary; the browser tests still run.
postgres_run=0
(cd apps/api-server && CGM_TEST_REPORT=vitest-postgres pnpm exec vitest run --silent=passed-only) || postgres_run=$?
pnpm turbo run e2e --output-logs=full
node scripts/test-summary.mjs
[ "$postgres_run" -eq 0 ] || { echo "the api-server suite on PostgreSQL failed (exit $postgres_run)"; exit 1; }
