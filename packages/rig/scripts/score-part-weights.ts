/**
 * Whether our rig moves an artist's parts as the artist meant, for few-joint artist rigs (a
 * 6-joint rigid "mini": legs, torso, arms, head) that CD-J2J cannot judge fairly (it charges
 * every joint of ours against the artist's few). Each joint, ours and the artist's, is given a
 * body part by its name (head, left/right arm, left/right leg, torso); for every vertex the
 * artist binds rigidly (one joint ≥ 0.9), the share of our weight on joints of the same part is
 * measured at the nearest vertex of our rig. A share below 1 on the head's vertices means an arm
 * or the torso bends the head.
 *
 *   npx tsx packages/rig/scripts/score-part-weights.ts <dev-set dir> [--artist kenney] [--only id,id] [--engine fast]
 *
 * A script, not a test: the set is development data that never enters the repository.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { Matrix4, Vector3 } from 'three';
import { RIG_ENGINE_NAMES, RIG_ENGINE_PRESETS, type RigEngineName } from '../src/rig-engine-presets';
import { rigMesh } from '../src/rig-mesh';
import { readArtistSkin, readManifest } from './lib/dev-set';
import { arg } from './lib/cli-args';

const PARTS = ['head', 'arm_L', 'arm_R', 'leg_L', 'leg_R', 'torso'] as const;
type Part = (typeof PARTS)[number];

/** A joint's body part from its name, for our names (left_upper_arm) and artists' (arm-left, Leg1.L). */
export function partOf(name: string): Part {
  const n = name.toLowerCase();
  const side = /(^|[^a-z])(left|l)([^a-z]|$)|left/.test(n) ? 'L' : /(^|[^a-z])(right|r)([^a-z]|$)|right/.test(n) ? 'R' : null;
  if (/head|neck|eye|jaw|hair|ear/.test(n)) return 'head';
  if (side && /arm|hand|shoulder|clavicle|finger|thumb|index|middle|ring|pinky|little|wrist|elbow/.test(n)) return `arm_${side}`;
  if (side && /leg|foot|toe|thigh|knee|shin|calf|ankle|hip/.test(n)) return `leg_${side}`;
  return 'torso';
}

const io = new NodeIO().registerExtensions(ALL_EXTENSIONS);

