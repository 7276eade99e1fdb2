# syntax=docker/dockerfile:1
# One build, two images: `docker build --target api .` and `docker build --target worker .` (the
# default target is the API). Stages:
#   build   installs every dependency, generates the Prisma client, compiles the rig's WebAssembly
#           kernels, builds the playground page and the services (scripts/build-services.ts),
#           then prunes to production
#           dependencies only (no Prisma CLI, TypeScript, esbuild, jest, ...)
#   runtime the pruned tree on a slim Node image, owned by root but run as the unprivileged `node`
#   worker  `node dist/main.js --queue <queue>`, ops listener on 9400
#   api     `node --no-memory-reducer dist/main.js`, port 3000
# The services run the JavaScript scripts/build-services.ts bundles from their TypeScript (the
# workspace's code only; third-party packages are required from node_modules as they are), as
# `npm start` and the test suite's processes do, so what the tests start is what ships; a start
# then costs no TypeScript loading (about 1.5 s of CPU less per worker). The one-off commands
# (migrations, the admin CLI) still run their TypeScript through tsx, a production dependency.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
ENV CI=true PNPM_HOME=/pnpm PATH=/pnpm:$PATH
RUN npm install -g pnpm@12.4.2
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile \
 && bash scripts/prisma-generate.sh \
 && bash scripts/build-rig-kernels.sh \
 && bash scripts/build-playground.sh \
 && node --import tsx scripts/build-services.ts --force \
 && pnpm install --frozen-lockfile --prod --offline

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
# Read-only for the service user: it can run the code but not change it.
COPY --from=build /app /app
RUN mkdir -p /app/var/storage && chown node:node /app/var/storage
USER node
ENV STORAGE_DIR=/app/var/storage

FROM runtime AS worker
WORKDIR /app/apps/worker
ENV WORKER_HTTP_PORT=9400
EXPOSE 9400
# Override the queue per deployment: `--queue rig.pro`, `--queue generate_model`.
# V8 flags for the rig's CPU (packages/rig/docs/speed.md, round 55; GLBs byte-identical):
# --max-semi-space-size=64 (MB; Node 20's default is 16): a rig allocates ~26 MB of typed arrays;
#   V8 starts a full GC per ~64 MB of array bytes not yet freed, and with a larger young
#   generation most are freed by a scavenge first, so full GCs come 4-6x less often: the rig
#   dev set's passes cost ~15-20% less CPU, for ~120 MB more resident memory.
# --no-lazy-feedback-allocation: functions collect type feedback from their first call, so V8
#   optimises the engine sooner: a fresh worker's first ~60 rigs cost ~6% less; later ones the same.
# scripts/start.sh's workers use the same flags (apps/worker/test/deploy-manifests.test.ts).
ENTRYPOINT ["node", "--max-semi-space-size=64", "--no-lazy-feedback-allocation", "dist/main.js"]
CMD ["--queue", "rig.fast", "--concurrency", "1"]

FROM runtime AS api
WORKDIR /app/apps/api
ENV PORT=3000
EXPOSE 3000
# --no-memory-reducer: no full GC and young-generation shrink ~8 s into an idle gap, which made the
# next burst's first few hundred ms queue (apps/api/src/node-flags.ts, why; scripts/start.sh and
# bench-api.ts use the same flags, apps/worker/test/deploy-manifests.test.ts holds them equal).
CMD ["node", "--no-memory-reducer", "dist/main.js"]
