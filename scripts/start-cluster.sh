#!/usr/bin/env bash
# Starts the platform as a cluster on this machine (README "Cluster mode on one machine"):
# CLUSTER_GATEWAYS gateway processes sharing PORT, CLUSTER_MT_WORKERS MT workers and
# CLUSTER_DOC_WORKERS document workers on a real NATS server and PostgreSQL (Debian's, installed
# here when missing; or NATS_URL and DATABASE_URL), sharing STORAGE_DIR (or S3_URL).
source "$(dirname "$0")/lib.sh"
ensure_deps
ensure_doc_tools
ensure_web_build
ensure_addins_build
if [ -z "${NATS_URL:-}" ]; then ensure_nats_server; fi
if [ -z "${DATABASE_URL:-}" ]; then ensure_cluster_pg; fi
# exec: SIGTERM and Ctrl-C reach the launcher itself, which stops everything in order.
exec node --max-semi-space-size=32 --import tsx gateway/src/cluster/main.ts
