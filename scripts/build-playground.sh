#!/usr/bin/env bash
# Builds the web playground (apps/playground, Vite) into apps/playground/dist, which the API serves at
# /playground. Skipped when the build is newer than every source file, so `npm start` and `npm test`
# pay for it only after a change (about 10 s on 2 cores). Needs the dependencies installed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
APP="$ROOT/apps/playground"
STAMP="$APP/dist/index.html"
# The playground bundles the wire schemas of packages/contracts (with the body-plan and up-axis lists
# they read from packages/vocabulary) and the poll intervals and error type of packages/client.
SOURCES=("$APP/src" "$APP/index.html" "$APP/vite.config.ts" "$APP/package.json" "$ROOT/packages/contracts/src"
  "$ROOT/packages/vocabulary/src" "$ROOT/packages/client/src/poll-interval.ts" "$ROOT/packages/client/src/client-error.ts" "$ROOT/pnpm-lock.yaml")
if [ -f "$STAMP" ] && [ -z "$(find "${SOURCES[@]}" -newer "$STAMP" -print -quit)" ]; then
  exit 0
fi
printf '\033[1m%s\033[0m\n' "building the web playground (apps/playground)" >&2
cd "$APP"
node_modules/.bin/vite build --logLevel warn >&2
