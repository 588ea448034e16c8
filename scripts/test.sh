#!/usr/bin/env bash
# `npm test`: install what is missing (Chromium included), then every check, fastest first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-node-deps.sh
bash scripts/engine/ensure-engine.sh
bash scripts/oracle/ensure-oracle-cases.sh >/dev/null
bash scripts/ensure-chromium.sh

step() { printf '\n── %s\n' "$1"; }
step "Schéma";        npm run -s schema:check
step "Types";         npm run -s typecheck
step "Lint";          npm run -s lint
step "Audit"
# High or critical advisories fail the run. When the registry's advisory service cannot be reached
# (offline, or a mirror without it) the audit cannot run: said loudly, a failure only with
# AUDIT_REQUIRED=1.
if ! audit_log="$(npm audit --audit-level=high 2>&1)"; then
  printf '%s\n' "$audit_log"
  if [ "${AUDIT_REQUIRED:-0}" != 1 ] &&
    grep -qE "audit endpoint returned an error|ENOTFOUND|ECONNREFUSED|EAI_AGAIN|ETIMEDOUT" <<<"$audit_log"; then
    printf '⚠ npm audit : service des avis de sécurité injoignable, audit non effectué.\n'
  else
    exit 1
  fi
fi
step "Unitaires";     npx vitest run --project unit
step "Build";         npm run -s build
# Redis for the tests of the state shared by several instances (each run uses its own key prefix).
TEST_REDIS_URL="$(bash scripts/ensure-redis.sh)"
export TEST_REDIS_URL
step "Intégration (SQLite)"
# The two-instance test always runs on PostgreSQL (several processes over one database): below.
TEST_DATABASE_URL= npx vitest run --project integration \
  --exclude tests/integration/two-instances.test.ts
step "Intégration (PostgreSQL)"
pg_url="$(bash scripts/ensure-postgres.sh)"
# The whole suite again, but the files whose subject is the engine (its answers, batching, crashes,
# golden amounts, official cases, generated households): they store simulations exactly as
# api.test.ts does, and would add minutes.
TEST_DATABASE_URL="$pg_url" npx vitest run --project integration \
  --exclude tests/integration/engine.test.ts \
  --exclude tests/integration/compute.test.ts \
  --exclude tests/integration/robustness.test.ts \
  --exclude tests/integration/golden.test.ts \
  --exclude tests/integration/oracle.test.ts \
  --exclude tests/integration/properties.test.ts \
  --exclude tests/integration/faults/engine-kill.test.ts
step "Bout en bout";  npx vitest run --project e2e
step "Lighthouse";    npm run -s lighthouse
