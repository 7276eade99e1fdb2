#!/usr/bin/env bash
# `pnpm start`: everything a newcomer needs, in one command. Installs, finds or starts Postgres and
# Redis, applies migrations, starts the API and one worker per queue, makes sure a demo account
# with an API key exists and prints it, and stores the starter asset catalog. Ctrl-C stops it all.
# Safe to run again.
source "$(dirname "$0")/lib/prepare.sh"
export PORT="${PORT:-3000}"
export PUBLIC_BASE_URL="${PUBLIC_BASE_URL:-http://localhost:$PORT}"
export STORAGE_DIR="${STORAGE_DIR:-$ROOT/var/storage}"
TSX="$ROOT/node_modules/.bin/tsx"
# One process per service (not tsx's wrapper process), so signals reach our shutdown handlers.
RUN=(node --import tsx)

say "applying migrations"
"$TSX" packages/db/src/migrate/cli.ts >&2

pids=()
stop() { trap - INT TERM EXIT; kill -TERM "${pids[@]}" ${seed_pid:-} 2>/dev/null || true; wait "${pids[@]}" 2>/dev/null || true; }
trap stop INT TERM EXIT

"${RUN[@]}" apps/api/src/main.ts & pids+=($!)
for queue in rig.fast rig.pro generate_model; do
  "${RUN[@]}" apps/worker/src/main.ts --queue "$queue" --concurrency "${WORKER_CONCURRENCY:-1}" & pids+=($!)
done

for _ in $(seq 1 60); do curl -fs "http://127.0.0.1:$PORT/v1/openapi.json" >/dev/null 2>&1 && break; sleep 0.5; done
"$TSX" scripts/demo-account.ts
# The starter catalog is built on the first run only (about 1.5 min on 2 cores); the service is
# usable meanwhile, and the catalog appears at once when it is stored (one transaction).
"$TSX" scripts/seed-catalog.ts &
seed_pid=$!
wait -n "${pids[@]}"
kill "$seed_pid" 2>/dev/null || true
