/**
 * Compiles the engine's hand-written WebAssembly kernels (each `.wat` below) and writes each one's
 * bytes to the `-wasm-bytes.ts` module beside it. Those modules are build output (git-ignored):
 * scripts/lib/prepare.sh runs this when one is missing or older than its .wat, as the Dockerfile's
 * build stage does (scripts/build-rig-kernels.sh). By hand, after editing a .wat:
 *
 *   npx tsx packages/rig/scripts/build-wasm.ts
 *
 * `test/wasm-kernels.test.ts` fails when a module and its text disagree.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileWat, WASM_KERNELS, wasmBytesModule } from './lib/compile-wat';

async function main(): Promise<void> {
  const src = join(__dirname, '../src');
  for (const kernel of WASM_KERNELS) {
    const bytes = await compileWat(join(src, kernel.wat));
    writeFileSync(join(src, kernel.module), wasmBytesModule(bytes, kernel.constName, kernel.wat));
    console.log(`${kernel.wat}: ${bytes.length} bytes`);
  }
}

void main();
