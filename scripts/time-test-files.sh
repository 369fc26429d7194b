#!/usr/bin/env bash
# Times test files one by one (wall and CPU seconds, with the machine's load at the end):
#   scripts/time-test-files.sh unit tests/integration/process.test.ts …
#   scripts/time-test-files.sh e2e tests/e2e/sessions.test.ts …   (needs a build)
# Run it twice (or from a copy of the old tree, TREE=…) and compare medians: on a shared
# machine a single run says little.
set -uo pipefail
cd "${TREE:-$(dirname "$0")/..}"
export PATH="$(scripts/node24.sh):$PATH"
project=$1
shift
printf "file\twall_s\tcpu_s\tresult\tload\n"
for file in "$@"; do
  log=$(mktemp)
  start=$(date +%s.%N)
  /usr/bin/time -f "%U %S" -o "$log.cpu" npx vitest run --project "$project" "$file" >"$log" 2>&1
  status=$?
  end=$(date +%s.%N)
  cpu=$(awk '{print $1 + $2}' "$log.cpu")
  printf "%s\t%.1f\t%.1f\t%s\t%s\n" "$file" "$(echo "$end - $start" | bc)" "$cpu" \
    "$([ $status = 0 ] && echo passed || echo "failed (see $log)")" "$(cut -d' ' -f1 /proc/loadavg)"
  [ $status = 0 ] && rm -f "$log" "$log.cpu"
done
