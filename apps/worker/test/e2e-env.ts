import path from 'node:path';
import type { Harness } from '../../api/test/harness';

/** The environment a worker process needs to share the harness's database, Redis prefix and storage. */
export function workerEnvFor(h: Harness, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: h.ctx.env.DATABASE_URL,
    REDIS_URL: h.ctx.env.REDIS_URL,
    REDIS_PREFIX: h.ctx.env.REDIS_PREFIX,
    STORAGE_DIR: h.ctx.env.STORAGE_DIR,
    PUBLIC_BASE_URL: h.ctx.env.PUBLIC_BASE_URL,
    ...extra,
  };
}

export const TEST_ENGINES = path.join(__dirname, 'engines/test-engines.ts');

/** Reads a served output file back through the API's /files route. */
export async function fetchOutput(h: Harness, url: string): Promise<Buffer> {
  const res = await h.request
    .get(new URL(url).pathname)
    .buffer(true)
    .parse((stream, cb) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`);
  return res.body as Buffer;
}
