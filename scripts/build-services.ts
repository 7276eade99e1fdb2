/**
 * Builds the long-running services into plain JavaScript, one file per process or thread entry:
 *   apps/api/dist/main.js                  the API
 *   apps/api/dist/upload-check-thread.js   its upload-check threads
 *   apps/worker/dist/main.js               a worker
 *   apps/worker/dist/engine-thread.js      its engine threads
 *   apps/worker/dist/fit-analysis-thread.js  the rig's fit-analysis helper (packages/rig)
 * `npm start`, the Docker images and the test suite all run these files with plain `node`, so the
 * tests exercise exactly what ships. Why build at all: loading the TypeScript through tsx at every
 * start cost a worker ~1.5 s of CPU more than the bundle (its main thread and each engine thread
 * load the whole tree, one hooked module at a time), and the suite starts dozens of them.
 *
 * What it keeps from running the sources under tsx:
 * - Only the workspace's own code (relative imports and `@rigforge/*`) is bundled; every
 *   third-party import stays a `require`, resolved at start from the importing source file as tsx
 *   would, so native addons, package data files and dual packages behave as before.
 * - `__dirname` and `__filename` in a bundled module are its source file's, so the files found
 *   next to the sources (migrations, the playground, the examples used for warm-up, heat-thread.cjs)
 *   are found as before.
 * - Thread entries: the bundle carries `RIGFORGE_PREBUILT_THREADS` (source entry → built file);
 *   packages/server/src/thread-bootstrap.ts starts the built file when there is one.
 * - Names of functions and classes are kept (esbuild's keepNames, as tsx does).
 *
 * Skipped when every output is newer than every input (the files the last build read, this
 * script, the lockfile), so a start after no change costs a stat of each source.
 *
 *   node --import tsx scripts/build-services.ts [--force]
 */
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const ROOT = path.resolve(__dirname, '..');

/** Each built file (relative to the root) and its source entry. */
export const SERVICE_ENTRIES = {
  'apps/api/dist/main.js': 'apps/api/src/main.ts',
  'apps/api/dist/upload-check-thread.js': 'apps/api/src/upload-check/upload-check-thread.ts',
  'apps/worker/dist/main.js': 'apps/worker/src/main.ts',
  'apps/worker/dist/engine-thread.js': 'apps/worker/src/engines/engine-thread.ts',
  // The rig's fit-analysis helper (packages/rig/src/fit/fit-analysis-ahead.ts), started by an engine thread.
  'apps/worker/dist/fit-analysis-thread.js': 'packages/rig/src/fit/fit-analysis-thread.ts',
} as const;

/** One set of files built together: each output (relative to the root) and its source entry. */
export interface BundleSet {
  entries: Readonly<Record<string, string>>;
  /** Where the list of the last build's inputs is kept (for the staleness check). */
  inputsFile: string;
}

export const SERVICES: BundleSet = { entries: SERVICE_ENTRIES, inputsFile: 'apps/worker/dist/.service-inputs.json' };

export interface BuildServicesOptions {
  /** Build even when the outputs are newer than every input. */
  force?: boolean;
  /** Told when a build runs (the scripts print it; the test setup stays quiet). */
  onBuild?: () => void;
}

/**
 * Third-party imports stay runtime requires, resolved when the service starts from the importing
 * source file's place, exactly as under tsx: each becomes a one-line module
 * `module.exports = createRequire(<source file>)(<specifier>)`. Not an absolute path fixed at build
 * time: the image's production-only install may lay node_modules out differently from the full one
 * the build ran in. The build still resolves each import once, so a missing package fails the build.
 */
const THIRD_PARTY = 'third-party';
const externalThirdParty: Plugin = {
  name: 'external-third-party',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@rigforge/') || args.pluginData === 'resolving' || args.namespace === THIRD_PARTY) return undefined;
      const resolved = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'resolving' });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      // Node's built-in modules resolve to no file: esbuild keeps them external itself.
      if (!resolved.path.includes(`${path.sep}node_modules${path.sep}`) || resolved.external) return undefined;
      // `require.resolve('x')` stays as it is, resolved from the built file's app (apps/api or apps/worker).
      if (args.kind === 'require-resolve') return { path: args.path, external: true };
      return { path: JSON.stringify([args.importer, args.path]), namespace: THIRD_PARTY };
    });
    b.onLoad({ filter: /.*/, namespace: THIRD_PARTY }, (args) => {
      const [importer, specifier] = JSON.parse(args.path) as [string, string];
      return { contents: `module.exports = require('node:module').createRequire(${JSON.stringify(importer)})(${JSON.stringify(specifier)});`, loader: 'js' };
    });
  },
};

