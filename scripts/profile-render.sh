#!/usr/bin/env bash
# CPU profile of server rendering: runs `npm run bench:events` with the uncached server
# under node --cpu-prof (BENCH_PROFILE), then prints where its CPU went, by package and
# by function, leaving out its first seconds (start-up, seeding, warm-up).
#   scripts/profile-render.sh [OUT_DIR]   (BENCH_* settings as for bench:events)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-$(mktemp -d /tmp/profile-render.XXXXXX)}"
mkdir -p "$out"
BENCH_PROFILE="$out" npm run --silent bench:events
profile="$(ls -t "$out"/*.cpuprofile | head -1)"
bash scripts/with-node24.sh node scripts/profile-summary.ts "$profile" --functions --top 30 --after "${PROFILE_SKIP_SECONDS:-3}"
echo "profile: $profile (open it in Chrome DevTools › Performance, or speedscope)"
