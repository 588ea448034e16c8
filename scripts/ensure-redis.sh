#!/usr/bin/env bash
# Prints (on stdout) the URL of a Redis server the tests may use (each test run keeps to its own
# key prefix and deletes its keys).
#
# 1. TEST_REDIS_URL, when set, is used as is.
# 2. A server already answering PING on 127.0.0.1:$REDIS_PORT (default 6379) is used.
# 3. Otherwise Debian's `redis-server` (installed when missing) is started daemonized on a free
#    loopback port, without persistence (test data only), its files in $REDIS_TEST_DIR (default
#    /tmp/simulateur-redis-<uid>). It keeps running for the next test run; stop it with
#    `scripts/ensure-redis.sh --stop`.
set -euo pipefail

REDIS_PORT="${REDIS_PORT:-6379}"
REDIS_TEST_DIR="${REDIS_TEST_DIR:-${TMPDIR:-/tmp}/simulateur-redis-$(id -u)}"

log() { printf '%s\n' "$*" >&2; }

answers() { # port
  command -v redis-cli >/dev/null 2>&1 &&
    [ "$(redis-cli -h 127.0.0.1 -p "$1" ping 2>/dev/null)" = "PONG" ]
}

if [ "${1:-}" = "--stop" ]; then
  if [ -f "$REDIS_TEST_DIR/port" ] && answers "$(cat "$REDIS_TEST_DIR/port")"; then
    redis-cli -h 127.0.0.1 -p "$(cat "$REDIS_TEST_DIR/port")" shutdown nosave >&2 || true
  fi
  exit 0
fi

if [ -n "${TEST_REDIS_URL:-}" ]; then
  printf '%s\n' "$TEST_REDIS_URL"
  exit 0
fi

if answers "$REDIS_PORT"; then
  printf 'redis://127.0.0.1:%s\n' "$REDIS_PORT"
  exit 0
fi

if ! command -v redis-server >/dev/null 2>&1 || ! command -v redis-cli >/dev/null 2>&1; then
  log "→ Installation de Redis (paquet Debian)…"
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  $SUDO apt-get update -qq >&2
  # The package's own service is not needed (and cannot start without an init system here).
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server >&2
fi

mkdir -p "$REDIS_TEST_DIR"
if [ -f "$REDIS_TEST_DIR/port" ] && answers "$(cat "$REDIS_TEST_DIR/port")"; then
  printf 'redis://127.0.0.1:%s\n' "$(cat "$REDIS_TEST_DIR/port")"
  exit 0
fi

port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
log "→ Démarrage de Redis sur 127.0.0.1:$port…"
redis-server --bind 127.0.0.1 --port "$port" --daemonize yes --save '' --appendonly no \
  --dir "$REDIS_TEST_DIR" --pidfile "$REDIS_TEST_DIR/redis.pid" \
  --logfile "$REDIS_TEST_DIR/redis.log" >&2
for _ in $(seq 1 100); do
  answers "$port" && break
  sleep 0.1
done
answers "$port" || {
  log "Redis ne répond pas sur 127.0.0.1:$port (voir $REDIS_TEST_DIR/redis.log)"
  exit 1
}
printf '%s\n' "$port" >"$REDIS_TEST_DIR/port"
printf 'redis://127.0.0.1:%s\n' "$port"
