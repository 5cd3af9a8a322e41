# Shared steps of the start and test scripts: everything a run needs is installed here, by the
# project itself, never by hand.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# onnxruntime-node's install script downloads a CUDA add-on, which offline machines cannot.
export ONNXRUNTIME_NODE_INSTALL=skip

# The dependency tree's floor: vite 7, TanStack Router and pdf.js declare Node 20.19 or newer;
# tests/boundaries/node-engines.test.ts keeps package.json, the README, this and the lock in step.
NODE_MIN_MAJOR=20
NODE_MIN_MINOR=19

require_node() {
  if ! command -v node >/dev/null 2>&1; then
    echo "Node.js $NODE_MIN_MAJOR.$NODE_MIN_MINOR or newer is required (https://nodejs.org)." >&2
    exit 1
  fi
  if ! node -e "const [a, b] = process.versions.node.split('.').map(Number);
    process.exit(a > $NODE_MIN_MAJOR || (a === $NODE_MIN_MAJOR && b >= $NODE_MIN_MINOR) ? 0 : 1)"; then
    echo "Node.js $NODE_MIN_MAJOR.$NODE_MIN_MINOR or newer is required; this is $(node -v)." >&2
    exit 1
  fi
}

# Installs exactly the locked dependencies when node_modules is missing or older than the lock.
# `npm ci`, never `npm install`: install rewrites package-lock.json whenever the running npm
# writes the lock another way (npm 10, Node 20's own, drops the `libc` fields npm 11 wrote) or
# it finds the lock out of step with a package.json, so a fresh clone came out of `npm start`
# with a changed tracked file. ci only reads the lock (it holds every platform's optional
# packages) and stops if it does not match package.json: `npm install` after editing one.
ensure_deps() {
  require_node
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "Installing dependencies (npm ci)..."
    npm ci --no-audit --no-fund
  fi
}

# Builds the web app when its output is missing or older than any of its sources.
ensure_web_build() {
  if [ ! -f web/dist/index.html ] || [ -n "$(find web/src web/index.html web/vite.config.ts proto/src -newer web/dist/index.html -print -quit 2>/dev/null)" ]; then
    echo "Building the web app..."
    npm run build -w @mtp/web
  fi
}

# Builds the browser plug-in (unpacked and its zip) and the Office add-in's task pane when their
# output is missing or older than their sources; the gateway serves both and the web app offers them.
ensure_addins_build() {
  local pkg
  for pkg in browser-plugin office-addin; do
    if [ ! -f "$pkg/dist/.built" ] || [ -n "$(find "$pkg/src" "$pkg/public" "$pkg"/*.ts "$pkg"/*.html "$pkg"/*.xml "$pkg/package.json" client/src -newer "$pkg/dist/.built" -print -quit 2>/dev/null)" ]; then
      echo "Building $pkg..."
      npm run build -w "@mtp/$pkg" && touch "$pkg/dist/.built"
    fi
  done
}

# Debian's Chromium drives the browser tests (npm packages that download a browser fail offline).
ensure_chromium() {
  if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then return; fi
  if command -v chromium >/dev/null 2>&1; then return; fi
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Chromium for the browser tests (apt-get)..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "The browser tests need Chromium: run 'sudo apt-get install chromium' or set CHROMIUM_PATH." >&2
    exit 1
  fi
}

# Document translation runs LibreOffice (legacy doc/ppt/xls, XLS term imports), tesseract (scanned
# pages, pictures), qpdf and poppler (PDF checks in tests) and needs CJK fonts for PDF output.
DOC_TOOL_PACKAGES="libreoffice-writer libreoffice-calc libreoffice-impress tesseract-ocr tesseract-ocr-eng \
  tesseract-ocr-chi-sim tesseract-ocr-jpn tesseract-ocr-kor tesseract-ocr-rus tesseract-ocr-chi-sim-vert \
  tesseract-ocr-jpn-vert tesseract-ocr-kor-vert qpdf poppler-utils fonts-noto-cjk"
ensure_doc_tools() {
  if command -v soffice >/dev/null 2>&1 && command -v tesseract >/dev/null 2>&1 && command -v qpdf >/dev/null 2>&1 \
    && command -v pdftoppm >/dev/null 2>&1 && [ -e /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc ] \
    && [ -e /usr/share/tesseract-ocr/5/tessdata/chi_sim.traineddata ] \
    && [ -e /usr/share/tesseract-ocr/5/tessdata/jpn_vert.traineddata ]; then return; fi
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing LibreOffice, tesseract, qpdf, poppler and Noto CJK fonts for document translation (apt-get)..."
    apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $DOC_TOOL_PACKAGES >/dev/null
  else
    echo "Document translation needs: sudo apt-get install $DOC_TOOL_PACKAGES" >&2
    exit 1
  fi
}

