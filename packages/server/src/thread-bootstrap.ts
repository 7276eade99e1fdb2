/**
 * The code a service thread starts with. Under tsx (scripts, benches, in-process tests) a thread
 * does not inherit the main thread's TypeScript loader, so it registers tsx's CommonJS hook and
 * then loads its TypeScript entry. In the prebuilt services (scripts/build-services.ts, what
 * `npm start`, the images and the suite's processes run) the build names each entry's built file,
 * which the thread loads as plain JavaScript: no loader, no second compile of the tree.
 */

/** Source entry → built file; defined (esbuild `define`) only inside the prebuilt services. */
declare const RIGFORGE_PREBUILT_THREADS: Readonly<Record<string, string>> | undefined;

/** The file a thread for `entry` (an absolute path of a TypeScript source) loads, and how. */
export function threadBootstrap(entry: string): string {
  const prebuilt = typeof RIGFORGE_PREBUILT_THREADS === 'undefined' ? undefined : RIGFORGE_PREBUILT_THREADS[entry];
  if (prebuilt !== undefined) return `require(${JSON.stringify(prebuilt)});`;
  return `require(${JSON.stringify(require.resolve('tsx/cjs'))}); require(${JSON.stringify(entry)});`;
}
