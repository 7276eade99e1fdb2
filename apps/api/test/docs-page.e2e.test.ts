/**
 * The /docs page in a real browser: headless Chromium (Debian's `chromium`, driven by
 * playwright-core) loads the page from the API on a real port, Redoc renders the OpenAPI document
 * from our own bundle, and every path of the document appears on the page. A screenshot is kept
 * in test-output/docs-page.png. Skipped, saying so, when no Chromium is installed
 * (`apt-get install chromium`; .ci/run installs it).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { buildOpenApiDocument } from '@rigforge/contracts';
import type { Browser } from 'playwright-core';
import { z } from 'zod';
import { browserTest, launchChromium } from './chromium';
import { startHarness, type Harness } from './harness';
import { listenOnLoopback, type LoopbackServer } from './listen-on-loopback';

const SCREENSHOT = path.resolve(__dirname, '../../../test-output/docs-page.png');
const maybe = browserTest('docs-page.e2e');

let h: Harness;
let api: LoopbackServer | undefined;
let base: string;
let browser: Browser | undefined;

beforeAll(async () => {
  h = await startHarness();
  api = await listenOnLoopback(h.app);
  base = api.baseUrl;
});

afterAll(async () => {
  await browser?.close();
  await api?.close();
  await h?.close();
});

test('/docs is served with a same-origin-only CSP and a local Redoc bundle', async () => {
  const page = await h.request.get('/docs');
  expect(page.status).toBe(200);
  expect(page.headers['content-security-policy']).toContain("default-src 'self'");
  expect(page.text).toContain('src="/docs/redoc.standalone.js"');
  expect(page.text).not.toMatch(/https?:\/\//);
  const bundle = await h.request.get('/docs/redoc.standalone.js');
  expect(bundle.status).toBe(200);
});

maybe('headless Chromium renders every endpoint of the OpenAPI document', async () => {
  browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1280, height: 2000 } });
  // Redoc's sidebar footer asks for its vendor's logo on a CDN; the page's CSP blocks it, so no
  // request may reach another origin.
  const offsite: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(base) && !request.url().startsWith('data:') && !request.url().startsWith('blob:')) offsite.push(request.url());
  });
  await page.goto(`${base}/docs`);
  const paths = Object.keys(z.object({ paths: z.record(z.string(), z.unknown()) }).parse(buildOpenApiDocument()).paths);
  expect(paths.length).toBeGreaterThan(5);
  for (const p of paths) {
    await page.getByText(p, { exact: false }).first().waitFor({ state: 'attached', timeout: 30_000 });
  }
  await mkdir(path.dirname(SCREENSHOT), { recursive: true });
  await page.screenshot({ path: SCREENSHOT, fullPage: false });
  expect(offsite).toEqual([]);
}, 90_000);
