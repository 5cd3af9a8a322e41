#!/usr/bin/env bash
# Starts one worker process on the cluster bus: `npm run worker -- mt` (translation engines) or
# `npm run worker -- doc` (documents). Settings come from the environment (README "Settings");
# NATS_URL is required, and a document worker needs the gateway's storage (S3_URL or a shared
# STORAGE_DIR).
source "$(dirname "$0")/lib.sh"
kind="${1:-}"
case "$kind" in
  mt) ensure_deps ;;
  doc)
    ensure_deps
    ensure_doc_tools
    ;;
  *)
    echo "usage: npm run worker -- mt|doc" >&2
    exit 2
    ;;
esac
# The flags the platform runs with (scripts/start.sh); exec so signals reach the worker itself.
exec node --max-semi-space-size=32 --import tsx "workers/$kind/src/main.ts"
