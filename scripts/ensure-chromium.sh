#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium; install it when it is missing (never a downloaded build).
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then
  exit 0
fi
echo "→ Installation de Chromium (paquet Debian)…"
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
command -v chromium >/dev/null
