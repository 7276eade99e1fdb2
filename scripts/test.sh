#!/usr/bin/env bash
# `pnpm test`: the whole suite (unit, integration against the real Postgres and Redis, end-to-end
# with real processes). Tests make and drop a database and Redis prefix of their own.
source "$(dirname "$0")/lib/prepare.sh"
# The playground's browser test loads the built page (rebuilt only after a change).
bash scripts/build-playground.sh
# jest's own workers plus the processes e2e tests start: two workers suit this 2-core class of machine.
exec node_modules/.bin/jest --maxWorkers="${JEST_WORKERS:-2}" "$@"
