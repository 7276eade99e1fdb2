#!/usr/bin/env bash
# `pnpm start`: everything a newcomer needs, in one command. Installs, finds or starts Postgres and
# Redis, applies migrations, starts the API, one worker per queue and the webhook worker, makes sure a demo account
# with an API key exists and prints it, and stores the starter asset catalog. A service that dies is
# restarted (scripts/supervise.ts); Ctrl-C stops it all.
# Safe to run again.
source "$(dirname "$0")/lib/prepare.sh"
export PORT="${PORT:-3000}"
export PUBLIC_BASE_URL="${PUBLIC_BASE_URL:-http://localhost:$PORT}"
export STORAGE_DIR="${STORAGE_DIR:-$ROOT/var/storage}"
TSX="$ROOT/node_modules/.bin/tsx"
# The operator token of /metrics and Bull Board (/admin/queues): ADMIN_TOKEN when set, else one
# generated on the first run and kept in var/admin-token (git-ignored) so it survives restarts.
if [ -z "${ADMIN_TOKEN:-}" ]; then
  [ -s var/admin-token ] || (umask 077 && node -e 'process.stdout.write(require("crypto").randomBytes(24).toString("base64url"))' > var/admin-token)
  ADMIN_TOKEN="$(cat var/admin-token)"
fi
export ADMIN_TOKEN
# Each worker's ops listener (/metrics, /healthz, /readyz) needs a port of its own on this host.
WORKER_HTTP_PORT_BASE="${WORKER_HTTP_PORT_BASE:-9401}"
# The API and the workers run the JavaScript scripts/build-services.ts builds from their TypeScript
# (rebuilt only after a change), as the images and the test suite's processes do: what the tests
# start is what runs here, and a start loads no TypeScript. The supervisor and the one-off scripts
# run their TypeScript through tsx. One process per service (not tsx's wrapper process), so signals
# reach our shutdown handlers.
RUN=(node --import tsx)

# The web playground the API serves at /playground (rebuilt only after a change).
bash scripts/build-playground.sh

"$TSX" scripts/build-services.ts

say "applying migrations"
"$TSX" packages/db/src/migrate/cli.ts >&2

# One supervisor keeps the API and one worker per queue running: a service that dies (a crash, an
# OOM kill, kill -9) is restarted with backoff and logged while the others carry on serving.
# The API image's node flags (the Dockerfile's api CMD; apps/api/src/node-flags.ts says why): no
# memory reducer, so an idle gap does not shrink the heap the next burst needs.
api_node="node --no-memory-reducer"
services=("api: $api_node apps/api/dist/main.js")
# The worker image's node flags (the Dockerfile's worker ENTRYPOINT, why there; a test holds the
# two equal): a larger young generation (the rig's typed arrays cost less GC) and type feedback
# from a function's first call (the engine is optimised sooner).
worker_node="node --max-semi-space-size=64 --no-lazy-feedback-allocation"
worker_port="$WORKER_HTTP_PORT_BASE"
for queue in rig.fast rig.pro generate_model; do
  services+=("worker $queue: env WORKER_HTTP_PORT=$worker_port $worker_node apps/worker/dist/main.js --queue $queue --concurrency ${WORKER_CONCURRENCY:-1}")
  worker_port=$((worker_port + 1))
done
# Webhook deliveries have a fleet of their own: waiting on slow receivers is I/O, so several at once.
services+=("worker webhooks: env WORKER_HTTP_PORT=$worker_port $worker_node apps/worker/dist/main.js --queue webhooks --concurrency ${WEBHOOK_CONCURRENCY:-8}")
stop() {
  trap - INT TERM EXIT
  kill -TERM ${seed_pid:-} 2>/dev/null || true
  kill -TERM "$supervisor_pid" 2>/dev/null || true
  wait "$supervisor_pid" 2>/dev/null || true
}
"${RUN[@]}" scripts/supervise.ts "${services[@]}" &
supervisor_pid=$!
trap stop INT TERM EXIT

for _ in $(seq 1 60); do curl -fs "http://127.0.0.1:$PORT/v1/openapi.json" >/dev/null 2>&1 && break; sleep 0.5; done
"$TSX" scripts/demo-account.ts || say "could not prepare the demo account; the service keeps running"
say "playground: $PUBLIC_BASE_URL/playground/ (paste the key there)"
say "operators: the admin token is in var/admin-token (or your ADMIN_TOKEN); metrics at
  curl -H \"Authorization: Bearer \$(cat var/admin-token)\" http://localhost:$PORT/metrics
  queue board at http://localhost:$PORT/admin/queues (any user name, the token as password);
  workers' /metrics, /healthz, /readyz on ports $WORKER_HTTP_PORT_BASE-$((WORKER_HTTP_PORT_BASE + 3)) (rig.fast, rig.pro, generate_model, webhooks)"
# The starter catalog is built on the first run only (about 1.5 min on 2 cores); the service is
# usable meanwhile, and the catalog appears at once when it is stored (one transaction).
"$TSX" scripts/seed-catalog.ts &
seed_pid=$!
# The supervisor only returns when it is told to stop (Ctrl-C, SIGTERM).
wait "$supervisor_pid"
