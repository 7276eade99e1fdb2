/**
 * Compiles `src/skinning/wasm/jacobi-cg.wat` (bone heat's Jacobi CG) and writes its bytes to
 * `src/skinning/wasm/jacobi-cg-wasm-bytes.ts`. Rerun after editing the .wat:
 *
 *   npx tsx packages/rig/scripts/build-jacobi-cg-wasm.ts
 *
 * `test/jacobi-cg-wasm.test.ts` fails when the two disagree.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileWat, wasmBytesModule } from './lib/compile-wat';

async function main(): Promise<void> {
  const dir = join(__dirname, '../src/skinning/wasm');
  const bytes = await compileWat(join(dir, 'jacobi-cg.wat'));
  writeFileSync(join(dir, 'jacobi-cg-wasm-bytes.ts'), wasmBytesModule(bytes, 'JACOBI_CG_WASM_BASE64', 'jacobi-cg.wat', 'build-jacobi-cg-wasm.ts'));
  console.log(`jacobi-cg.wat: ${bytes.length} bytes`);
}

void main();