/** Our rig's vertices (world frame) with, per vertex, the weight per part. */
async function ourPartWeights(model: Uint8Array): Promise<{ positions: number[]; parts: Array<Record<Part, number>> }> {
  const doc = await io.readBinary(model);
  const positions: number[] = [];
  const parts: Array<Record<Part, number>> = [];
  for (const node of doc.getRoot().listNodes().filter((n) => n.getSkin() && n.getMesh())) {
    const world = new Matrix4().fromArray(node.getWorldMatrix());
    const jointParts = node.getSkin()!.listJoints().map((j) => partOf(j.getName()));
    for (const prim of node.getMesh()!.listPrimitives()) {
      const pos = prim.getAttribute('POSITION'), jAcc = prim.getAttribute('JOINTS_0'), wAcc = prim.getAttribute('WEIGHTS_0');
      if (!pos || !jAcc || !wAcc) continue;
      const p = [0, 0, 0], jj = [0, 0, 0, 0], ww = [0, 0, 0, 0];
      for (let v = 0; v < pos.getCount(); v++) {
        pos.getElement(v, p); jAcc.getElement(v, jj); wAcc.getElement(v, ww);
        const q = new Vector3(p[0], p[1], p[2]).applyMatrix4(world);
        positions.push(q.x, q.y, q.z);
        const rec = Object.fromEntries(PARTS.map((k) => [k, 0])) as Record<Part, number>;
        const sum = ww.reduce((a, b) => a + b, 0) || 1;
        for (let s = 0; s < 4; s++) rec[jointParts[jj[s]!] ?? 'torso'] += ww[s]! / sum;
        parts.push(rec);
      }
    }
  }
  return { positions, parts };
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir || dir.startsWith('--')) {
    console.error('usage: score-part-weights.ts <dev-set dir> [--artist name] [--only id,id] [--engine fast|pro]');
    process.exit(2);
  }
  const engine = (arg('--engine') ?? 'fast') as RigEngineName;
  if (!RIG_ENGINE_NAMES.includes(engine)) throw new Error(`unknown engine ${engine}`);
  const only = arg('--only')?.split(','), artist = arg('--artist');
  const chars = readManifest(dir).filter((c) => (!only || only.includes(c.id)) && (!artist || c.artist === artist));
  console.log(`| character | artist joints | ${PARTS.map((p) => `${p} share (min)`).join(' | ')} | head weight on arms |`);
  console.log(`|---|---:|${PARTS.map(() => '---:').join('|')}|---:|`);
  for (const c of chars) {
    const bytes = new Uint8Array(readFileSync(join(dir, c.id, 'input.glb')));
    const preset = RIG_ENGINE_PRESETS[engine];
    const result = await rigMesh(bytes, { rigType: c.bodyPlan, fit: preset.fit, skin: preset.skin, thumbnailSize: 64 });
    const ours = await ourPartWeights(result.model);
    const art = await readArtistSkin(dir, c.id);
    const artParts = art.skeleton.joints.map((j) => partOf(j.name));
    const share = new Map<Part, { sum: number; n: number; min: number }>();
    let headOnArms = 0, headN = 0;
    const Q = ours.positions;
    // The artist's bind frame can differ from the input's by a scale and an offset (FBX exports):
    // the bind-space vertices are mapped onto our rig's box, axis by axis.
    const box = (xs: ArrayLike<number>): number[][] => [0, 1, 2].map((k) => {
      let lo = Infinity, hi = -Infinity;
      for (let i = k; i < xs.length; i += 3) { lo = Math.min(lo, xs[i]!); hi = Math.max(hi, xs[i]!); }
      return [lo, hi];
    });
    const bA = box(art.mesh.positions), bQ = box(Q);
    const P = Float64Array.from(art.mesh.positions, (x, i) => {
      const [a0, a1] = bA[i % 3]!, [q0, q1] = bQ[i % 3]!;
      return q0! + ((x - a0!) / ((a1! - a0!) || 1)) * (q1! - q0!);
    });
    for (let v = 0; v < P.length / 3; v++) {
      let best = -1, bw = 0;
      for (let s = 0; s < 4; s++) if (art.weights.weights[4 * v + s]! > bw) { bw = art.weights.weights[4 * v + s]!; best = art.weights.joints[4 * v + s]!; }
      if (bw < 0.9) continue;
      const part = artParts[best]!;
      // Nearest vertex of our rig (the artist's bind frame is the input's for these files).
      let nn = -1, nd = Infinity;
      for (let u = 0; u < Q.length / 3; u++) {
        const d = (P[3 * v]! - Q[3 * u]!) ** 2 + (P[3 * v + 1]! - Q[3 * u + 1]!) ** 2 + (P[3 * v + 2]! - Q[3 * u + 2]!) ** 2;
        if (d < nd) { nd = d; nn = u; }
      }
      const w = ours.parts[nn]!;
      const e = share.get(part) ?? { sum: 0, n: 0, min: 1 };
      e.sum += w[part]; e.n++; e.min = Math.min(e.min, w[part]);
      share.set(part, e);
      if (part === 'head') { headOnArms += w.arm_L + w.arm_R; headN++; }
    }
    const cell = (p: Part): string => { const e = share.get(p); return e ? `${(e.sum / e.n).toFixed(3)} (${e.min.toFixed(2)})` : '–'; };
    console.log(`| ${c.id} | ${art.skeleton.joints.length} | ${PARTS.map(cell).join(' | ')} | ${headN ? (headOnArms / headN).toFixed(3) : '–'} |`);
  }
}

void main();
