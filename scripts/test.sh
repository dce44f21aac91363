#!/usr/bin/env bash
# Set up and run the whole test suite: system packages for the sandbox, the venv, lint, types, tests.
# Extra arguments go to pytest, e.g. scripts/test.sh tests/registry -x
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -x scripts/install-system-deps.sh ]; then
  scripts/install-system-deps.sh --test
fi
scripts/setup.sh
scripts/install-test-tools.sh
.venv/bin/ruff check src tests bench
.venv/bin/ruff format --check src tests bench
.venv/bin/mypy
exec .venv/bin/python -m pytest -n 2 "$@"