/** Each bundled module sees its own source location as `__dirname` / `__filename`. */
const sourceLocation: Plugin = {
  name: 'source-location',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const header = `var __dirname = ${JSON.stringify(path.dirname(args.path))}, __filename = ${JSON.stringify(args.path)};`;
      // One line, so the source map's line numbers are off by one at most.
      return { contents: `${header}${source}`, loader: 'ts' };
    });
  },
};

/** What a build records for the next one's staleness check: where it ran and the files it read. */
interface LastBuild {
  root: string;
  /** When the build began (ms since the epoch). */
  startedAt: number;
  inputs: string[];
}

/** A type guard rather than zod: the workspace root (where this script runs) does not depend on zod. */
function isLastBuild(value: unknown): value is LastBuild {
  if (typeof value !== 'object' || value === null || !('root' in value) || !('inputs' in value)) return false;
  const { root, inputs } = value;
  const startedAt = 'startedAt' in value ? value.startedAt : undefined;
  return typeof root === 'string' && typeof startedAt === 'number' && Array.isArray(inputs) && inputs.length > 0 && inputs.every((f) => typeof f === 'string');
}

async function newestInput(inputs: string[]): Promise<number> {
  let newest = 0;
  for (const file of inputs) {
    const s = await stat(path.resolve(ROOT, file)).catch(() => undefined);
    if (!s) return Infinity; // a file the last build read is gone: build again
    newest = Math.max(newest, s.mtimeMs);
  }
  return newest;
}

async function upToDate(set: BundleSet): Promise<boolean> {
  const outputs = await Promise.all(Object.keys(set.entries).map((f) => stat(path.join(ROOT, f)).catch(() => undefined)));
  if (outputs.some((s) => s === undefined)) return false;
  const oldestOutput = Math.min(...outputs.map((s) => s!.mtimeMs));
  const last: unknown = JSON.parse(await readFile(path.join(ROOT, set.inputsFile), 'utf8').catch(() => 'null'));
  // The outputs name absolute paths (third-party files, source locations): a moved checkout builds again.
  if (!isLastBuild(last) || last.root !== ROOT) return false;
  const inputs = [...last.inputs, 'scripts/build-services.ts', 'pnpm-lock.yaml', 'tsconfig.base.json'];
  // Against the build's start: a source saved while it ran makes the next start build again.
  return (await newestInput(inputs)) < Math.min(oldestOutput, last.startedAt);
}

/**
 * Builds a set of files the way the services are built (the test suite builds its engine module
 * for the workers it starts with this too), unless they are up to date; returns whether it built.
 */
export async function buildBundles(set: BundleSet, options: BuildServicesOptions = {}): Promise<boolean> {
  if (!options.force && (await upToDate(set))) return false;
  options.onBuild?.();
  const startedAt = Date.now();
  const prebuiltThreads: Record<string, string> = {};
  for (const [out, entry] of Object.entries(set.entries)) {
    if (entry.endsWith('-thread.ts')) prebuiltThreads[path.join(ROOT, entry)] = path.join(ROOT, out);
  }
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.entries(set.entries).map(([out, entry]) => ({ in: entry, out: out.replace(/\.js$/, '') })),
    outdir: '.',
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: `node${process.versions.node.split('.')[0]}`,
    keepNames: true,
    sourcemap: 'linked',
    define: { RIGFORGE_PREBUILT_THREADS: JSON.stringify(prebuiltThreads) },
    plugins: [externalThirdParty, sourceLocation],
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  // Each file is written next to its place and renamed into it, so a process starting a thread
  // meanwhile reads the old file or the new one, never half of one.
  for (const file of result.outputFiles) {
    await mkdir(path.dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    await writeFile(temporary, file.contents);
    await rename(temporary, file.path);
  }
  // Source files only: not the third-party requires (`third-party:` modules), nor esbuild's `<define:...>`.
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules') && !f.startsWith('<') && !f.startsWith(`${THIRD_PARTY}:`));
  await writeFile(path.join(ROOT, set.inputsFile), JSON.stringify({ root: ROOT, startedAt, inputs } satisfies LastBuild));
  return true;
}

/** Builds the service files unless they are up to date; returns whether it built. */
export function buildServices(options: BuildServicesOptions = {}): Promise<boolean> {
  return buildBundles(SERVICES, options);
}

if (require.main === module) {
  buildServices({ force: process.argv.includes('--force'), onBuild: () => process.stderr.write('\x1b[1mbuilding the services (apps/api/dist, apps/worker/dist)\x1b[0m\n') }).catch(
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
