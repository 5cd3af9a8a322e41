#!/usr/bin/env bash
# Benchmarks print figures; they never assert on time. Each capability adds its own to bench/.
source "$(dirname "$0")/lib.sh"
ensure_deps
ensure_model_build_tools
for bench in bench/*.bench.ts; do
  echo "== $bench"
  # The flags the platform runs with (scripts/start.sh).
  node --max-semi-space-size=32 --import tsx "$bench"
done
