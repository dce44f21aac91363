#!/usr/bin/env bash
# Create .venv (if missing) and install mcpforge with its test, model-engine and benchmark extras.
# With --local, also the `local` extra (xllamacpp, the embedded llama.cpp that `--engine local` runs;
# a prebuilt wheel of about 100 MB). Idempotent: a second run only checks that everything is installed.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
extras="dev,openai,anthropic,bench,team,s3"
stamp=.venv/.mcpforge-installed
for arg in "$@"; do
  case "$arg" in
    --local) extras="$extras,local"; stamp=.venv/.mcpforge-installed-local ;;
    *) echo "setup: unknown option $arg (known: --local)" >&2; exit 2 ;;
  esac
done
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[$extras]"
  touch "$stamp"
fi
# An editable install runs from src/ and has no bytecode until Python writes it, which it never does under
# PYTHONDONTWRITEBYTECODE (CI and many containers): every mcpforge process would compile ~340 modules again
# (about a second of CPU). Compile them as a wheel install would; only changed sources are recompiled.
.venv/bin/python -m compileall -q src/mcpforge > /dev/null
# The bilingual lexicon the request reader uses for headers in German, French or Spanish, built once from
# the FreeDict dictionaries scripts/install-system-deps.sh installs (about 20 s; nothing without them).
.venv/bin/python -m mcpforge.lexicon
