# syntax=docker/dockerfile:1
# The gateway: Fastify, the built web app and the two add-ins it serves. Build from the
# repository root (the context is filtered by .dockerignore):
#   docker build -f deploy/docker/gateway.Dockerfile -t mtp-gateway .
# It runs the TypeScript sources through tsx, as `npm start` does: one code path, no second build.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# The gateway runs no engine in cluster mode: onnxruntime-node's CUDA download is skipped.
ENV ONNXRUNTIME_NODE_INSTALL=skip
# Every workspace's package.json first: `npm ci` needs them all, and this layer stays cached
# until a dependency changes.
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
COPY tsconfig.base.json turbo.json ./
COPY proto proto
COPY services services
COPY workers workers
COPY gateway gateway
COPY client client
COPY web web
COPY browser-plugin browser-plugin
COPY office-addin office-addin
RUN npm run build -w @mtp/web \
  && npm run build -w @mtp/browser-plugin \
  && npm run build -w @mtp/office-addin

FROM ${NODE_IMAGE} AS runtime
RUN groupadd --gid 10001 mtp && useradd --uid 10001 --gid 10001 --home-dir /home/mtp --shell /usr/sbin/nologin mtp
WORKDIR /app
COPY --from=build /app /app
ENV PORT=3000 HOST=0.0.0.0 DATA_DIR=/data RUN_MT_WORKER=0 RUN_DOC_WORKER=0 LOG_FORMAT=json
USER 10001:10001
EXPOSE 3000
# exec form: SIGTERM reaches node itself, which drains before exiting.
CMD ["node", "--max-semi-space-size=32", "--import", "tsx", "gateway/src/main.ts"]
