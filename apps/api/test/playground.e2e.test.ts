/**
 * The web playground in a real browser against a started service: the API on a real port (its own
 * database), a real rig.fast worker process with the real engines, and headless Chromium (Debian's
 * `chromium` through playwright-core; skipped, saying so, without it). The browser pastes a key,
 * uploads examples/humanoid.glb with a walk clip to retarget, follows the job (its engine stages and progress bar shown as its events come), and the viewer
 * must hold a skinned mesh with the output's joint count; bending a joint and playing the clip
 * must move vertices.
 * Screenshots are kept in test-output/playground/ (gitignored): rigged.png (model and skeleton),
 * bent.png (a bent arm), heatmap.png (the chosen joint's weights), animation.png (the clip
 * playing), page.png, catalog-cards.png (the catalog's cards) and catalog.png (a catalog asset
 * opened in the viewer), quadruped-fbx.png (a quadruped rigged as FBX) and generated-quadruped.png
 * (a model generated from a drawn quadruped, then rigged as one).
 * A second test rigs examples/quadruped.glb as FBX, whose picker must list as many joints as the
 * same rig as GLB (FBXLoader leaves joints without skin weights out of the skeleton), and
 * generates a model from a drawn quadruped with a real generate_model worker, then rigs it with
 * the body plan chosen on the page.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildStarterCatalog, STARTER_ASSETS, STARTER_PACKS, type BuiltAsset } from '@rigforge/catalog';
import { RIG_STAGES } from '@rigforge/contracts';
import { buildHumanoidClipGlb } from '@rigforge/mesh/testing';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { storeCatalogPacks } from '../src/services/catalog-import';
import { fetchOutput, workerEnvFor } from '../../worker/test/e2e-env';
import { startWorkerProcess, waitFor, type WorkerProcess } from '../../worker/test/worker-process';
import { browserTest, launchChromium } from './chromium';
import { startIsolatedHarness, type Harness, type SeededAccount } from './harness';

const ROOT = path.resolve(__dirname, '../../..');
const HUMANOID = path.join(ROOT, 'examples/humanoid.glb');
const QUADRUPED = path.join(ROOT, 'examples/quadruped.glb');
const SHOTS = path.join(ROOT, 'test-output/playground');
const maybe = browserTest('playground.e2e');

let h: Harness;
let api: Server;
let base: string;
let account: SeededAccount;
let worker: WorkerProcess | undefined;
let generator: WorkerProcess | undefined;
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
  await generator?.stop();
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
      job: { id: string | null; status: string | null; error: { code: string; message: string } | null; stage: string | null; progress: number; stages: string[] };
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

/** A real worker process for `queue` (this run's database and Redis), started once and ready. */
async function startWorker(queue: string): Promise<WorkerProcess> {
  const started = startWorkerProcess(queue, workerEnvFor(h, { SWEEP_INTERVAL_MS: '3600000', REQUEUE_AFTER_MS: '3600000', FETCH_ALLOW_HOSTS: '127.0.0.1' }));
  await waitFor(async () => started.output().includes('ready'), 90_000, `the ${queue} worker`).catch((error: Error) => {
    throw new Error(`${error.message}\n${started.output()}`);
  });
  return started;
}

/** A page on the playground that records every page error, console error and offsite request. */
async function openPlayground(problems: string[]): Promise<Page> {
  browser ??= await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  // Generous waits: on a shared 2-core machine Chromium's software WebGL and the bundle's parse
  // can take far longer than playwright's 30 s default. No assertion depends on time.
  page.setDefaultTimeout(120_000);
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('requestfinished', (request) => {
    const url = request.url();
    if (!url.startsWith(base) && !url.startsWith('data:') && !url.startsWith('blob:')) problems.push(`offsite request: ${url}`);
  });
  await page.goto(`${base}/playground/`);
  return page;
}

/** Waits until the page's job (the one it follows now, not `previous`) has ended or failed to submit. */
async function waitForShownJob(page: Page, previous: string | null): Promise<void> {
  await page.waitForFunction(
    (before) => {
      const s = (globalThis as unknown as PageGlobals).__playground.snapshot();
      return s.job.error !== null || (s.job.id !== before && (s.job.status === 'failed' || s.job.status === 'succeeded'));
    },
    previous,
    { timeout: 280_000, polling: 250 },
  );
}

/** Waits until the viewer shows job `id`'s output (its title names the job). */
async function shownInViewer(page: Page, id: string): Promise<void> {
  await page.waitForFunction((short) => (globalThis as unknown as PageGlobals).__playground.snapshot().viewer.title.includes(short), id.slice(0, 8));
}

