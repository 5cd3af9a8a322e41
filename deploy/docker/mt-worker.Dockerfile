# syntax=docker/dockerfile:1
# The MT worker for CPU nodes: onnxruntime-node's CPU library ships inside its npm package, so
# its install script (which would download the CUDA add-on) is skipped. GPU nodes use
# mt-worker-gpu.Dockerfile instead. Build from the repository root:
#   docker build -f deploy/docker/mt-worker.Dockerfile -t mtp-mt-worker .
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
RUN groupadd --gid 10001 mtp && useradd --uid 10001 --gid 10001 --home-dir /home/mtp --shell /usr/sbin/nologin mtp
WORKDIR /app
COPY --from=build /app /app
# Models are pulled into MODELS_DIR at first start (a volume in Kubernetes).
ENV MODELS_DIR=/models DATA_DIR=/data HEALTH_PORT=8081 LOG_FORMAT=json MT_PROVIDER=cpu
USER 10001:10001
EXPOSE 8081
CMD ["node", "--max-semi-space-size=32", "--import", "tsx", "workers/mt/src/main.ts"]
