#!/usr/bin/env bash
# npm start: Node 24, a build if there is none, then the server (embedded database
# unless DATABASE_URL is set).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$(scripts/node24.sh):$PATH"
if [ ! -f build/server/index.js ] || [ ! -d build/client ]; then
  echo "No build yet: building (about 10 s)…"
  npx react-router build >/dev/null
fi
# React picks its production build by NODE_ENV when first imported: set it before that.
export NODE_ENV="${NODE_ENV:-production}"
exec node server/main.ts
