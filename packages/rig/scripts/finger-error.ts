/**
 * Per-finger joint error on an artist-rigged development set (layout in that set's README): for
 * every biped whose artist skeleton has a thumb and four fingers (`Thumb…`, `Index…`, `Middle…`,
 * `Ring…`, `Pinky…` joints with a side suffix), fits the skeleton to `input.glb` and prints how
 * many of our finger joints it got and their distance to the artist's, per group: knuckles,
 * the fingers' other joints, the thumb. Each finger's chains are matched from the tip (our distal
 * joint ↔ the artist's last), so a template without a thumb metacarpal still compares.
 *
 *   npx tsx packages/rig/scripts/finger-error.ts <dev-set dir> [--only id,id]
 *
 * A script, not a test: the set is development data that never enters the repository.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMesh } from '@rigforge/mesh';
import { FINGERS, fingerJointName, type Finger } from '../src/finger-joint-names';
import { fitSkeleton } from '../src/fit-skeleton';
import { readGtJoints, readManifest, type GtJoint } from './lib/dev-set';

const ARTIST: Record<Finger, string> = { thumb: 'Thumb', index: 'Index', middle: 'Middle', ring: 'Ring', little: 'Pinky' };

/** The artist's chain of one finger, root → tip. */
function artistChain(joints: GtJoint[], finger: Finger, side: 'left' | 'right'): GtJoint[] {
  const re = new RegExp(`^${ARTIST[finger]}\\d*[._]?${side === 'left' ? 'L' : 'R'}$`, 'i');
  const mine = joints.filter((j) => j.deforming && re.test(j.name));
  const names = new Set(mine.map((j) => j.name));
  const depth = (j: GtJoint): number => {
    let d = 0;
    for (let p = j.parent; p !== null && names.has(p); p = mine.find((x) => x.name === p)?.parent ?? null) d++;
    return d;
  };
  return mine.sort((a, b) => depth(a) - depth(b));
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: finger-error.ts <dev-set dir> [--only id,id]');
  const i = process.argv.indexOf('--only');
  const only = i >= 0 ? new Set((process.argv[i + 1] ?? '').split(',')) : null;
  const mean = (xs: number[]): string => (xs.length ? ((xs.reduce((a, b) => a + b, 0) / xs.length) * 100).toFixed(1) : '–');
  const max = (xs: number[]): string => (xs.length ? (Math.max(...xs) * 100).toFixed(1) : '–');
  const all = { knuckle: [] as number[], outer: [] as number[], thumb: [] as number[] };
  console.log('| character | finger joints ours/artist | knuckles cm (mean/max) | other finger joints cm | thumb cm |');
  console.log('|---|---:|---:|---:|---:|');
  for (const c of readManifest(dir)) {
    if (c.bodyPlan !== 'biped' || (only && !only.has(c.id))) continue;
    const gt = readGtJoints(dir, c.id);
    if (!FINGERS.every((f) => artistChain(gt, f, 'left').length >= 2)) continue;
    const mesh = (await readMesh(new Uint8Array(readFileSync(join(dir, c.id, 'input.glb'))))).mesh;
    const ours = new Map(fitSkeleton(mesh, 'biped').skeleton.joints.map((j) => [j.name, j.position]));
    const row = { knuckle: [] as number[], outer: [] as number[], thumb: [] as number[] };
    let count = 0, artistCount = 0;
    for (const side of ['left', 'right'] as const) {
      for (const f of FINGERS) {
        const chain = artistChain(gt, f, side);
        artistCount += chain.length;
        for (let k = 2, a = chain.length - 1; k >= 0 && a >= 0; k--, a--) {
          const p = ours.get(fingerJointName(side, f, k as 0 | 1 | 2));
          if (!p) continue;
          const q = chain[a]!.placedPosition;
          const d = Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
          (f === 'thumb' ? row.thumb : k === 0 ? row.knuckle : row.outer).push(d);
        }
        for (let k = 0; k < 3; k++) if (ours.has(fingerJointName(side, f, k as 0 | 1 | 2))) count++;
      }
    }
    for (const g of ['knuckle', 'outer', 'thumb'] as const) all[g].push(...row[g]);
    console.log(`| ${c.id} | ${count}/${artistCount} | ${mean(row.knuckle)}/${max(row.knuckle)} | ${mean(row.outer)}/${max(row.outer)} | ${mean(row.thumb)}/${max(row.thumb)} |`);
  }
  console.log(`| **all** | | ${mean(all.knuckle)}/${max(all.knuckle)} | ${mean(all.outer)}/${max(all.outer)} | ${mean(all.thumb)}/${max(all.thumb)} |`);
}

void main();
