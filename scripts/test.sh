#!/usr/bin/env bash
# Runs the whole test suite: type checks, lint, and every vitest suite (unit, gateway against a
# real PostgreSQL, SMTP, and the browser tests in Debian's Chromium).
source "$(dirname "$0")/lib.sh"
ensure_deps
ensure_chromium
ensure_doc_tools
ensure_xliff_schema
ensure_example_tools
ensure_kubectl
ensure_web_build
ensure_addins_build
echo "Type checking..."
npx turbo run typecheck --output-logs=errors-only
echo "Linting..."
npm run lint --silent
mkdir -p .tmp
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest-report.json "$@" || status=$?
# The plain closing line CI reads: "N passed, N failed".
node -e '
  const r = JSON.parse(require("fs").readFileSync(".tmp/vitest-report.json", "utf8"));
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
' || true
exit "$status"
