# syntax=docker/dockerfile:1
# The document worker: LibreOffice (legacy formats), tesseract with its horizontal and vertical
# CJK models (scanned pages, pictures), poppler and qpdf, and Noto CJK for translated PDFs. The
# package list is scripts/lib.sh's DOC_TOOL_PACKAGES (tests/deploy keeps the two in step).
#   docker build -f deploy/docker/doc-worker.Dockerfile -t mtp-doc-worker .
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV ONNXRUNTIME_NODE_INSTALL=skip
COPY package.json package-lock.json .npmrc ./
COPY proto/package.json proto/
COPY gateway/package.json gateway/
COPY services/accounts/package.json services/accounts/
COPY services/billing/package.json services/billing/
COPY services/language/package.json services/language/
COPY services/ops/package.json services/ops/
COPY services/platform/package.json services/platform/
COPY services/segmenter/package.json services/segmenter/
COPY services/tasks/package.json services/tasks/
COPY workers/doc/package.json workers/doc/
COPY workers/mt/package.json workers/mt/
COPY web/package.json web/
COPY client/package.json client/
COPY browser-plugin/package.json browser-plugin/
COPY office-addin/package.json office-addin/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY tsconfig.base.json ./
COPY proto proto
COPY services services
COPY workers workers

FROM ${NODE_IMAGE} AS runtime
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    libreoffice-writer libreoffice-calc libreoffice-impress \
    tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim tesseract-ocr-jpn tesseract-ocr-kor tesseract-ocr-rus \
    tesseract-ocr-chi-sim-vert tesseract-ocr-jpn-vert tesseract-ocr-kor-vert \
    qpdf poppler-utils fonts-noto-cjk ca-certificates \
  && rm -rf /var/lib/apt/lists/* \
  && groupadd --gid 10001 mtp && useradd --uid 10001 --gid 10001 --home-dir /home/mtp --shell /usr/sbin/nologin mtp
WORKDIR /app
COPY --from=build /app /app
# LibreOffice writes its profile under HOME and tesseract under /tmp: both are volumes in Kubernetes.
ENV HOME=/home/mtp DATA_DIR=/data HEALTH_PORT=8081 LOG_FORMAT=json
USER 10001:10001
EXPOSE 8081
CMD ["node", "--max-semi-space-size=32", "--import", "tsx", "workers/doc/src/main.ts"]
