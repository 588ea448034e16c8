#!/usr/bin/env bash
# `npm test`: install what is missing (Chromium included), then every check, fastest first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-node-deps.sh
bash scripts/engine/ensure-engine.sh
bash scripts/ensure-chromium.sh

step() { printf '\n── %s\n' "$1"; }
step "Schéma";        npm run -s schema:check
step "Types";         npm run -s typecheck
step "Lint";          npm run -s lint
step "Unitaires";     npx vitest run --project unit
step "Build";         npm run -s build
step "Intégration (SQLite)"; TEST_DATABASE_URL= npx vitest run --project integration
step "Intégration (PostgreSQL)"
pg_url="$(bash scripts/ensure-postgres.sh)"
TEST_DATABASE_URL="$pg_url" npx vitest run --project integration
step "Bout en bout";  npx vitest run --project e2e
