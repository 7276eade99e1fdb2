/**
 * The import rules of the workspace (docs/architecture.md draws the same map). `pnpm deps:check`
 * runs them in CI: a break fails the build. Paths are repository-relative; workspace packages
 * resolve to their sources through the pnpm symlinks and package `exports`.
 */
const ENGINES = '^packages/(mesh|rig|generate)/';
const SERVICE_PACKAGES = '^packages/(contracts|db|queue|storage|client|catalog)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'Import cycles make load order and ownership unclear.', from: {}, to: { circular: true } },
    {
      name: 'packages-not-to-apps',
      severity: 'error',
      comment: 'Packages are libraries; the apps compose them, never the other way round.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-not-to-other-apps',
      severity: 'error',
      comment: 'Each app is its own process; shared code belongs in a package (end-to-end tests may start other apps).',
      from: { path: '^apps/([^/]+)/src/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'engines-are-pure',
      severity: 'error',
      comment: 'Engines take bytes and options and return bytes and a report: no service packages, no I/O clients.',
      from: { path: ENGINES },
      to: { path: [SERVICE_PACKAGES, 'node_modules/(express|bullmq|ioredis|pg|@prisma|got|@aws-sdk)/'] },
    },
    {
      name: 'vocabulary-imports-nothing',
      severity: 'error',
      comment: 'The shared word lists (body plans, up axes) are plain constants: no workspace package, no npm package, no Node module.',
      from: { path: '^packages/vocabulary/' },
      to: { pathNot: '^packages/vocabulary/' },
    },
    {
      name: 'contracts-import-only-the-vocabulary',
      severity: 'error',
      comment: 'The wire contract is zod schemas; of the workspace it takes only the shared word lists (one truth with the engine).',
      from: { path: '^packages/contracts/' },
      to: { path: '^packages/', pathNot: ['^packages/contracts/', '^packages/vocabulary/'] },
    },
    {
      name: 'api-does-no-rigging',
      severity: 'error',
      comment:
        'The API validates, reserves and enqueues; rigging runs in the rig workers. One exception: the ' +
        'upload-check thread runs the free pre-rig check (POST /v1/rigs/check: shape analysis, no rig), ' +
        'bounded in memory and time off the event loop.',
      from: { path: '^apps/api/src/', pathNot: '^apps/api/src/upload-check/upload-check-thread\\.ts$' },
      to: { path: '^packages/rig/' },
    },
    {
      name: 'api-loads-no-generate-engine',
      severity: 'error',
      comment:
        'The API checks an uploaded image with probeImage from @rigforge/mesh (header and completeness, no image ' +
        'library); the generate engine and sharp load only in the generate workers.',
      from: { path: '^apps/api/src/' },
      to: { path: '^packages/generate/' },
    },
    {
      name: 'service-packages-take-only-with-defaults-from-engines',
      severity: 'error',
      comment:
        'db, queue and storage are not engines and load none: they may take the one option-merging helper from ' +
        'its dependency-free subpath, @rigforge/mesh/with-defaults, and nothing else.',
      from: { path: '^packages/(db|queue|storage)/' },
      to: { path: ENGINES, pathNot: '^packages/mesh/src/with-defaults\\.ts$' },
    },
    {
      name: 'http-clients-stay-clients',
      severity: 'error',
      comment: 'The CLI, the MCP server, the web playground and the typed client talk to the service over HTTP only.',
      from: { path: '^(apps/cli|apps/mcp|apps/playground|packages/client)/src/' },
      to: { path: ['^packages/(db|queue|storage|mesh|rig|generate|catalog)/', '^apps/(api|worker)/'] },
    },
    {
      name: 'production-code-not-to-tests',
      severity: 'error',
      comment: 'Test fixtures and helpers stay out of what ships.',
      from: { path: '^(apps|packages)/[^/]+/src/' },
      to: { path: '^(apps|packages)/[^/]+/(test|testing)/' },
    },
    {
      name: 'not-to-undeclared-packages',
      severity: 'error',
      comment: 'Every imported npm package is declared in the importing package.json.',
      from: { path: '^(apps|packages)/[^/]+/src/' },
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'production-code-not-to-dev-dependencies',
      severity: 'error',
      comment: 'What ships must not need a devDependency at run time.',
      from: { path: '^(apps|packages)/[^/]+/src/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['/generated/', '/dist/', 'node_modules/\\.pnpm/'] },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.cjs', '.mjs', '.json'],
    },
  },
};
