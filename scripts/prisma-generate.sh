#!/usr/bin/env bash
# Generates the Prisma client offline. The CLI insists on a schema-engine path even though
# `generate` never runs it, so point it at a harmless executable.
set -euo pipefail
cd "$(dirname "$0")/.."
export PRISMA_SCHEMA_ENGINE_BINARY="${PRISMA_SCHEMA_ENGINE_BINARY:-/bin/true}"
export PRISMA_HIDE_UPDATE_MESSAGE=1 CHECKPOINT_DISABLE=1
exec packages/db/node_modules/.bin/prisma generate --schema prisma/schema.prisma "$@"
