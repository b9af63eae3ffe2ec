#!/usr/bin/env bash
# Every test: typecheck, lint, unit tests, production builds, Storybook, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/ensure-tools.sh
export TURBO_TELEMETRY_DISABLED=1
ensure_pnpm
ensure_chromium
pnpm install --frozen-lockfile
pnpm turbo run typecheck lint test build storybook --output-logs=errors-only --concurrency=2
pnpm turbo run e2e --output-logs=full
node scripts/test-summary.mjs
