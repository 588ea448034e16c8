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
npm ci --no-audit --no-fund --loglevel=error
echo "$wanted" > "$stamp"
