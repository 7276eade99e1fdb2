/**
 * The headless browser of the browser tests: Debian's `chromium` (CHROMIUM_PATH overrides), driven
 * by playwright-core. `.ci/run` installs it where missing; without it the browser tests are
 * skipped, saying so on stderr.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH: string | undefined = [process.env.CHROMIUM_PATH ?? '', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => p && existsSync(p),
);

/** `test`, or `test.skip` with a line on stderr naming the missing browser and how to get it. */
export function browserTest(suite: string): jest.It {
  if (CHROMIUM_PATH) return test;
  process.stderr.write(`${suite}: SKIPPED: no Chromium found (apt-get install chromium, or set CHROMIUM_PATH)\n`);
  return test.skip;
}

/**
 * Headless Chromium. WebGL runs on SwiftShader (software) since a test machine has no GPU; recent
 * Chromium wants that asked for explicitly.
 */
export function launchChromium(): Promise<Browser> {
  if (!CHROMIUM_PATH) throw new Error('no Chromium found');
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'],
  });
}
