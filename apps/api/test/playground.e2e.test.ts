/**
 * The web playground in a real browser against a started service: the API on a real port (its own
 * database), a real rig.fast worker process with the real engines, and headless Chromium (Debian's
 * `chromium` through playwright-core; skipped, saying so, without it). The browser pastes a key,
 * uploads examples/humanoid.glb with a walk clip to retarget, waits for the job (polling at the contract's 5 s), and the viewer
 * must hold a skinned mesh with the output's joint count; bending a joint and playing the clip
 * must move vertices.
 * Screenshots are kept in test-output/playground/ (gitignored): rigged.png (model and skeleton),
 * bent.png (a bent arm), heatmap.png (the chosen joint's weights), animation.png (the clip
 * playing), page.png and catalog.png (a
 * catalog asset opened in the viewer).
 */
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildStarterCatalog, STARTER_ASSETS, STARTER_PACKS, type BuiltAsset } from '@rigforge/catalog';
import { buildHumanoidClipGlb } from '@rigforge/mesh/testing';
import type { Browser, Page } from 'playwright-core';
import { storeCatalogPacks } from '../src/services/catalog-import';
import { fetchOutput, workerEnvFor } from '../../worker/test/e2e-env';
import { startWorkerProcess, waitFor, type WorkerProcess } from '../../worker/test/worker-process';
import { browserTest, launchChromium } from './chromium';
import { startIsolatedHarness, type Harness, type SeededAccount } from './harness';

const ROOT = path.resolve(__dirname, '../../..');
const HUMANOID = path.join(ROOT, 'examples/humanoid.glb');
const SHOTS = path.join(ROOT, 'test-output/playground');
const maybe = browserTest('playground.e2e');

let h: Harness;
let api: Server;
let base: string;
let account: SeededAccount;
let worker: WorkerProcess | undefined;
let browser: Browser | undefined;
let catalog: BuiltAsset[] = [];
let clipServer: Server | undefined;
let clipUrl: string;

beforeAll(async () => {
  // `npm test` builds the page first; a lone `npx jest` run gets it here (a no-op when up to date).
  execFileSync('bash', [path.join(ROOT, 'scripts/build-playground.sh')], { stdio: ['ignore', 'ignore', 'inherit'] });
  // The port first, so output URLs (PUBLIC_BASE_URL) name it: as `localhost`, while the browser
  // opens 127.0.0.1, so the page's same-origin rewrite of /files/ URLs is exercised too.
  const server = await new Promise<Server>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => resolve(s));
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('api: no TCP address');
  await new Promise((resolve) => server.close(resolve));
  base = `http://127.0.0.1:${address.port}`;
  // A humanoid walk clip on a local server (the one address the fetch guard is told to allow).
  const clip = Buffer.from(await buildHumanoidClipGlb({}));
  clipServer = createServer((_req, res) => res.end(clip));
  await new Promise<void>((resolve) => clipServer!.listen(0, '127.0.0.1', resolve));
  clipUrl = `http://127.0.0.1:${(clipServer.address() as AddressInfo).port}/walk.glb`;
  h = await startIsolatedHarness({ PUBLIC_BASE_URL: `http://localhost:${address.port}`, REQUIRE_LIVE_WORKERS: 'true', FETCH_ALLOW_HOSTS: '127.0.0.1' });
  api = await new Promise<Server>((resolve) => {
    const s = h.app.listen(address.port, '127.0.0.1', () => resolve(s));
  });
  account = await h.seedAccount({ plan: 'standard', credits: 1000 });
  // Two real starter assets from two packs, stored by the real import service in this run's own
  // database, for the catalog panel.
  const wanted = STARTER_PACKS.slice(0, 2).map((p) => STARTER_ASSETS.find((a) => a.pack === p.id)!.id);
  catalog = (await buildStarterCatalog({ filter: (a) => wanted.includes(a.id), thumbnailSize: 96 })).assets;
  for (const asset of catalog) await storeCatalogPacks(h.ctx, { packs: [asset.pack], catalogVersion: 'test', assets: [asset] });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  await new Promise((resolve) => (api ? api.close(resolve) : resolve(undefined)));
  await new Promise((resolve) => (clipServer ? clipServer.close(resolve) : resolve(undefined)));
  await h?.close();
});

