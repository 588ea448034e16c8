#!/usr/bin/env bash
# Runs the built server (`npm run build` writes dist/server/main.js): what `npm start`, `npm run
# serve` and the write benchmark run. Extra arguments go to Node.
# --max-semi-space-size=4: V8's young generation grows up to 3 × 16 MB under a burst of requests;
# 4 MB keeps the server within 150 MB at full write load, for the same throughput
# (figures in `npm run bench`, issue 8).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f dist/server/main.js ]; then
  echo "dist/server/main.js is missing: run \`npm run build\` first." >&2
  exit 1
fi
# React's production build for the results page the server renders (src/server/results-page.ts):
# its development build checks every render and takes about twice as long.
export NODE_ENV="${NODE_ENV:-production}"
exec node --enable-source-maps --max-semi-space-size=4 "$@" dist/server/main.js
