#!/usr/bin/env bash
# One command from a fresh clone: install, build, seed the demo database, serve everything.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/ensure-tools.sh
export TURBO_TELEMETRY_DISABLED=1
ensure_pnpm
pnpm install --frozen-lockfile
pnpm turbo run build --output-logs=errors-only
exec node scripts/start.mjs
