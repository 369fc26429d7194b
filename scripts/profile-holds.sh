#!/usr/bin/env bash
# CPU profile of the callable path: runs `npm run bench:holds` with its servers under
# node --cpu-prof, then prints where the batched server's CPU went, by package and by
# function, leaving out its first seconds (start-up, warm-up).
#   scripts/profile-holds.sh [OUT_DIR]   (BENCH_DATABASE_URL etc. as for bench:holds)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-$(mktemp -d /tmp/profile-holds.XXXXXX)}"
mkdir -p "$out"
npm run --silent bench:holds -- --profile "$out"
profile="$(ls -tr "$out"/*.cpuprofile | head -1)"
bash scripts/with-node24.sh node scripts/profile-summary.ts "$profile" --functions --top 30 --after "${PROFILE_SKIP_SECONDS:-7}"
echo "profile: $profile"
