#!/usr/bin/env bash
# Rewrites references to the documents outside the repository into references to docs/:
#   "spec §N" / "Spec §N"         → "docs/product.md §N"   (same section numbers)
#   "spec/product-spec.md"         → "docs/product.md"
#   'DESIGN "Section"', "DESIGN.md" → 'docs/architecture.md "Section"', "docs/architecture.md"
#   "DESIGN answer format"         → 'docs/architecture.md "The answer format"'
# Usage: scripts/rewrite-spec-refs.sh <file or directory>…  (directories: *.ts, *.tsx, *.md,
# *.yaml, *.sh, *.js files under them). Idempotent. Prints the files it changed.
set -euo pipefail
if [ "$#" -eq 0 ]; then
  echo "usage: $0 <file or directory>…" >&2
  exit 2
fi
self=$(realpath "$0")
find "$@" -type f \( -name '*.ts' -o -name '*.tsx' -o -name '*.md' -o -name '*.yaml' -o -name '*.sh' -o -name '*.js' \) \
  -not -path '*/node_modules/*' -not -path '*/src/generated/*' -print0 |
  while IFS= read -r -d '' file; do
    [ "$(realpath "$file")" = "$self" ] && continue
    grep -qE '[Ss]pec §|product-spec\.md|DESIGN' "$file" || continue
    sed -i -E \
      -e 's#(\.\./)*(shared/)?spec/product-spec\.md#docs/product.md#g' \
      -e 's#\b[Ss]pec §#docs/product.md §#g' \
      -e 's#(\.\./)*(shared/)?DESIGN\.md#docs/architecture.md#g' \
      -e 's#\bDESIGN answer format#docs/architecture.md "The answer format"#g' \
      -e 's#\bDESIGN\b#docs/architecture.md#g' \
      "$file"
    echo "$file"
  done
