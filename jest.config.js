/**
 * One jest run for the whole workspace. Sources are compiled by swc to CommonJS on the fly;
 * workspace packages resolve to their `src/index.ts` through their package.json exports.
 * ESM-only dependencies are let through the transform so jest can load them as CommonJS.
 */
const esmOnly = ['meshoptimizer', 'd3-contour', 'd3-array', 'internmap', 'earcut', 'three', 'property-graph', 'eventsource-parser'];
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/packages', '<rootDir>/scripts'],
  testMatch: ['**/test/**/*.test.ts'],
  transform: {
    '^.+\\.(t|j|mj)sx?$': [
      '@swc/jest',
      { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/)?(${esmOnly.join('|')})(@|/))`],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  globalSetup: '<rootDir>/tooling/jest/global-setup.ts',
  globalTeardown: '<rootDir>/tooling/jest/global-teardown.ts',
  // End-to-end files first on a run without timings (a clean clone): see the file.
  testSequencer: '<rootDir>/tooling/jest/sequencer.cjs',
  testTimeout: 60000,
};