# The XLIFF 1.2 export is validated against OASIS's strict schema in a test. Debian ships it (with
# W3C's xml.xsd) in php-symfony-translation; only the two files are unpacked, into an ignored
# cache (XLIFF_SCHEMA_DIR, default .cache/xliff-schema), nothing installed. `apt-get download`
# needs no root; an empty package list is refreshed first only when we are root.
XLIFF_SCHEMA_DIR="${XLIFF_SCHEMA_DIR:-$ROOT/.cache/xliff-schema}"
ensure_xliff_schema() {
  if [ -f "$XLIFF_SCHEMA_DIR/xliff-core-1.2-strict.xsd" ] && [ -f "$XLIFF_SCHEMA_DIR/xml.xsd" ]; then return; fi
  local work
  work="$(mktemp -d)"
  if ! (cd "$work" && apt-get download php-symfony-translation >/dev/null 2>&1); then
    if [ "$(id -u)" -eq 0 ]; then
      apt-get update -qq
      (cd "$work" && apt-get download php-symfony-translation >/dev/null)
    else
      echo "The XLIFF schema test needs php-symfony-translation's schemas: run 'sudo apt-get update' and try again." >&2
      rm -rf "$work"
      exit 1
    fi
  fi
  dpkg-deb -x "$work"/php-symfony-translation_*.deb "$work/unpacked"
  mkdir -p "$XLIFF_SCHEMA_DIR"
  cp "$work/unpacked/usr/share/php/Symfony/Component/Translation/Resources/schemas/xliff-core-1.2-strict.xsd" \
    "$work/unpacked/usr/share/php/Symfony/Component/Translation/Resources/schemas/xml.xsd" "$XLIFF_SCHEMA_DIR/"
  rm -rf "$work"
}

# The API documentation's examples are run as written by a test: curl, and Python with requests.
ensure_example_tools() {
  if command -v curl >/dev/null 2>&1 && python3 -c 'import requests' >/dev/null 2>&1; then return; fi
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing curl and python3-requests for the API documentation's examples (apt-get)..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends curl python3 python3-requests >/dev/null
  else
    echo "The API documentation's examples need: sudo apt-get install curl python3-requests" >&2
    exit 1
  fi
}

# The deployment tests render deploy/overlays/* with `kubectl kustomize` (offline). Debian's
# kubernetes-client is the fallback where the machine has no kubectl of its own.
ensure_kubectl() {
  if command -v kubectl >/dev/null 2>&1; then return; fi
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing kubectl for the deployment tests (apt-get kubernetes-client)..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends kubernetes-client >/dev/null
  else
    echo "The deployment tests need kubectl: run 'sudo apt-get install kubernetes-client' or install kubectl." >&2
    exit 1
  fi
}

# Debian's torch and onnx build the models the MT benchmarks and test-model scripts need (no
# PyPI here). Without libopenblas0-pthread torch falls back to a reference BLAS ~20x slower.
ensure_model_build_tools() {
  if /usr/bin/python3 -c 'import torch, onnx, sentencepiece' >/dev/null 2>&1; then return; fi
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's python3-torch and python3-onnx to build benchmark models (apt-get)..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      python3-torch python3-onnx python3-sentencepiece python3-numpy libopenblas0-pthread >/dev/null
  else
    echo "Building benchmark models needs Debian's python3-torch python3-onnx python3-sentencepiece (apt-get install)." >&2
  fi
}

# Cluster mode on one machine (scripts/start-cluster.sh) runs Debian's nats-server with JetStream
# unless NATS_URL names one.
ensure_nats_server() {
  if [ -x /usr/sbin/nats-server ] || command -v nats-server >/dev/null 2>&1; then return; fi
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing nats-server for cluster mode (apt-get)..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nats-server >/dev/null
  else
    echo "Cluster mode needs a NATS server: run 'sudo apt-get install nats-server' or set NATS_URL." >&2
    exit 1
  fi
}

# ... and Debian's PostgreSQL (initialised under DATA_DIR/cluster-pg by the launcher) unless
# DATABASE_URL names one.
ensure_cluster_pg() {
  if compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || command -v initdb >/dev/null 2>&1; then return; fi
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing PostgreSQL for cluster mode (apt-get)..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql postgresql-contrib >/dev/null
  else
    echo "Cluster mode needs PostgreSQL: run 'sudo apt-get install postgresql' or set DATABASE_URL." >&2
    exit 1
  fi
}
