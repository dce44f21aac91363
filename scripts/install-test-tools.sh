#!/usr/bin/env bash
# Install the test-only tools that come from npm into a project-local cache (.cache/), once:
# the official MCP Inspector, whose CLI tests/server/test_inspector.py drives against `mcpforge serve`.
# Idempotent (does nothing when the pinned version is already there); without npm it says so and
# exits 0, and the Inspector test is then skipped with that reason.
set -euo pipefail
cd "$(dirname "$0")/.."

# Pinned: 0.22.0 sends `--tool-arg k='"3"'` as the string "3" (2.x converts strings client-side, so a
# server that refuses "3" would go unnoticed); it is the newest 0.x and runs on node 20.
INSPECTOR_VERSION="0.22.0"
PREFIX=".cache/inspector"
INSTALLED="$PREFIX/node_modules/@modelcontextprotocol/inspector/package.json"

if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  echo "install-test-tools: node/npm not found; the MCP Inspector test will be skipped (install nodejs and npm to run it)"
  exit 0
fi

if [ -f "$INSTALLED" ] && grep -q "\"version\": \"$INSPECTOR_VERSION\"" "$INSTALLED"; then
  echo "install-test-tools: MCP Inspector $INSPECTOR_VERSION already in $PREFIX"
  exit 0
fi

echo "install-test-tools: installing @modelcontextprotocol/inspector@$INSPECTOR_VERSION into $PREFIX"
mkdir -p "$PREFIX"
npm install --prefix "$PREFIX" --no-audit --no-fund --no-save --loglevel=error \
  "@modelcontextprotocol/inspector@$INSPECTOR_VERSION"
echo "install-test-tools: installed MCP Inspector $INSPECTOR_VERSION"
