#!/usr/bin/env bash
# Set up and run the whole test suite: system packages for the sandbox, the venv, lint, types, tests.
# Extra arguments go to pytest, e.g. scripts/test.sh tests/registry -x
# --quick (first argument): lint, types and the QUICK subset below, no Inspector install; a few minutes
# instead of half an hour on a loaded 2-core machine. The full command is still what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."
# The fast parts: reading of requests, schema and presentation, runtime loader, catalogue, registry,
# metrics, engines and bridge. Left out: the sandbox, serving, convert, agent environments, the CLI
# processes, the browser test and the outsider suite (the slowest suites).
QUICK=(
  tests/test_*.py tests/runtime tests/catalogue tests/metrics tests/engines tests/bridge tests/registry
  tests/pipeline/test_intent*.py tests/pipeline/test_reading.py tests/pipeline/test_schema.py
  tests/pipeline/test_present.py
)
quick=false
if [ "${1:-}" = "--quick" ]; then
  quick=true
  shift
fi
if [ -x scripts/install-system-deps.sh ]; then
  scripts/install-system-deps.sh --test
fi
scripts/setup.sh
"$quick" || scripts/install-test-tools.sh
.venv/bin/ruff check src tests bench
.venv/bin/ruff format --check src tests bench
.venv/bin/mypy
if "$quick"; then
  exec .venv/bin/python -m pytest -n 2 -m "not live and not slow" "${QUICK[@]}" "$@"
fi
exec .venv/bin/python -m pytest -n 2 "$@"
