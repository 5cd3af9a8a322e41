# syntax=docker/dockerfile:1
# The MT worker for GPU nodes: CUDA 12 and cuDNN 9 from NVIDIA's runtime image (what
# onnxruntime-node 1.30's CUDA provider links against), Node 20 copied from the official image,
# and onnxruntime-node's CUDA add-on (libonnxruntime_providers_cuda.so) installed by its own
# install script with ONNXRUNTIME_NODE_INSTALL=cuda12 (node_modules/onnxruntime-node/script/
# install-utils.js reads it). That script downloads from nuget.org: build with network access.
#   docker build -f deploy/docker/mt-worker-gpu.Dockerfile -t mtp-mt-worker-gpu .
ARG NODE_IMAGE=node:20-bookworm-slim
ARG CUDA_IMAGE=nvidia/cuda:12.6.3-cudnn-runtime-ubuntu22.04

FROM ${NODE_IMAGE} AS node

FROM ${CUDA_IMAGE} AS cuda-node
# The official Node binaries run on any glibc >= 2.28 (Ubuntu 22.04 has 2.35).
COPY --from=node /usr/local/bin/node /usr/local/bin/node
COPY --from=node /usr/local/lib/node_modules /usr/local/lib/node_modules
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
  && apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ca-certificates \
  && rm -rf /var/lib/apt/lists/* \
  && groupadd --gid 10001 mtp && useradd --uid 10001 --gid 10001 --home-dir /home/mtp --shell /usr/sbin/nologin mtp

FROM cuda-node AS deps
WORKDIR /app
ENV ONNXRUNTIME_NODE_INSTALL=cuda12
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
# The root package.json does not allow onnxruntime-node's install script (offline machines), so
# it is run here explicitly; the check fails the build if the CUDA provider did not arrive.
RUN npm ci --no-audit --no-fund \
  && node node_modules/onnxruntime-node/script/install.js \
  && test -f node_modules/onnxruntime-node/bin/napi-v6/linux/x64/libonnxruntime_providers_cuda.so

FROM deps AS build
COPY tsconfig.base.json ./
COPY proto proto
COPY services services
COPY workers workers

FROM cuda-node AS runtime
WORKDIR /app
COPY --from=build /app /app
# MT_PROVIDER=cuda: fail at start instead of running silently on the CPU.
ENV MODELS_DIR=/models DATA_DIR=/data HEALTH_PORT=8081 LOG_FORMAT=json MT_PROVIDER=cuda \
  NVIDIA_VISIBLE_DEVICES=all NVIDIA_DRIVER_CAPABILITIES=compute,utility
USER 10001:10001
EXPOSE 8081
CMD ["node", "--max-semi-space-size=32", "--import", "tsx", "workers/mt/src/main.ts"]
