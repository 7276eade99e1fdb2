/** The CLI's live line of a job: the status alone until it processes, then the stage, share and a bar. */
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
