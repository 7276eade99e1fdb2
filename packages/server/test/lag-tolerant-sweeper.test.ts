import { spawn } from 'node:child_process';
import { LagTolerantSweeper } from '../src/lag-tolerant-sweeper';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('sweeps while its owner has work, and its timer stops after the idle sweeps it was given', async () => {
  let pending = 2;
  const sweeps: number[] = [];
  const sweeper = new LagTolerantSweeper(5, 3, (now) => {
    sweeps.push(now);
    pending = Math.max(0, pending - 1);
    return pending > 0;
  });
  sweeper.start();
  sweeper.start(); // a second start while running adds no timer
  await wait(150);
  // Two sweeps with work (the second finds none left), then three idle ones, then the timer stopped.
  expect(sweeps.length).toBe(4);
  expect(sweeps.every((t, i) => i === 0 || t > sweeps[i - 1]!)).toBe(true);
  // Started again, it sweeps again.
  pending = 1;
  sweeper.start();
  await wait(100);
  expect(sweeps.length).toBe(4 + 3);
});

test('after a stalled event loop, a reply already in the socket is read before the sweep judges it', async () => {
  // The "reply" comes from another process (cat echoing its input) while this loop is stalled, so it
  // sits in the pipe when the loop comes back; the sweep, due by then, must run after it is read.
  const echo = spawn('cat', [], { stdio: ['pipe', 'pipe', 'ignore'] });
  try {
    await new Promise((resolve) => echo.once('spawn', resolve));
    let settled = false;
    let judgedUnsettled = false;
    echo.stdout.once('data', () => { settled = true; });
    const sweeper = new LagTolerantSweeper(5, 1, () => {
      if (!settled) judgedUnsettled = true;
      return false;
    });
    echo.stdin.write('x');
    sweeper.start();
    const stallUntil = Date.now() + 300; // the reply arrives and the sweep falls due meanwhile
    while (Date.now() < stallUntil) { /* a busy loop */ }
    await wait(30);
    expect(settled).toBe(true);
    expect(judgedUnsettled).toBe(false);
  } finally {
    echo.kill();
  }
});
