/** The CLI's live line of a job: the status alone until it processes, then the stage, share and a bar; and its job lines. */
import { PassThrough } from 'node:stream';
import { RigforgeClient } from '@rigforge/client';
import { printJob } from '../src/print';
import { progressLine } from '../src/progress-line';

const ID = '6f1c1f5e-2f4b-4b8e-9a51-0d7a4b1f2c3d';

test('queued: the status and the time waited', () => {
  expect(progressLine(ID, { status: 'queued', progress: 0 }, 2400)).toBe(`job ${ID}: queued (2 s)`);
});

test('processing: the stage, the share in percent and a bar that fills with it', () => {
  expect(progressLine(ID, { status: 'processing', stage: 'skin', progress: 0.55 }, 12_000)).toBe(`job ${ID}: processing, skin 55% [######····] (12 s)`);
  expect(progressLine(ID, { status: 'processing', progress: 0 }, 0)).toBe(`job ${ID}: processing, 0% [··········] (0 s)`);
  // A share off the contract's range is drawn within it.
  expect(progressLine(ID, { status: 'processing', stage: 'thumbnail', progress: 1.5 }, 0)).toContain('100% [##########]');
});

test('a job line (jobs list, jobs get) ends with the stage and share while processing, and the stage a failed job stopped in', () => {
  const lines: string[] = [];
  const ctx = { client: new RigforgeClient({ baseUrl: 'http://api.test', apiKey: 'k' }), json: false, out: (l: string) => void lines.push(l), err: new PassThrough() };
  const base = { id: ID, operation: 'rig' as const, created_at: '2026-01-01T00:00:00.000Z' };
  printJob(ctx, { ...base, status: 'processing', stage: 'fit', progress: 0.05 });
  printJob(ctx, { ...base, status: 'failed', stage: 'read', progress: 0.02, error: { code: 'unsupported_format', message: 'not a mesh' } });
  expect(lines).toEqual([`${ID}  rig  processing  2026-01-01T00:00:00.000Z  fit 5%`, `${ID}  rig  failed  2026-01-01T00:00:00.000Z  unsupported_format (in read)`]);
});
