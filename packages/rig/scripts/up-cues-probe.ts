/**
 * Probe: each character stood up as labelled (x its left-right, y up, z forward), the cues the up
 * rules read, per direction of its body: the gates' up probabilities, the solid's centroid above the
 * middle, the standing legs (paired either way), the axis-aligned mirror scores, the box's clear
 * length and the mirror plane's axis. One JSON line per character.
 *
 *   npx tsx packages/rig/scripts/up-cues-probe.ts <dev set> --labels <labels.json> [--only id,...] > cues.jsonl
 */
import { measureOrientationCandidates, orientationProbabilities } from '../src/find-orientation';
import { shippedExemplarUpScores, weighByCue } from '../src/orientation-exemplar-cue';
import { measureMassAbove } from '../src/orientation-up-head';
import { findMirrorPlanes } from '../src/mirror-plane';
import { unrolledGateAxes } from '../src/mirror-roll';
import { lengthAxisOf } from '../src/length-axis';
import { measureBodyPlanFeatures } from '../src/fit/classify-body-plan';
import { analyzeShape } from '../src/fit/shape-analysis';
import { rotateMeshUp } from '../src/rotate-mesh-up';
import { ORIENTATION_CANDIDATES } from '../src/orientation-features';
import { UP_AXES } from '../src/up-axis';
import { openSolid } from '../src/fit/open-solid';
import { pairedFinsLow } from '../src/orientation-up-fins';
import { arg } from './lib/cli-args';
import { stoodCharacters } from './lib/stood-characters';

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: up-cues-probe.ts <dev set> [--labels file] [--only id,...]');
  for await (const { character: c, stood } of stoodCharacters(dir, arg)) {
    const p = orientationProbabilities(measureOrientationCandidates(stood));
    const w = weighByCue(p, shippedExemplarUpScores(stood), 0.75);
    const upOf = (q: number[]): Record<string, number> => Object.fromEntries(UP_AXES.map((u) => [u, ORIENTATION_CANDIDATES.reduce((t, cand, i) => t + (cand.upAxis === u ? q[i]! : 0), 0)]));
    const mass = measureMassAbove(stood);
    const legs: Record<string, number> = {};
    const legsAny: Record<string, number> = {};
    for (const u of UP_AXES) {
      const f = measureBodyPlanFeatures(analyzeShape(u === '+y' ? stood : rotateMeshUp(stood, u), 48), { pairedAcross: 'either' });
      legs[u] = f.standingLegs; legsAny[u] = f.legs;
    }
    const planes = findMirrorPlanes(stood, { search: false });
    const solid = openSolid(stood);
    const fins: Record<string, number> = {};
    for (const u of UP_AXES) {
      const side = u[1] === 'x' ? 'z' : 'x';
      fins[u] = pairedFinsLow(solid, u, side);
    }
    console.log(JSON.stringify({
      id: c.id, artist: c.artist, plan: c.bodyPlan, finder: upOf(p), gates: upOf(w),
      mass: Object.fromEntries(UP_AXES.map((u) => [u, mass(u)])), legs, legsAny, fins,
      axisScores: planes?.axisScores, lateral: unrolledGateAxes(stood), longAxis: lengthAxisOf(stood),
    }));
  }
}
void main();
