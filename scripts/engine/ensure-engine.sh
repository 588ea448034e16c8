#!/usr/bin/env bash
# Installs the OpenFisca-France web API into <repo>/.venv (or $ENGINE_VENV) from requirements.txt.
# Idempotent: a stamp holding the sha256 of requirements.txt makes a second run a no-op.
# Usage: bash scripts/engine/ensure-engine.sh [--force]   (--force recreates the venv)
set -euo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root_dir="$(cd "$script_dir/../.." && pwd)"
requirements="$script_dir/requirements.txt"
venv="${ENGINE_VENV:-$root_dir/.venv}"
stamp="$venv/.engine-requirements.sha256"
force=0
[[ "${1:-}" == "--force" ]] && force=1

say() { echo "ensure-engine: $*"; }
fail() {
  echo "ensure-engine: ERROR: $*" >&2
  exit 1
}

wanted="$(sha256sum "$requirements" | cut -d' ' -f1)"

is_current() {
  [[ -x "$venv/bin/openfisca" && -f "$stamp" && "$(cat "$stamp")" == "$wanted" ]]
}

if [[ $force -eq 0 ]] && is_current; then
  say "engine up to date in $venv"
  exit 0
fi

# Serialise concurrent runs (a test run and a server start, for instance).
lock_file="${TMPDIR:-/tmp}/ensure-engine-$(echo -n "$venv" | sha256sum | cut -c1-16).lock"
exec 9>"$lock_file"
flock 9
if [[ $force -eq 0 ]] && is_current; then
  say "engine up to date in $venv"
  exit 0
fi

is_py311() {
  "$1" -c 'import sys, venv, ensurepip; sys.exit(0 if sys.version_info[:2] == (3, 11) else 1)' \
    >/dev/null 2>&1
}

find_python() {
  local candidate
  for candidate in python3.11 python3 /usr/bin/python3.11; do
    if command -v "$candidate" >/dev/null 2>&1 && is_py311 "$candidate"; then
      command -v "$candidate"
      return 0
    fi
  done
  return 1
}

if ! python="$(find_python)"; then
  say "no Python 3.11 with venv found: installing python3.11 and python3.11-venv with apt-get"
  command -v apt-get >/dev/null 2>&1 || fail "no Python 3.11 and no apt-get: install Python 3.11 yourself"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq python3.11 python3.11-venv >/dev/null
  python="$(find_python)" || fail "apt-get ran but Python 3.11 is still missing"
fi

# Recreate the venv when forced, broken, or built on another Python.
if [[ $force -eq 1 ]] || ! is_py311 "$venv/bin/python"; then
  rm -rf "$venv"
  "$python" -m venv "$venv"
fi

log="$venv/engine-install.log"
started=$SECONDS
rm -f "$stamp"
if ! "$venv/bin/python" -m pip install --disable-pip-version-check --no-input \
  -r "$requirements" >"$log" 2>&1; then
  tail -n 30 "$log" >&2
  fail "pip install failed (full log: $log)"
fi
"$venv/bin/openfisca" --help >/dev/null 2>&1 || fail "openfisca command missing after install"
echo "$wanted" >"$stamp"
say "engine installed in $venv in $((SECONDS - started)) s (log: $log)"
