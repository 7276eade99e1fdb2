/**
 * The import rules of the workspace (docs/architecture.md draws the same map). `pnpm deps:check`
 * runs them in CI: a break fails the build. Paths are repository-relative; workspace packages
 * resolve to their sources through the pnpm symlinks and package `exports`; npm packages resolve
 * into node_modules and are not followed further (`doNotFollow`), so the rules about them fire.
 * apps/api/test/import-rules.test.ts plants a violation of every rule and sees it fail.
 */
const ENGINES = '^packages/(mesh|rig|generate)/';
/** Node's own modules, as they resolve (`node:fs` or `fs`). */
const NODE_MODULES =
  '^(node:)?(assert|async_hooks|buffer|child_process|cluster|crypto|dgram|dns|events|fs|http|http2|https|module|net|os|path|perf_hooks|process|readline|stream|string_decoder|timers|tls|tty|url|util|v8|vm|worker_threads|zlib)(/|$)';
const IO_CLIENTS = 'node_modules/(express|bullmq|ioredis|pg|@prisma|got|@aws-sdk)/';

/**
 * What each workspace package's and app's `src/` may import of the workspace: the table of
 * docs/architecture.md, as allow-lists. An entry is a package (`mesh`) or one file of it
 * (`mesh/src/with-defaults.ts`, a subpath export). The worker imports every package and has no list.
 */
const ALLOWED = {
  'packages/vocabulary': [],
  'packages/contracts': ['vocabulary'],
  'packages/mesh': ['vocabulary'],
  // The rig's helper threads start as every service thread does (thread-bootstrap.ts: tsx or the prebuilt file).
  'packages/rig': ['mesh', 'vocabulary', 'server/src/thread-bootstrap.ts'],
  'packages/generate': ['mesh', 'vocabulary'],
  'packages/catalog': ['mesh'],
  'packages/storage': ['mesh/src/with-defaults.ts'],
  'packages/db': ['contracts', 'server', 'storage', 'mesh/src/with-defaults.ts'],
  'packages/queue': ['contracts', 'server'],
  'packages/client': ['contracts'],
  'packages/outbound': [],
  'packages/observability': ['contracts', 'queue', 'server'],
  'packages/server': [],
  'apps/api': ['contracts', 'server', 'db', 'queue', 'storage', 'outbound', 'observability', 'mesh', 'catalog', 'rig'],
  'apps/cli': ['client', 'contracts'],
  'apps/mcp': ['client', 'contracts', 'server'],
  // The browser page: only the browser-safe subpaths (no Node module behind them).
  'apps/playground': ['contracts/src/wire.ts', 'client/src/browser.ts'],
};

function allowListRule(dir, allowed) {
  const name = dir.split('/')[1];
  return {
    name: `${name}-imports-only-its-allow-list`,
    severity: 'error',
    comment: `${dir}/src imports of the workspace only ${allowed.length ? allowed.join(', ') : 'nothing'} (docs/architecture.md, the package table).`,
    from: { path: `^${dir}/src/` },
    to: {
      path: '^(packages|apps)/',
      pathNot: [`^${dir}/`, ...allowed.map((entry) => (entry.includes('/src/') ? `^packages/${entry.replaceAll('.', '\\.')}$` : `^packages/${entry}/`))],
    },
  };
}

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
      comment: 'Engines take bytes and options and return bytes and a report: no I/O clients (their allow-lists keep service packages out).',
      from: { path: ENGINES },
      to: { path: IO_CLIENTS },
    },
    {
      name: 'vocabulary-imports-nothing',
      severity: 'error',
      comment: 'The shared word lists (body plans, up axes, job failure codes) are plain constants: no workspace package, no npm package, no Node module.',
      from: { path: '^packages/vocabulary/' },
      to: { pathNot: '^packages/vocabulary/' },
    },
    ...Object.entries(ALLOWED).map(([dir, allowed]) => allowListRule(dir, allowed)),
    {
      name: 'playground-reaches-no-node-module',
      severity: 'error',
      comment: 'The playground runs in a browser: nothing it imports, directly or through the workspace, may need a Node module.',
      from: { path: '^apps/playground/src/' },
      to: { path: NODE_MODULES, reachable: true },
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
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing is a package the importing package.json does not declare (pnpm keeps it out of reach) or a typo.',
      from: { path: '^(apps|packages)/[^/]+/(src|test|testing|scripts)/' },
      to: { couldNotResolve: true },
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
    // npm packages are cruised as leaves (doNotFollow above), never excluded: the rules about them must see them.
    exclude: { path: ['/generated/', '/dist/'] },
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
