#!/usr/bin/env bash
# Runs the whole test suite: type checks, lint, and every vitest suite (unit, gateway against a
# real PostgreSQL, SMTP, and the browser tests in Debian's Chromium).
source "$(dirname "$0")/lib.sh"
ensure_deps
ensure_chromium
ensure_web_build
echo "Type checking..."
npx turbo run typecheck --output-logs=errors-only
echo "Linting..."
npx eslint .
npx vitest run "$@"
