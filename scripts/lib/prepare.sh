#!/usr/bin/env bash
# Shared preparation of `pnpm start` and `pnpm test` (sourced): the pinned pnpm, the project's
# dependencies, the generated Prisma client and rig kernels, and reachable Postgres and Redis. Exports
# DATABASE_URL and REDIS_URL. Safe to run again.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
mkdir -p var

say() { printf '\033[1m%s\033[0m\n' "$*" >&2; }

PNPM_VERSION="$(node -p "require('./package.json').packageManager.split('@')[1]")"
if ! command -v pnpm >/dev/null || [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
  say "installing pnpm $PNPM_VERSION (corepack's signature check fails offline, so npm installs it)"
  npm install -g "pnpm@$PNPM_VERSION" >/dev/null 2>&1 || npm install --prefix "$ROOT/var/pnpm" "pnpm@$PNPM_VERSION" >/dev/null
  [ -x "$ROOT/var/pnpm/node_modules/.bin/pnpm" ] && export PATH="$ROOT/var/pnpm/node_modules/.bin:$PATH"
fi

if [ ! -f node_modules/.modules.yaml ] || [ pnpm-lock.yaml -nt node_modules/.modules.yaml ] || [ package.json -nt node_modules/.modules.yaml ]; then
  say "installing dependencies"
  pnpm install --frozen-lockfile >&2
fi

if [ ! -f packages/db/src/generated/prisma/client.ts ] || [ prisma/schema.prisma -nt packages/db/src/generated/prisma/client.ts ]; then
  say "generating the Prisma client"
  bash scripts/prisma-generate.sh >/dev/null
fi

# The rig's WebAssembly kernels: each .wat's bytes module, when missing or older than its text.
for wat in packages/rig/src/*/wasm/*.wat; do
  if [ ! -f "${wat%.wat}-wasm-bytes.ts" ] || [ "$wat" -nt "${wat%.wat}-wasm-bytes.ts" ]; then
    say "compiling the rig's WebAssembly kernels"
    bash scripts/build-rig-kernels.sh >/dev/null
    break
  fi
done

# host and port of a URL like postgresql://user@host:port/db
url_host() { node -e 'const u=new URL(process.argv[1]); console.log(u.hostname.replace(/^\[|\]$/g,""))' "$1"; }
url_port() { node -e 'const u=new URL(process.argv[1]); console.log(u.port||process.argv[2])' "$1" "$2"; }
answers() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

export DATABASE_URL="${DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/rigforge}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"

PG_HOST="$(url_host "$DATABASE_URL")"; PG_PORT="$(url_port "$DATABASE_URL" 5432)"
if ! answers "$PG_HOST" "$PG_PORT"; then
  if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ] && [ "$(id -u)" = 0 ]; then
    say "starting the local PostgreSQL cluster"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  elif PG_BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)" && [ -x "$PG_BIN/initdb" ] && [ "$(id -u)" != 0 ]; then
    say "starting a private PostgreSQL in var/postgres"
    [ -d var/postgres ] || "$PG_BIN/initdb" -D var/postgres -U postgres -A trust >/dev/null
    "$PG_BIN/pg_ctl" -D var/postgres -l var/postgres.log -o "-p $PG_PORT -k /tmp" start >/dev/null
  fi
  for _ in $(seq 1 30); do answers "$PG_HOST" "$PG_PORT" && break; sleep 1; done
  answers "$PG_HOST" "$PG_PORT" || { say "PostgreSQL is not reachable at $PG_HOST:$PG_PORT: set DATABASE_URL, or install it (apt-get install postgresql / brew install postgresql) or run 'docker compose up -d postgres redis'"; exit 1; }
fi

REDIS_HOST="$(url_host "$REDIS_URL")"; REDIS_PORT="$(url_port "$REDIS_URL" 6379)"
if ! answers "$REDIS_HOST" "$REDIS_PORT"; then
  if command -v redis-server >/dev/null; then
    say "starting a private Redis on $REDIS_PORT"
    redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" --save "" --appendonly no --dir "$ROOT/var" --logfile "$ROOT/var/redis.log"
  fi
  for _ in $(seq 1 20); do answers "$REDIS_HOST" "$REDIS_PORT" && break; sleep 0.5; done
  answers "$REDIS_HOST" "$REDIS_PORT" || { say "Redis is not reachable at $REDIS_HOST:$REDIS_PORT: set REDIS_URL, or install it (apt-get install redis-server / brew install redis) or run 'docker compose up -d postgres redis'"; exit 1; }
fi
