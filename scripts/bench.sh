#!/usr/bin/env bash
# Benchmarks print figures; they never assert on time. Each package adds its own to bench/.
source "$(dirname "$0")/lib.sh"
ensure_deps
for bench in $(ls bench/*.bench.ts 2>/dev/null); do
  echo "== $bench"
  node --import tsx "$bench"
done