test('/ redirects to /playground/, the page has a same-origin CSP and hashed bundles cached for a year', async () => {
  const root = await h.request.get('/');
  expect(root.status).toBe(302);
  expect(root.headers.location).toBe('/playground/');
  expect((await h.request.get('/playground')).headers.location).toBe('/playground/');
  const page = await h.request.get('/playground/');
  expect(page.status).toBe(200);
  expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  expect(page.headers['cache-control']).toBe('no-cache');
  // Everything the page loads is ours (no CDN).
  const refs = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
  expect(refs.filter((r) => /^(https?:)?\/\//.test(r))).toEqual([]);
  const script = refs.find((r) => r.startsWith('/playground/assets/') && r.endsWith('.js'));
  expect(script).toBeDefined();
  const bundle = await h.request.get(script!);
  expect(bundle.status).toBe(200);
  expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const missing = await h.request.get('/playground/assets/nope.js');
  expect(missing.status).toBe(404);
  expect(missing.body.error.code).toBe('not_found');
});

/** Joints of every skin of a GLB, read from its JSON chunk (the 12-byte header, then length and type). */
function glbJointCount(glb: Buffer): number {
  const length = glb.readUInt32LE(12);
  const json = JSON.parse(glb.subarray(20, 20 + length).toString('utf8')) as { skins?: { joints: number[] }[] };
  return new Set((json.skins ?? []).flatMap((skin) => skin.joints)).size;
}

/** The page's read-only test hook (apps/playground/src/main.ts), as far as this test reads it. */
interface PageGlobals {
  __playground: {
    snapshot(): {
      job: { id: string | null; status: string | null; error: { code: string; message: string } | null };
      viewer: { title: string; meshCount: number; skinnedMeshCount: number; jointCount: number; jointNames: string[]; selectedJoint: string | null; bendDegrees: number[]; heatMap: boolean; animations: string[]; playing: string | null };
    };
    maxVertexDisplacement(): number;
  };
  localStorage: { getItem(key: string): string | null };
  document: { activeElement: { id: string } | null };
}

// The callbacks run in the page, whose globals the Node-side types do not know.
const snapshot = (page: Page) => page.evaluate(() => (globalThis as unknown as PageGlobals).__playground.snapshot());
const displacement = (page: Page) => page.evaluate(() => (globalThis as unknown as PageGlobals).__playground.maxVertexDisplacement());

maybe('in Chromium: upload a mesh, watch the job, view the rig, bend a joint', async () => {
  worker = startWorkerProcess('rig.fast', workerEnvFor(h, { SWEEP_INTERVAL_MS: '3600000', REQUEUE_AFTER_MS: '3600000', FETCH_ALLOW_HOSTS: '127.0.0.1' }));
  await waitFor(async () => worker!.output().includes('ready'), 90_000, 'the rig.fast worker').catch((error: Error) => {
    throw new Error(`${error.message}\n${worker!.output()}`);
  });
  browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  // Generous waits: on a shared 2-core machine Chromium's software WebGL and the bundle's parse
  // can take far longer than playwright's 30 s default. No assertion depends on time.
  page.setDefaultTimeout(120_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('requestfinished', (request) => {
    const url = request.url();
    if (!url.startsWith(base) && !url.startsWith('data:') && !url.startsWith('blob:')) problems.push(`offsite request: ${url}`);
  });

  await page.goto(`${base}/playground/`);
  // Keyboard: from the key field, Tab reaches the key's button and then the file picker.
  await page.locator('#api-key').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).document.activeElement?.id)).toBe('file');
  await page.getByLabel('Key (kept in this browser\'s local storage only)').fill(account.key);
  expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).localStorage.getItem('rigforge.playground.apiKey'))).toBe(account.key);
  // A file that is not a mesh: the API's refusal shows with its code and message.
  await page.setInputFiles('#file', { name: 'broken.stl', mimeType: 'model/stl', buffer: Buffer.from('solid nothing here\n') });
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.locator('#job-error').waitFor({ state: 'visible' });
  expect(await page.locator('#job-error').textContent()).toMatch(/^unsupported_format: /);
  expect((await snapshot(page)).job.error?.code).toBe('unsupported_format');

  await page.setInputFiles('#file', HUMANOID);
  await page.getByLabel(/Clip URL to retarget/).fill(clipUrl);
  // When the page first says "succeeded" (epoch ms, the same clock as the server's on this machine).
  await page.evaluate(() => {
    const g = globalThis as unknown as { document: { getElementById(id: string): { textContent: string | null } }; MutationObserver: new (cb: () => void) => { observe(node: unknown, options: object): void }; __succeededShownAt?: number };
    const status = g.document.getElementById('job-status');
    new g.MutationObserver(() => {
      if (g.__succeededShownAt === undefined && status.textContent?.includes('succeeded')) g.__succeededShownAt = Date.now();
    }).observe(status, { childList: true, characterData: true, subtree: true });
  });
  await page.getByRole('button', { name: 'Submit', exact: true }).click();

  // The page follows the job's event stream; the viewer has loaded the output once joints show.
  await page.waitForFunction(
    () => {
      const s = (globalThis as unknown as PageGlobals).__playground.snapshot();
      return s.job.error !== null || s.job.status === 'failed' || s.viewer.jointCount > 0;
    },
    undefined,
    { timeout: 280_000, polling: 250 },
  );
  let state = await snapshot(page);
  expect(state.job.error).toBeNull();
  expect(state.job.status).toBe('succeeded');

  const job = await h.request.get(`/v1/jobs/${state.job.id}`).set(account.auth);
  expect(job.body.status).toBe('succeeded');
  // Shown as it happened, not at the next poll: a poll would come up to 5 s later (a fast rig's
  // interval). The bound is loose for a loaded machine; the delay itself is printed below.
  const shownAt = await page.evaluate(() => (globalThis as unknown as { __succeededShownAt?: number }).__succeededShownAt);
  const shownAfterMs = shownAt! - Date.parse(job.body.completed_at);
  expect(shownAfterMs).toBeLessThan(2_000);
  const expectedJoints = glbJointCount(await fetchOutput(h, job.body.output.model_url));
  expect(expectedJoints).toBeGreaterThan(10);
  expect(state.viewer.skinnedMeshCount).toBeGreaterThanOrEqual(1);
  expect(state.viewer.jointCount).toBe(expectedJoints);
  expect(await displacement(page)).toBeLessThan(1e-4);
  expect(await page.locator('#job-status').textContent()).toContain('succeeded');
  expect(await page.getByRole('link', { name: /Download model \(glb/ }).isVisible()).toBe(true);

  await mkdir(SHOTS, { recursive: true });
  await page.waitForTimeout(300); // a few frames after the load, for the screenshot only
  await page.locator('#viewer').screenshot({ path: path.join(SHOTS, 'rigged.png') });

  // Bend the left upper arm (any arm joint, else a middle joint) with the keyboard-usable controls.
  const names = state.viewer.jointNames;
  const armIndex = [/left.?upper.?arm/i, /upper.?arm/i, /arm/i].map((re) => names.findIndex((n) => re.test(n))).find((i) => i >= 0) ?? Math.floor(names.length / 2);
  await page.getByLabel('Joint', { exact: true }).selectOption(String(armIndex));
  await page.locator('#bend-z').fill('-60');
  await page.locator('#bend-x').fill('30');
  // Keyboard: the sliders step with the arrow keys.
  await page.locator('#bend-y').focus();
  await page.keyboard.press('ArrowRight');
  state = await snapshot(page);
  expect(state.viewer.selectedJoint).toBe(names[armIndex]);
  expect(state.viewer.bendDegrees).toEqual([30, 1, -60]);
  const moved = await displacement(page);
  expect(moved).toBeGreaterThan(0.05);
  await page.waitForTimeout(300);
  await page.locator('#viewer').screenshot({ path: path.join(SHOTS, 'bent.png') });

  await page.getByLabel('Weight heat-map of the chosen joint').check();
  expect((await snapshot(page)).viewer.heatMap).toBe(true);
  await page.waitForTimeout(300);
  await page.locator('#viewer').screenshot({ path: path.join(SHOTS, 'heatmap.png') });
  await page.screenshot({ path: path.join(SHOTS, 'page.png'), fullPage: true });

  // Resetting the pose puts every vertex back.
  await page.getByRole('button', { name: 'Reset pose' }).click();
  expect(await displacement(page)).toBeLessThan(1e-4);

  // The retargeted clip plays (vertices move) and stops back in the rest pose.
  expect(state.viewer.animations.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Play' }).click();
  await page.waitForTimeout(700);
  const playing = await snapshot(page);
  expect(playing.viewer.playing).not.toBeNull();
  expect(await displacement(page)).toBeGreaterThan(0.01);
  await page.locator('#viewer').screenshot({ path: path.join(SHOTS, 'animation.png') });
  await page.getByRole('button', { name: 'Stop' }).click();
  expect((await snapshot(page)).viewer.playing).toBeNull();
  expect(await displacement(page)).toBeLessThan(1e-4);

  // The history lists the job with its thumbnail.
  await page.locator('#history img').first().waitFor({ state: 'visible' });

  // The catalog: filter by search text and pack, open an asset in the viewer.
  const asset = catalog[1]!;
  await page.locator('#catalog-query').fill(asset.name.slice(0, 4).toLowerCase());
  await page.getByLabel('Pack').selectOption(asset.pack);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  // The unfiltered page shows both assets until the filtered answer replaces it.
  await page.locator('#catalog-page', { hasText: /^1–1 of 1$/ }).waitFor();
  expect(await page.locator('#catalog li').count()).toBe(1);
  const open = page.getByRole('button', { name: `Open ${asset.name} in the viewer` });
  await open.click();
  await page.waitForFunction((name) => (globalThis as unknown as PageGlobals).__playground.snapshot().viewer.title.startsWith(name), asset.name);
  const opened = (await snapshot(page)).viewer;
  expect(opened).toMatchObject({ jointCount: 0, skinnedMeshCount: 0 });
  expect(opened.meshCount).toBeGreaterThan(0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, 'catalog.png'), fullPage: true });
  // The browser logs the refused upload's 400 itself; nothing else may go wrong.
  expect(problems).toEqual(['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  process.stderr.write(`playground.e2e: the page showed the rig succeeded ${shownAfterMs} ms after the job ended; screenshots in ${SHOTS} (rigged.png, bent.png, heatmap.png, animation.png, page.png, catalog.png); ${expectedJoints} joints, a bent vertex moved ${moved.toFixed(3)}\n`);
}, 480_000);
