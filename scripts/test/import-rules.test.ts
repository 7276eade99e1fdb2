/**
 * The import map enforces itself only if every rule can fire: this plants one violation of each
 * rule of .dependency-cruiser.cjs in a throwaway tree laid out like the workspace, runs depcruise
 * on it with the real configuration, and requires every rule to report (a rule added without a
 * planted violation fails here too).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the configuration is CommonJS, read as depcruise reads it
const config = require(CONFIG) as { forbidden: { name: string }[] };

let tree: string;
function plant(file: string, text: string): void {
  const full = path.join(tree, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
}

/** The workspace directories with an allow-list, from the rule names (`<name>-imports-only-its-allow-list`). */
const allowListed = config.forbidden.map((r) => /^(.+)-imports-only-its-allow-list$/.exec(r.name)?.[1]).filter((n): n is string => !!n);
const APPS = ['api', 'cli', 'mcp', 'playground', 'worker'];

beforeAll(() => {
  tree = mkdtempSync(path.join(tmpdir(), 'import-rules-'));
  plant('tsconfig.base.json', '{"compilerOptions":{"module":"commonjs","strict":true}}');
  plant('package.json', '{"name":"fixture","private":true}');
  // Two npm packages: an I/O client and a tool only declared as a devDependency.
  plant('node_modules/express/package.json', '{"name":"express","main":"index.js"}');
  plant('node_modules/express/index.js', 'module.exports = {};');
  plant('node_modules/devtool/package.json', '{"name":"devtool","main":"index.js"}');
  plant('node_modules/devtool/index.js', 'module.exports = {};');
  plant('packages/rig/package.json', '{"name":"@rigforge/rig","dependencies":{"express":"*"}}');
  plant('packages/catalog/package.json', '{"name":"@rigforge/catalog","devDependencies":{"devtool":"*"}}');
  for (const pkg of ['db', 'generate', 'rig', 'contracts']) plant(`packages/${pkg}/src/index.ts`, 'export const x = 1;\n');
  plant('apps/worker/src/main.ts', 'export const x = 1;\n');
  plant('apps/mcp/src/main.ts', 'export const x = 1;\n');

  // Each allow-list: its src imports a package it may not (generate, or db for generate itself).
  for (const name of allowListed) {
    const dir = APPS.includes(name) ? `apps/${name}` : `packages/${name}`;
    const target = name === 'generate' ? 'packages/db/src/index' : 'packages/generate/src/index';
    plant(`${dir}/src/planted-allow-list.ts`, `import { x } from '../../../${target}';\nexport const y = x;\n`);
  }
  plant('packages/outbound/src/cycle-a.ts', "import { b } from './cycle-b';\nexport const a = () => b;\n");
  plant('packages/outbound/src/cycle-b.ts', "import { a } from './cycle-a';\nexport const b = () => a;\n");
  plant('packages/outbound/src/to-app.ts', "import { x } from '../../../apps/worker/src/main';\nexport const y = x;\n");
  plant('apps/cli/src/to-other-app.ts', "import { x } from '../../mcp/src/main';\nexport const y = x;\n");
  plant('apps/cli/src/to-db.ts', "import { x } from '../../../packages/db/src/index';\nexport const y = x;\n");
  // The case CI must refuse: express in the rigger (declared, so it resolves; then undeclared, so it does not).
  plant('packages/rig/src/serve.ts', "import express from 'express';\nexport const app = express;\n");
  plant('packages/mesh/src/serve.ts', "import express from 'express';\nexport const app = express;\n");
  plant('packages/generate/src/typo.ts', "import { x } from 'no-such-package';\nexport const y = x;\n");
  plant('packages/vocabulary/src/reads-files.ts', "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n");
  plant('apps/api/src/rigging.ts', "import { x } from '../../../packages/rig/src/index';\nexport const y = x;\n");
  plant('packages/mesh/src/uses-test.ts', "import { h } from '../test/helper';\nexport const y = h;\n");
  plant('packages/mesh/test/helper.ts', 'export const h = 1;\n');
  plant('packages/catalog/src/dev.ts', "import devtool from 'devtool';\nexport const y = devtool;\n");
  // The browser page reaches a Node module through a subpath it may import.
  plant('packages/contracts/src/wire.ts', "import path from 'node:path';\nexport const sep = path.sep;\n");
  plant('apps/playground/src/page.ts', "import { sep } from '../../../packages/contracts/src/wire';\nexport const y = sep;\n");
});

afterAll(() => rmSync(tree, { recursive: true, force: true }));

test('every import rule fires on its planted violation', () => {
  const run = spawnSync(path.join(ROOT, 'node_modules/.bin/depcruise'), ['apps', 'packages', '--config', CONFIG, '--output-type', 'json'], {
    cwd: tree,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const result = JSON.parse(run.stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  const fired = new Set(result.summary.violations.map((v) => v.rule.name));
  expect([...fired].sort()).toEqual(config.forbidden.map((r) => r.name).sort());
  const fromRig = result.summary.violations.filter((v) => v.from === 'packages/rig/src/serve.ts').map((v) => v.rule.name);
  expect(fromRig).toContain('engines-are-pure');
  const fromMesh = result.summary.violations.filter((v) => v.from === 'packages/mesh/src/serve.ts').map((v) => v.rule.name);
  expect(fromMesh).toEqual(expect.arrayContaining(['engines-are-pure', 'not-to-undeclared-packages']));
});

test('CI fails on a planted express import into packages/rig', () => {
  // The command .ci/run runs, with its default reporter: a violation is a non-zero exit.
  const run = spawnSync(path.join(ROOT, 'node_modules/.bin/depcruise'), ['packages/rig', '--config', CONFIG], { cwd: tree, encoding: 'utf8' });
  expect(run.status).not.toBe(0);
  expect(run.stdout).toContain('engines-are-pure: packages/rig/src/serve.ts → node_modules/express/index.js');
});
