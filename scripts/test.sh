#!/usr/bin/env bash
# `npm test`: install what is missing (Chromium included), then every check, fastest first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-node-deps.sh
bash scripts/engine/ensure-engine.sh
bash scripts/oracle/ensure-oracle-cases.sh >/dev/null
bash scripts/ensure-chromium.sh

# Each step prints the time since the start of the checks, to see where the 20 minutes go.
started=$SECONDS
step() { printf '\n── %s (%d s)\n' "$1" "$((SECONDS - started))"; }
step "Schéma";        npm run -s schema:check
step "Types et lint"
# Both use one core: side by side on CI's two (half a minute less); each log is printed whole.
logs="$(mktemp -d)"
npm run -s typecheck >"$logs/types" 2>&1 &
typecheck=$!
lint_rc=0
npm run -s lint >"$logs/lint" 2>&1 || lint_rc=$?
types_rc=0
wait "$typecheck" || types_rc=$?
cat "$logs/types" "$logs/lint"
rm -rf "$logs"
if [ "$types_rc" != 0 ] || [ "$lint_rc" != 0 ]; then
  printf '✗ Types (code %s) ou lint (code %s) en échec.\n' "$types_rc" "$lint_rc"
  exit 1
fi
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
# Two files at a time, then the files that time the server alone (vitest.config.ts).
TEST_DATABASE_URL= npx vitest run --project integration --project integration-timed \
  --exclude tests/integration/two-instances.test.ts
step "Intégration (PostgreSQL)"
pg_url="$(bash scripts/ensure-postgres.sh)"
# The files whose subject is storage, or the HTTP API over it, again on PostgreSQL: what a
# database changes (types, NUL bytes, transactions, concurrent writers, a database that goes
# away). The files whose subject is the engine, the rules or the server under load store
# simulations exactly as api.test.ts does, and would add minutes (the suite must stay under
# 20 minutes on a 2-core machine); the two-instance test runs here only.
# Each file has its own database: two at a time here too (103 s → 66 s on 2026-11-30), then the
# timed ones alone (vitest.config.ts).
TEST_DATABASE_URL="$pg_url" npx vitest run --project integration --project integration-timed \
  tests/integration/api.test.ts \
  tests/integration/door.test.ts \
  tests/integration/fuzz.test.ts \
  tests/integration/recap.test.ts \
  tests/integration/representations.test.ts \
  tests/integration/results.test.ts \
  tests/integration/retention.test.ts \
  tests/integration/security.test.ts \
  tests/integration/stats.test.ts \
  tests/integration/built-server.test.ts \
  tests/integration/faults/database-down.test.ts \
  tests/integration/pg-dropped-connection.test.ts \
  tests/integration/faults/server-kill.test.ts \
  tests/integration/two-instances.test.ts
step "Bout en bout";  npx vitest run --project e2e
# One run per page here, to keep the suite under 20 minutes on CI's two cores (three runs take
# about four minutes); `npm run lighthouse` alone takes the median of three. The LCP, shift and
# accessibility of each run are errors at the targets of issue 18, its performance at a floor,
# the CPU slowdown calibrated to the host (lighthouserc.cjs, docs/adr/0010).
step "Lighthouse";    LIGHTHOUSE_RUNS=1 npm run -s lighthouse
step "Fin"
