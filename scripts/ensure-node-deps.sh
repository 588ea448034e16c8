#!/usr/bin/env bash
# Installs the npm dependencies when node_modules is missing or older than the lockfile.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.deps-stamp
wanted=$(cat package.json package-lock.json | sha256sum | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$wanted" ]; then
  exit 0
fi
echo "→ Installation des dépendances npm…"
# `npm install` rather than `npm ci`: the registry mirror omits other platforms' optional packages
# from the lockfile, which `npm ci` rejects; with an unchanged lockfile both install the same tree.
# `--no-save`: npm install would otherwise write back the lockfile it read (adding those optional
# packages, or reformatting it), leaving a fresh clone with a modified package-lock.json.
npm install --no-save --no-audit --no-fund --loglevel=error
# The SQLite binary just compiled, kept where the next fresh clone's install finds it (a minute
# less per install; scripts/deps/cache-sqlite-build.cjs). Only a time saving: never a failure.
if [ -d node_modules/better-sqlite3 ]; then
  node scripts/deps/cache-sqlite-build.cjs || echo "⚠ better-sqlite3 : binaire non mis en cache."
fi
cat package.json package-lock.json | sha256sum | cut -d' ' -f1 > "$stamp"
