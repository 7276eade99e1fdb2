/**
 * The suite's test engine module (test-engines.ts) built like the services (scripts/build-services.ts),
 * by the suite's global setup. A worker loading it as JavaScript skips tsx and a second compile of
 * @rigforge/mesh in each of its threads; worker-ops.e2e.test.ts still loads the TypeScript file, as
 * a deployment's own .ts engine module would be.
 */
import path from 'node:path';
import type { BundleSet } from '../../../../scripts/build-services';

const ROOT = path.resolve(__dirname, '../../../..');
const BUILT = 'apps/worker/test/engines/dist/test-engines.js';

export const TEST_ENGINE_BUNDLE: BundleSet = {
  entries: { [BUILT]: 'apps/worker/test/engines/test-engines.ts' },
  inputsFile: 'apps/worker/test/engines/dist/.inputs.json',
};

/** The built module's absolute path (what ENGINE_MODULES names). */
export const TEST_ENGINES_BUILT = path.join(ROOT, BUILT);