maybe('in Chromium: upload a mesh, watch the job, view the rig, bend a joint', async () => {
  worker ??= await startWorker('rig.fast');
  const problems: string[] = [];
  const page = await openPlayground(problems);

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
  // Every value the progress bar takes (the IDL value reflects to the attribute).
  await page.evaluate(() => {
    const g = globalThis as unknown as { document: { getElementById(id: string): { getAttribute(name: string): string | null } }; MutationObserver: new (cb: () => void) => { observe(node: unknown, options: object): void }; __barValues: number[] };
    const bar = g.document.getElementById('job-progress');
    g.__barValues = [];
    new g.MutationObserver(() => {
      const value = bar.getAttribute('value');
      if (value !== null) g.__barValues.push(Number(value));
    }).observe(bar, { attributes: true, attributeFilter: ['value'] });
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
  // The page showed the rigger's stages as they came, in its order (the long fit and skin always),
  // and the bar moved with them: up through the stages, never back, to 1.
  expect(state.job.progress).toBe(1);
  expect(state.job.stages).toEqual(expect.arrayContaining(['fit', 'skin']));
  const order = state.job.stages.map((s) => (RIG_STAGES as readonly string[]).indexOf(s));
  expect(order).toEqual([...order].sort((a, b) => a - b));
  const bar = await page.evaluate(() => (globalThis as unknown as { __barValues: number[] }).__barValues);
  expect(bar.filter((v) => v > 0 && v < 1).length).toBeGreaterThanOrEqual(2);
  expect(bar).toEqual([...bar].sort((a, b) => a - b));
  expect(bar.at(-1)).toBe(1);

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

  // The catalog: every card's picture sits inside a margin (renderThumbnail frames a model edge to
  // edge, so without one a model touches the card and reads as cropped).
  await page.locator('#catalog li img').nth(catalog.length - 1).waitFor({ state: 'visible' });
  const framing = await page.locator('#catalog li img').evaluateAll((imgs) =>
    imgs.map((img) => {
      const style = (globalThis as unknown as { getComputedStyle(e: unknown): { paddingLeft: string; paddingTop: string } }).getComputedStyle(img);
      return { width: (img as unknown as { clientWidth: number }).clientWidth, padding: Math.min(parseFloat(style.paddingLeft), parseFloat(style.paddingTop)) };
    }),
  );
  expect(framing).toHaveLength(catalog.length);
  for (const { width, padding } of framing) expect(padding / width).toBeGreaterThanOrEqual(0.05);
  await page.locator('#catalog').screenshot({ path: path.join(SHOTS, 'catalog-cards.png') });

  // Filter by search text and pack, open an asset in the viewer.
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

/** A four-legged animal seen from the side (head right, tail left) on a transparent background. */
async function quadrupedPng(): Promise<Buffer> {
  const w = 320;
  const hgt = 220;
  const rgba = Buffer.alloc(w * hgt * 4);
  const inside = (x: number, y: number) =>
    ((x - 160) / 100) ** 2 + ((y - 95) / 40) ** 2 < 1 || // body
    (x - 272) ** 2 + (y - 55) ** 2 < 26 ** 2 || // head
    (Math.abs(x - 250) < 14 && y > 60 && y < 100) || // neck
    (Math.abs(y - 80) < 6 && x > 30 && x < 70) || // tail
    [90, 120, 205, 230].some((lx) => Math.abs(x - lx) < 11 && y >= 110 && y < 205); // legs
  for (let y = 0; y < hgt; y++) for (let x = 0; x < w; x++) if (inside(x, y)) rgba.set([150, 100, 60, 255], (y * w + x) * 4);
  return sharp(rgba, { raw: { width: w, height: hgt, channels: 4 } }).png().toBuffer();
}

maybe('in Chromium: a quadruped rigged as FBX lists every joint; a generated model is rigged as a quadruped', async () => {
  worker ??= await startWorker('rig.fast');
  generator ??= await startWorker('generate_model');
  const problems: string[] = [];
  const page = await openPlayground(problems);
  await page.getByLabel('Key (kept in this browser\'s local storage only)').fill(account.key);
  await mkdir(SHOTS, { recursive: true });

  // The same mesh and body plan as GLB, over the API: the joints the rig has.
  const glbJob = await h.request.post('/v1/rigs').set(account.auth).send({ model_base64: (await readFile(QUADRUPED)).toString('base64'), rig_type: 'quadruped', output_format: 'glb' });
  expect(glbJob.status).toBe(202);

  // As FBX in the page: every joint is in the picker, also those that weigh no vertex.
  await page.setInputFiles('#file', QUADRUPED);
  // Ready clips: none offered for auto, the plan's own once it is named, and the chosen sent.
  await page.getByLabel('Body plan').selectOption('auto');
  expect(await page.locator('#animations').isDisabled()).toBe(true);
  await page.getByLabel('Body plan').selectOption('quadruped');
  expect(await page.locator('#animations option').allTextContents()).toEqual(['idle', 'walk', 'trot', 'gallop']);
  await page.locator('#animations').selectOption(['walk']);
  await page.getByLabel('Output format').selectOption('fbx');
  const posted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/v1/rigs');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  expect((await posted).request().postDataJSON()).toMatchObject({ rig_type: 'quadruped', animations: ['walk'] });
  await page.locator('#animations').selectOption([]);
  await waitForShownJob(page, null);
  let state = await snapshot(page);
  expect(state.job.error).toBeNull();
  expect(state.job.status).toBe('succeeded');
  const fbxJob = (await h.request.get(`/v1/jobs/${state.job.id}`).set(account.auth)).body;
  expect(fbxJob.output.model_url).toMatch(/\.fbx$/);
  await shownInViewer(page, fbxJob.id);
  const glbDone = await waitFor(
    async () => {
      const job = (await h.request.get(`/v1/jobs/${glbJob.body.id}`).set(account.auth)).body;
      return job.status === 'succeeded' || job.status === 'failed' ? job : null;
    },
    280_000,
    'the GLB rig',
  );
  expect(glbDone.status).toBe('succeeded');
  const glbJoints = glbJointCount(await fetchOutput(h, glbDone.output.model_url));
  state = await snapshot(page);
  expect(state.viewer.skinnedMeshCount).toBeGreaterThanOrEqual(1);
  expect(state.viewer.jointCount).toBe(glbJoints);
  expect(new Set(state.viewer.jointNames).size).toBe(glbJoints);
  expect(await page.locator('#joint option').count()).toBe(glbJoints);
  await page.waitForTimeout(300);
  await page.locator('#viewer').screenshot({ path: path.join(SHOTS, 'quadruped-fbx.png') });

  // A model generated from a drawn quadruped, then rigged as one with the options shown once the
  // generated job succeeds.
  await page.getByLabel('Output format').selectOption('glb');
  await page.setInputFiles('#file', { name: 'dog.png', mimeType: 'image/png', buffer: await quadrupedPng() });
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await waitForShownJob(page, fbxJob.id);
  state = await snapshot(page);
  expect(state.job.error).toBeNull();
  expect(state.job.status).toBe('succeeded');
  const generatedId = state.job.id;
  expect((await h.request.get(`/v1/jobs/${generatedId}`).set(account.auth)).body.operation).toBe('generate_model');
  const rigThis = page.getByRole('button', { name: 'Rig this generated model (body plan above)' });
  await rigThis.waitFor({ state: 'visible' });
  await page.getByLabel('Body plan').selectOption('quadruped');
  const creating = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/v1/rigs');
  await rigThis.click();
  const created = await creating;
  expect(created.request().postDataJSON()).toMatchObject({ from_job: generatedId, rig_type: 'quadruped' });
  expect(created.status()).toBe(202);
  const createdRig = (await created.json()) as { id: string; operation: string; rig_type: string };
  expect(createdRig).toMatchObject({ operation: 'rig', rig_type: 'quadruped' });
  await waitForShownJob(page, generatedId);
  state = await snapshot(page);
  expect(state.job.error).toBeNull();
  expect(state.job.id).toBe(createdRig.id);
  const rig = (await h.request.get(`/v1/jobs/${createdRig.id}`).set(account.auth)).body;
  expect(rig).toMatchObject({ operation: 'rig', status: 'succeeded' });
  await shownInViewer(page, rig.id);
  // Its own file's joints: a generated animal's skeleton need not have the drawn one's count (a
  // tail the shape does not show gets fewer stand-in joints).
  expect((await snapshot(page)).viewer.jointCount).toBe(glbJointCount(await fetchOutput(h, rig.output.model_url)));
  await page.waitForTimeout(300);
  await page.locator('#viewer').screenshot({ path: path.join(SHOTS, 'generated-quadruped.png') });
  expect(problems).toEqual([]);
  process.stderr.write(`playground.e2e: quadruped as FBX and as GLB: ${glbJoints} joints in the picker; generated model ${generatedId} rigged as a quadruped by job ${rig.id}\n`);
}, 600_000);
