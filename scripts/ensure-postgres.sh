#!/usr/bin/env bash
# Prints (on stdout) the URL of a PostgreSQL server the integration tests may create databases on.
#
# 1. TEST_DATABASE_URL, when set, is used as is.
# 2. A server already answering on 127.0.0.1:$PG_PORT (default 5432) as user postgres, database
#    postgres (trust or .pgpass) is used.
# 3. Otherwise a throwaway cluster is started: Debian's `postgresql` package is installed when its
#    binaries are missing, then `initdb` (trust auth, loopback only, no fsync: test data only) in
#    $PG_TEST_DIR (default /tmp/simulateur-postgres-<uid>) on a free port, started by `pg_ctl`.
#    It keeps running for the next test run; stop it with `scripts/ensure-postgres.sh --stop`.
set -euo pipefail

PG_PORT="${PG_PORT:-5432}"
PG_TEST_DIR="${PG_TEST_DIR:-${TMPDIR:-/tmp}/simulateur-postgres-$(id -u)}"
CLUSTER="$PG_TEST_DIR/cluster"

log() { printf '%s\n' "$*" >&2; }

# initdb and postgres refuse to run as root: as root, the cluster belongs to the `postgres` user.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

server_bin() {
  local dir
  dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  [ -n "$dir" ] && [ -x "$dir/initdb" ] && printf '%s\n' "$dir"
}

accepts() { # url
  command -v psql >/dev/null 2>&1 && psql "$1" -XAtqc 'select 1' >/dev/null 2>&1
}

if [ "${1:-}" = "--stop" ]; then
  bin="$(server_bin)" || exit 0
  if [ -f "$CLUSTER/postmaster.pid" ]; then as_owner "$bin/pg_ctl" -D "$CLUSTER" -m fast stop >&2; fi
  exit 0
fi

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  printf '%s\n' "$TEST_DATABASE_URL"
  exit 0
fi

shared_url="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
if command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h 127.0.0.1 -p "$PG_PORT" \
  && accepts "$shared_url"; then
  printf '%s\n' "$shared_url"
  exit 0
fi

if ! bin="$(server_bin)"; then
  log "→ Installation de PostgreSQL (paquet Debian)…"
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  $SUDO apt-get update -qq >&2
  # The package's own cluster is not needed (and cannot start without an init system here).
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >&2
  bin="$(server_bin)"
fi

# The port file is written last: without it, an earlier initdb did not finish and is redone.
if [ ! -f "$PG_TEST_DIR/port" ]; then
  log "→ Création d’un cluster PostgreSQL de test dans $CLUSTER…"
  rm -rf "$CLUSTER"
  mkdir -p "$CLUSTER"
  if [ "$(id -u)" -eq 0 ]; then chown -R postgres: "$PG_TEST_DIR"; fi
  as_owner "$bin/initdb" -D "$CLUSTER" -U postgres --auth=trust --encoding=UTF8 \
    --locale=C.UTF-8 >/dev/null
  port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
  printf '%s\n' "$port" >"$PG_TEST_DIR/port"
fi
port="$(cat "$PG_TEST_DIR/port")"
url="postgres://postgres@127.0.0.1:$port/postgres"

if ! accepts "$url"; then
  log "→ Démarrage de PostgreSQL sur 127.0.0.1:$port…"
  # A cluster left by a killed run keeps a stale pid file; pg_ctl start handles it.
  as_owner "$bin/pg_ctl" -D "$CLUSTER" -l "$PG_TEST_DIR/postgres.log" -w -t 60 start \
    -o "-p $port -c listen_addresses=127.0.0.1 -k $PG_TEST_DIR -c fsync=off \
-c synchronous_commit=off -c full_page_writes=off -c max_connections=200" >&2
fi
accepts "$url" || {
  log "PostgreSQL ne répond pas sur $url (voir $PG_TEST_DIR/postgres.log)"
  exit 1
}
printf '%s\n' "$url"
