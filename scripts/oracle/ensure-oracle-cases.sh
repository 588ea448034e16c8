#!/usr/bin/env bash
# Fetches OpenFisca-France's own test cases (the `tests/formulas/**.yaml` of its source
# distribution on PyPI), at the version pinned in scripts/engine/requirements.txt, into
# .cache/oracle/openfisca-france-<version>/ for tests/oracle. Never committed.
# Idempotent: the sdist is checked against its sha256, and extraction is skipped when done.
# Usage: bash scripts/oracle/ensure-oracle-cases.sh   (prints the directory of the cases)
set -euo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root_dir="$(cd "$script_dir/../.." && pwd)"
requirements="$root_dir/scripts/engine/requirements.txt"
venv="${ENGINE_VENV:-$root_dir/.venv}"
cache="${ORACLE_CACHE_DIR:-$root_dir/.cache/oracle}"

say() { echo "ensure-oracle-cases: $*" >&2; }
fail() {
  echo "ensure-oracle-cases: ERROR: $*" >&2
  exit 1
}

version="$(sed -n 's/^openfisca-france==\([0-9.]*\).*/\1/p' "$requirements")"
[[ -n "$version" ]] || fail "no openfisca-france==<version> line in $requirements"

# The sdist's sha256 on PyPI, per pinned version: a new pin must add its line here
# (https://pypi.org/project/openfisca-france/<version>/#files).
declare -A SHA256=(
  [176.0.7]=e84dbee73b580b275bdde94640b153aa5926a5544c93853b9c24aa3c47128478
)
wanted="${SHA256[$version]:-}"
[[ -n "$wanted" ]] || fail "no sha256 known for openfisca-france $version: add it to $0"

sdist="$cache/openfisca_france-$version.tar.gz"
target="$cache/openfisca-france-$version"
stamp="$target/.sha256"

if [[ -f "$stamp" && "$(cat "$stamp")" == "$wanted" && -d "$target/tests/formulas" ]]; then
  echo "$target/tests/formulas"
  exit 0
fi

mkdir -p "$cache"
exec 9>"$cache/.lock"
flock 9

sha_of() { sha256sum "$1" | cut -d' ' -f1; }
if [[ ! -f "$sdist" || "$(sha_of "$sdist")" != "$wanted" ]]; then
  rm -f "$sdist"
  [[ -x "$venv/bin/pip" ]] || fail "$venv/bin/pip missing: run scripts/engine/ensure-engine.sh first"
  say "downloading openfisca-france $version (source distribution)"
  "$venv/bin/pip" download --disable-pip-version-check --no-input --quiet --no-deps \
    --no-binary :all: "openfisca-france==$version" -d "$cache" >&2 ||
    fail "pip download failed"
fi
got="$(sha_of "$sdist")"
[[ "$got" == "$wanted" ]] || fail "sha256 of $sdist is $got, expected $wanted"

rm -rf "$target"
tmp="$(mktemp -d "$cache/extract.XXXXXX")"
tar -xzf "$sdist" -C "$tmp" "openfisca_france-$version/tests/formulas"
mv "$tmp/openfisca_france-$version" "$target"
rmdir "$tmp"
echo "$wanted" >"$stamp"
say "official cases of openfisca-france $version in $target/tests/formulas"
echo "$target/tests/formulas"
