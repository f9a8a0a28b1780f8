#!/usr/bin/env bash
# Prints the path of a Node 24 binary, installing it from npm (node-linux-<arch>, the official
# binary, no install scripts) into .tmp/node24 the first time. Node 20 reached end of life in
# April 2026 and deployments run the current LTS (docs/operations.md), so the server suite runs
# on it (ADR 0005) and the JSON-route bench measures it (ADR 0022).
# Sourced (test-all.sh) it defines node24_binary; run, it prints the path.
set -uo pipefail

node24_binary() {
  local root arch
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *)
      echo "no node-linux package for $(uname -m)" >&2
      return 1
      ;;
  esac
  local bin="$root/.tmp/node24/node_modules/node-linux-$arch/bin/node"
  if [[ ! -x $bin ]]; then
    npm install --prefix "$root/.tmp/node24" --no-save --no-audit --no-fund "node-linux-$arch@24" >&2 ||
      return 1
  fi
  echo "$bin"
}

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
  node24_binary
fi
