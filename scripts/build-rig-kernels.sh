#!/usr/bin/env bash
# Compiles the rig engine's hand-written WebAssembly kernels (packages/rig/src/**/wasm/*.wat) into
# the `*-wasm-bytes.ts` modules the engine imports. Those modules are build output, so they are not
# in git: this runs where the Prisma client is generated (scripts/lib/prepare.sh, the Dockerfile).
set -euo pipefail
cd "$(dirname "$0")/.."
exec node_modules/.bin/tsx packages/rig/scripts/build-wasm.ts "$@"
