#!/usr/bin/env bash
# `npm start`: install what is missing or stale, build, migrate, then run the engine and the site.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-node-deps.sh
bash scripts/engine/ensure-engine.sh
npm run -s build
npm run -s db:migrate
exec bash scripts/serve.sh
