#!/usr/bin/env bash
# Runs a command with Node 24 first on PATH: scripts/with-node24.sh vitest run
set -euo pipefail
export PATH="$(dirname "$0")/../node_modules/.bin:$("$(dirname "$0")/node24.sh"):$PATH"
exec "$@"
