/**
 * The vocabulary, contracts, client and CLI are publishable: built to JavaScript, packed with
 * `pnpm pack`, installed from the tarballs into a scratch directory, they run with plain node (no
 * tsx, no TypeScript sources in the tarballs, no workspace package that is not packed too). The
 * packed CLI then checks a mesh against the real API, so the packed contracts parse a live answer
 * with the body-plan and up-axis lists of the packed vocabulary.
 */
import path from 'node:path';
import { RIG_TYPES, UP_AXES } from '@rigforge/contracts';
import { z } from 'zod';
import { packedClientExports, packInstall, runPacked, type PackedInstall } from '../scripts/pack-check';
import { ROOT } from './run-cli';
import { startService, type StartedService } from './service';

const LIBRARIES = ['@rigforge/vocabulary', '@rigforge/contracts', '@rigforge/client'];

let packed: PackedInstall;
let service: StartedService;

beforeAll(async () => {
  packed = packInstall();
  // The API alone: the pre-rig check runs in its upload-check thread, no worker needed.
  service = await startService([]);
}, 300_000);

afterAll(async () => {
  await service?.stop();
  packed?.remove();
});

test.each([...LIBRARIES, 'rigforge'])('%s: publish fields, dist only, no workspace: ranges', (name) => {
  const manifest = packed.manifests[name]!;
  expect(manifest).toMatchObject({ name, version: expect.any(String), license: 'MIT', engines: { node: expect.any(String) } });
  expect(manifest.private).toBeUndefined();
  expect(JSON.stringify(manifest.dependencies)).not.toMatch(/workspace:/);
  const files = packed.files[name]!;
  expect(files).toContain('README.md');
  for (const file of files) expect(file).toMatch(/^(package\.json|README\.md|dist\/.+\.(js|d\.ts))$/);
});

test('every workspace package a packed package depends on is packed too', () => {
  expect(packed.unpublished).toEqual([]);
  expect(Object.keys(packed.manifests['@rigforge/contracts']!.dependencies ?? {})).toContain('@rigforge/vocabulary');
  expect(packed.manifests['@rigforge/vocabulary']!.dependencies ?? {}).toEqual({});
});

test('the libraries export their dist entry with types', () => {
  for (const name of LIBRARIES) {
    const manifest = packed.manifests[name]!;
    expect(manifest).toMatchObject({ main: './dist/index.js', types: './dist/index.d.ts', exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } } });
    expect(packed.files[name]).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts']));
  }
  expect(packedClientExports(packed)).toEqual(expect.arrayContaining(['RigforgeClient', 'waitForJob', 'downloadFile', 'readFileAsBase64', 'RigforgeClientError']));
});

test('the packed CLI runs from its installed bin: --help lists every command', async () => {
  expect(packed.manifests.rigforge!.bin).toEqual({ rigforge: './dist/main.js' });
  const help = await runPacked(packed, ['--help']);
  expect(help).toMatch(/^Usage: rigforge/m);
  for (const command of ['rig', 'check', 'generate', 'assets', 'jobs']) expect(help).toMatch(new RegExp(`^  ${command} `, 'm'));
});

test('rig --help offers every body plan and up axis (the lists of the packed vocabulary)', async () => {
  // Commander wraps the choices list across lines: compare the words, not the layout.
  const help = (await runPacked(packed, ['rig', '--help'])).replace(/\s+/g, ' ');
  for (const word of [...RIG_TYPES, ...UP_AXES]) expect(help).toContain(`"${word}"`);
});

test('the packed CLI checks a mesh against the real API; the packed contracts parse the answer', async () => {
  const out = await runPacked(packed, ['check', path.join(ROOT, 'examples/quadruped.glb'), '--json'], {
    RIGFORGE_BASE_URL: service.baseUrl,
    RIGFORGE_API_KEY: service.account.key,
  });
  const report = z
    .object({ riggable: z.boolean(), up_axis: z.enum(UP_AXES), recommended_rig_type: z.enum(RIG_TYPES), rig_type_scores: z.record(z.string(), z.number()) })
    .parse(JSON.parse(out));
  expect(report).toMatchObject({ riggable: true, up_axis: '+y', recommended_rig_type: 'quadruped' });
  expect(Object.keys(report.rig_type_scores).sort()).toEqual([...RIG_TYPES].sort());
}, 120_000);
