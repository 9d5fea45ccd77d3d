#!/usr/bin/env bash
# Installs, through apt-get, the Debian packages the tests use as real clients, where any is missing.
# Elsewhere it prints what to install and fails, so no test is skipped silently.
set -euo pipefail
# stress-ng keeps both cores busy while CI runs the heavy unit tests (scripts/test.mjs): a test leaning on the clock fails there.
packages=(chromium chromium-headless-shell python3-vobject libreoffice-calc-nogui openssl vdirsyncer khard stress-ng)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if command -v apt-get >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "The tests need these Debian packages (or their equivalents): ${missing[*]}" >&2
  exit 1
fi
