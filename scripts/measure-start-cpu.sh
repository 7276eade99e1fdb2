#!/usr/bin/env bash
# The CPU one service process spends starting: runs the command, waits for its ready line (a
# worker's `ready (`, the API's `listening on`), reads the process's user + system time (all its
# threads) from /proc, then stops it. CPU, not wall time, so runs on a busy machine compare.
#   bash scripts/measure-start-cpu.sh node apps/worker/dist/main.js --queue rig.fast
#   bash scripts/measure-start-cpu.sh node --import tsx apps/worker/src/main.ts --queue rig.fast
# Uses DATABASE_URL / REDIS_URL as the services do; the ops listener and API take free ports.
set -euo pipefail
cd "$(dirname "$0")/.."
export WORKER_HTTP_PORT="${WORKER_HTTP_PORT:-0}" WORKER_WARMUP_RUNS="${WORKER_WARMUP_RUNS:-0}" PORT="${PORT:-0}" HOST="${HOST:-127.0.0.1}"
export REDIS_PREFIX="${REDIS_PREFIX:-startcpu}" STORAGE_DIR="${STORAGE_DIR:-${TMPDIR:-/tmp}/rigforge-start-cpu}"
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
"$@" >"$out" 2>&1 &
pid=$!
for _ in $(seq 1 1200); do
  grep -q 'ready (\|listening on' "$out" && break
  kill -0 "$pid" 2>/dev/null || { cat "$out" >&2; exit 1; }
  sleep 0.05
done
read -r user system < <(awk '{print $14, $15}' "/proc/$pid/stat")
kill -TERM "$pid"
wait "$pid" 2>/dev/null || true
awk -v u="$user" -v s="$system" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "start cpu %.2f s\n", (u + s) / hz }'
