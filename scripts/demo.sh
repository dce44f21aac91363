#!/usr/bin/env bash
# Set up and run the main job on the sample data with the offline rules engine:
# a plain-language request -> a validated, staged tool and its result -> your review.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -x scripts/install-system-deps.sh ]; then
  scripts/install-system-deps.sh
fi
scripts/setup.sh
exec .venv/bin/mcpforge ask "${1:-Analyze traffic accidents by severity and location}" \
  --data examples/traffic_accidents.csv --registry ./registry "${@:2}"
