/**
 * Finds which way a model is up and which way it faces: the one of the 24 quarter-turn
 * orientations whose anatomy (orientation-features.ts) looks most like a creature standing up and
 * facing +Z. The features are weighed by a conditional-logit model fitted on rigged characters of
 * many artists by scripts/fit-orientation-model.ts (orientation-model.json; validated leave one
 * artist out by scripts/score-orientation.ts); the confidence is its probability of the winner.
 */
import type { Mesh } from '@rigforge/mesh';
import {
  candidateFrame,
  measureOrientationFeatureRows,
  ORIENTATION_CANDIDATES,
  ORIENTATION_FEATURE_NAMES,
  type OrientationCandidate,
} from './orientation-features';
import { measureBodyPlanFeatures } from './fit/classify-body-plan';
import { analyzeShape, type ShapeAnalysis } from './fit/shape-analysis';
import { turnedVoxelTriangles } from './fit/turned-voxel-triangles';
import { voxelTriangles, type VoxelTriangles } from './fit/voxel-grid';
import { FACING_CUE_ON, type FacingCueOptions } from './orientation-facing-cue';
import { facingCueRotation } from './orientation-facing-turn';
import { shippedExemplarUpScores, weighByCue } from './orientation-exemplar-cue';
import model from './orientation-model.json';
import { upAxisTurn, upTurn } from './rotate-mesh-up';
import { axisTurn, IDENTITY_TURN, turnMesh, type Turn } from './turn-mesh';
import { standOnLegsInstead } from './orientation-up-legs';
import { liesFlatInstead } from './orientation-up-sheet';
import { offItsEndInstead } from './orientation-up-end';
import { headUpInstead, measureMassAbove } from './orientation-up-head';
import { finsBelowInstead, rolledOver, type FinsBelowScope } from './orientation-up-fins';
import { headEndFacing } from './orientation-facing-head-end';
import { offItsSideInstead } from './orientation-up-side';
import { acrossWingsInstead, type WingPlatesOptions } from './orientation-up-wings';
import { findMirrorPlanes } from './mirror-plane';
import { lengthAxisOf } from './length-axis';
import { openSolid } from './fit/open-solid';
import { UP_AXES, oppositeUp, type UpAxis } from './up-axis';
import type { WeldedVertices } from './weld-vertices';

export type Facing = '+z' | '-z' | '+x' | '-x';

/** Weights of named features: each feature's value less `mean`, over `scale`, times its weight. */
export interface OrientationWeights {
  features: readonly string[];
  /** Per feature: subtracted, then divided by `scale`, then weighed. */
  mean: readonly number[];
  scale: readonly number[];
  weights: readonly number[];
}

export interface OrientationModel extends OrientationWeights {
  /**
   * A second model for the facing alone, fitted among the four facings of the right up axis
   * (scripts/lib/orientation-fit.ts fitFacingModel). Present: a candidate's probability is its up
   * axis's (summed over its four facings by the model above) times its facing's among the four by
   * this one. Absent: the model above reads up and facing together.
   */
  facing?: OrientationWeights;
}

export interface FindOrientationOptions {
  /** The up axis when it is known (an explicit `up_axis`): only the facing is looked for. */
  upAxis?: UpAxis;
  /**
   * The probability (summed over its four facings) another up axis needs to overrule the file's
   * +Y when the model stands on no legs either way. Default 0.75.
   */
  minUpConfidence?: number;
  /**
   * The probability (summed over its four facings) the file's own +Y needs to be kept when another
   * up axis is likelier but under `minUpConfidence`: below it, the likeliest is taken. Default 0.
   */
  minKeptUpConfidence?: number;
  /**
   * The probability (among the four facings of the up axis) a facing needs to overrule the
   * file's (+Z once stood up) when the up axis was turned. Default 0.3: chosen with the exemplar
   * cue and the facing cue on, leaving one artist out (packages/rig/docs/orientation.md, "Orientation: measured",
   * sixteenth round; 0.6 before them).
   */
  minFacingConfidence?: number;
  /**
   * The probability (of that one of the 24, not among +Y's four: the finder must be sure of the up
   * axis too) another facing of +Y needs to overrule the file's +Z when the file keeps its +Y
   * without standing on legs (no other up axis sure). Default 0.4; above 1, never.
   */
  minKeptFacingConfidence?: number;
  /** As minKeptFacingConfidence, for a file standing on its legs as filed. Default 0.9; above 1, never. */
  minStandingFacingConfidence?: number;
  /**
   * The probability (summed over its four facings) another up axis needs to overrule a file that
   * stands on two or more legs as filed: the legs test also counts limbs that reach the box's
   * floor of a model lying on its side or back. Above 1, never (a standing file keeps its +Y).
   */
  minStandingUpConfidence?: number;
  /**
   * As `minStandingUpConfidence`, for a file whose limbs reach the floor as filed (two or more) but do
   * not stand (its `standingLegs` as filed under two: they carry nothing, as the fins, wings or antennae
   * of a model filed upside down): the probability another up axis needs to overrule it (reason
   * `sure-over-reach`; the limbs must stand neither as filed nor turned a quarter about +Y). At or above
   * `minStandingUpConfidence` the standing bar reads every such file. Default: see
   * FIND_ORIENTATION_DEFAULTS (31st orientation round (reach), packages/rig/docs/orientation.md).
   */
  minReachingUpConfidence?: number;
  /**
   * With `lateralAxis` known: the probability another up axis in the mirror plane needs, among the
   * 8 candidates that keep the lateral axis left-right (summed over its two facings of them), to
   * overrule a file that would keep its +Y under minUpConfidence (read over all 24). Above 1
   * (default), never.
   */
  minInPlaneUpConfidence?: number;
  /**
   * An up axis whose model stands on no legs gives way to its opposite when that one stands on two
   * or more (upside down stands on nothing; the legs test of the model stood up each way). Default
   * true (thirteenth orientation round, packages/rig/docs/orientation.md).
   */
  standOpposite?: boolean;
  /**
   * After `standOpposite`, for a file whose up axis the gates turned (not one kept or standing as
   * filed): an up axis whose model stands on no legs gives way to the likeliest other up axis the
   * mirror plane and the length allow whose model stands on two or more (orientation-up-legs.ts).
   * Default true (eighteenth orientation round, packages/rig/docs/orientation.md).
   */
  standOnLegs?: boolean;
  /**
   * As `standOnLegs`, for a file the gates kept on its +Y (reason `kept`) whose mirror plane is known
   * (`lateralAxis`): a +Y whose model stands on no legs gives way to the likeliest up axis in the
   * plane (not along a lying body's length) whose model stands on two or more. Legs come in pairs
   * across the mirror plane, so a body standing on them that way is stood; without a known plane a
   * fish's fins can read as two legs (orientation-up-legs.ts). Default true (twenty-third
   * orientation round, packages/rig/docs/orientation.md).
   */
  keptStandsOnLegs?: boolean;
  /**
   * The big end up (orientation-up-head.ts): after the legs rules, a file the gates keep on its +Y
   * only because nothing else was likelier (their last gate), its box clearly longest on no side
   * (`longAxis`, lengthAxisOf) and no sheet (`sheetAxis`), takes the up axis, in the mirror plane
   * and across the length where known, along which its solid's centroid lies highest, when at least
   * `minHeadAbove` of the box's extent above the middle (reason `head-up`). Default: see
   * FIND_ORIENTATION_DEFAULTS (packages/rig/docs/orientation.md, "Orientation: measured", 27th round).
   */
  headUp?: boolean;
  minHeadAbove?: number;
  /**
   * The legs test reads a model's standing legs as paired across its left-right axis whichever of
   * its four facings it is stood in: across the mirror plane's axis where it is known (`lateralAxis`),
   * else across either horizontal axis (standingPairing; body-plan-features.ts pairedAcross). A
   * file's facing is not known when its legs are tested, and paired across x only, a biped stood up
   * facing ±X read no legs. Default true (twenty-third orientation round, packages/rig/docs/orientation.md).
   */
  legsEitherFacing?: boolean;
  /** Voxels along the longest side for the legs test (the check's coarse analysis). Default 48. */
  legsResolution?: number;
  /**
   * The file axis the body lies along, when its plan says it lies along its length (a swimming
   * body: length-axis.ts): no up axis along it is taken (the likeliest of the other four is), and
   * the facing is one of the two along it. Absent: every orientation may be taken.
   */
  lengthAxis?: 'x' | 'y' | 'z';
  /**
   * The file axis the model's box is clearly longest on (length-axis.ts lengthAxisOf), for the
   * on-its-end rule (`minEndUpConfidence`); findOrientation measures it when not given. Absent in
   * decideOrientation: no such rule.
   */
  longAxis?: 'x' | 'y' | 'z';
  /**
   * The probability (summed over its four facings, as the up gates read it) an up axis along the
   * box's clearly longest side (`longAxis`) needs to be kept: under it the likeliest across it is
   * taken (reason `off-its-end`: a fish, a rat or a sheep is not stood on its tail or its nose;
   * orientation-up-end.ts). Not when `lengthAxis` is given (its rule is stricter). 0: off.
   * Default: see FIND_ORIENTATION_DEFAULTS (twenty-sixth round (quarter) of "Orientation: measured").
   */
  minEndUpConfidence?: number;
  /**
   * The legs rules (`standOnLegs`, `keptStandsOnLegs`) do not stand a body on an end of its clearly
   * longest side (`longAxis`) that the up gates give under `minEndUpConfidence`: the end bar's
   * anatomy (no character stands up along a side that long) holds for the legs rules too, which
   * otherwise stand a fish back on its nose on two fins that leave one root there. Default true
   * (packages/rig/docs/orientation.md, "Orientation: measured", 30th round (ends): no constant; held out it gains
   * nothing, the set's one such fish being its artist's only character).
   */
  legsOffItsEnd?: boolean;
  /**
   * The file axis across the body's mirror plane, when one axis-aligned plane mirrors it clearly
   * best (mirror-plane.ts lateralAxisOf): a bilateral body's left and right lie across that plane,
   * so its up axis and facing lie in it. A found up axis across it gives way to the likeliest in it
   * (reason `in-mirror-plane`), and the facing is the likeliest of the up axis's two that keep
   * that axis left-right. Absent: every orientation may be taken.
   */
  lateralAxis?: 'x' | 'y' | 'z';
  /**
   * The file axis of a sheet's thickness, when the mesh is one (orientation-up-sheet.ts sheetAxisOf:
   * its thinnest side flat and slender, a butterfly with its wings spread): after the legs rules, an
   * up axis across it gives way to the likelier of the two along it (reason `lies-flat`; not for a
   * file standing on its legs as filed). Absent: no such rule (twentieth orientation round, package
   * docs/orientation.md).
   */
  sheetAxis?: 'x' | 'y' | 'z';
  /**
   * Paired fins hang below (orientation-up-fins.ts): after the gates, a body that stands on no legs
   * either way up and lies along its box's clear length across its left-right axis, whose paired
   * thin parts lie above its core by more than `minPairedFinsAbove`, takes the opposite up axis
   * (reason `fins-below`; the gates' facing rolled over with it, a kept file's found among the four). `finsBelowScope`: which of the
   * gates' answers it reads. Default true (twenty-sixth orientation round "(up)", packages/rig/docs/orientation.md).
   */
  finsBelow?: boolean;
  finsBelowScope?: FinsBelowScope;
  minPairedFinsAbove?: number;
  /**
   * A fish faces its thick end (orientation-facing-head-end.ts): after the fins rule, a found up axis
   * across the box's clear length whose model stands on no legs either way along it faces along the
   * length toward the end its core (the opened solid's) lies nearer, when at least `minHeadEndOffset`
   * of the length off its middle. Default: see FIND_ORIENTATION_DEFAULTS (packages/rig/docs/orientation.md,
   * "Orientation: measured", 28th round (fish)).
   */
  headEnd?: boolean;
  minHeadEndOffset?: number;
  /**
   * A long body is not kept on its side (orientation-up-side.ts): before the fins rule, a file the
   * gates kept on its +Y, lying along the box's clear length on no legs, that mirrors better across
   * +Y than across the third axis takes its up axis along the third (reason `in-mirror-plane`).
   * Default off: measured, not taken held out (packages/rig/docs/orientation.md, "Orientation: measured", 28th round (fish)).
   */
  offItsSide?: boolean;
  /**
   * A flyer stands across its wings (orientation-up-wings.ts): after the fins rule, a body whose clear
   * length is its wingspan (its best mirror plane lies across it) with flat wing plates, and whose up
   * axis lies across the plates' thickness, takes the likelier up axis along it (reason
   * `across-wings`; the facing found among its four). Default false (packages/rig/docs/orientation.md, "Orientation:
   * measured", 28th round (wings): the set's one such flyer gains all its turns, but held out nothing).
   */
  acrossWings?: boolean;
  /** What a pair of wing plates is (orientation-up-wings.ts WING_PLATES_DEFAULTS). */
  wingPlates?: WingPlatesOptions;
  /**
   * After the gates, the anatomy facing cue (orientation-facing-cue.ts, orientation-facing-turn.ts):
   * the facing turns a half turn when the eyes, the feet or the knees of the model stood up that way
   * say clearly it faces backwards, or a quarter turn to feet reaching forward where they say nothing
   * and no left-right axis is kept. Default FACING_CUE_ON (packages/rig/docs/orientation.md, "Orientation: measured",
   * fourteenth and twenty-first rounds); `false`: off.
   */
  facingCue?: FacingCueOptions | false;
  /**
   * Weight of the exemplar cue (orientation-exemplars.ts: how much the mesh, stood up each way,
   * looks like upright characters of many artists rather than lying ones) on the up axis: the
   * finder's probabilities times exp(weight · (vote − best vote)) per up axis, read by the up gates
   * only (the facing bars read the finder's own). 0: off. Default 0.75 (fifteenth round of "Orientation: measured", packages/rig/docs/orientation.md).
   */
  exemplarWeight?: number;
  /** Judge by the fitted model alone, with no gates (the scoring scripts' "finder"). Default false. */
  ungated?: boolean;
  model?: OrientationModel;
}

/**
 * Defaults, and why: the finder is right for about 7 in 10 characters of artists it was not
 * fitted on (scripts/fit-orientation-model.ts), and wrong answers can be confident, so the file's
 * own orientation stands unless anatomy overrules it: a model that stands on two or more legs as
 * filed keeps its +Y; another up axis is taken when the finder is sure of it (0.75) or when the
 * model stood that way stands on its legs. The facing of a file whose up axis was turned is the
 * finder's unless it is unsure among the four (below 0.6): the turn's own facing is right for only
 * one stored facing in four. Below the facing bar the turn's facing stands (a Z-up export's usual
 * -Y facing lands on +Z). The bars are chosen with one artist left out by
 * scripts/orientation-gates-loao.ts, which replays these gates over the development set's 24
 * turns per character: for each artist left out, the bars that stand the most turned files of the
 * other artists up (each read by a model fitted without it) with every upright file kept upright;
 * over all artists that is up 0.75 (was 0.85), facing 0.6. With one artist left out the turned
 * files right went 44.3% → 54.1%, no artist of three or more characters worse. A third bar, the
 * file's own +Y dropped when the finder gives it little (minKeptUpConfidence), is 0 (off): see
 * packages/rig/docs/orientation.md. A file that keeps its +Y turns its facing when the finder is sure of that
 * one of the 24 (its joint probability: sure of +Y too; the probability among +Y's four turned
 * upright files wrongly even above 0.97): 0.4 on no legs, 0.9 on its legs as filed, chosen the same
 * way with every upright file kept upright by the shipped model too (with one artist left out the
 * turned files right went 51.0% → 57.4%, no artist of three or more characters worse).
 * The flat-face and origin features (orientation-anatomy.ts) are measured and a model with them
 * was fitted (packages/rig/docs/orientation.md, "Orientation: measured", sixth round), but it does not ship: with one
 * artist left out it turns three upright files (53/56, 56/56 with the model below) and
 * blender-foundation's turned files fall 67.3% -> 58.9% (a file whose origin sits above its back
 * is read upside down), so the model below keeps the 26 surface features (scoreOrientationCandidates
 * reads a model's features by name).
 * A file standing on two or more legs as filed keeps its +Y unless the finder gives another up
 * axis 0.95 (minStandingUpConfidence; the legs test also counts limbs reaching the box's floor of a
 * quadruped lying on its side): chosen by the same replay with the other bars as they were (0.9 on
 * the artists each read by a model fitted without it, 0.95 so the shipped model turns no upright
 * file either; packages/rig/docs/orientation.md, "Orientation: measured", ninth round).
 */
/**
 * minEndUpConfidence: chosen leaving one artist out by scripts/orientation-end-loao.ts (every fold
 * but blender-foundation's 0.02, the lowest bar tried; every bar 0.02–0.9 reads the set alike, so
 * the lowest, which keeps the most of a standing model's +Y; packages/rig/docs/orientation.md, "Orientation:
 * measured", twenty-sixth round (quarter)).
 */
const END_UP_BAR = 0.02;
/**
 * minHeadEndOffset: chosen leaving one artist out by scripts/orientation-fish-loao.ts (every fold
 * 0.1; every bar 0.04–0.1 reads the set alike, ties to the higher bar; packages/rig/docs/orientation.md,
 * "Orientation: measured", 28th round (fish)).
 */
const HEAD_END_BAR = 0.1;
/**
 * minReachingUpConfidence: chosen leaving one artist out by scripts/orientation-dump-bar-loao.ts over
 * the dumps of score-orientation.ts (every fold but blender-foundation's 0.75, ties to the higher bar;
 * its fold 0.85; packages/rig/docs/orientation.md, "Orientation: measured", 31st round (reach)).
 */
const REACH_UP_BAR = 0.75;
export const FIND_ORIENTATION_DEFAULTS = { minUpConfidence: 0.75, minKeptUpConfidence: 0, minFacingConfidence: 0.3, minKeptFacingConfidence: 0.4, minStandingFacingConfidence: 0.9, minStandingUpConfidence: 0.95, minReachingUpConfidence: REACH_UP_BAR, minInPlaneUpConfidence: 1.01, minEndUpConfidence: END_UP_BAR, legsOffItsEnd: true, standOpposite: true, standOnLegs: true, finsBelow: true, finsBelowScope: 'unlegged', minPairedFinsAbove: 0.04, headEnd: true, minHeadEndOffset: HEAD_END_BAR, offItsSide: false, keptStandsOnLegs: true, headUp: false, minHeadAbove: 0.05, acrossWings: false, legsEitherFacing: true, exemplarWeight: 0.75, legsResolution: 48, ungated: false } as const;

/** Why the up axis is what it is. */
export type UpAxisReason = 'given' | 'stands-as-filed' | 'sure-over-legs' | 'sure-over-reach' | 'sure' | 'sure-in-plane' | 'unlikely-as-filed' | 'stands-when-turned' | 'kept' | 'lies-along-length' | 'in-mirror-plane' | 'stands-opposite' | 'stands-on-legs' | 'lies-flat' | 'off-its-end' | 'fins-below' | 'head-up' | 'across-wings' | 'ungated';

export interface FoundOrientation extends OrientationCandidate {
  /** Where the stood-up model faced before `rotationY` turned it to +Z. */
  facing: Facing;
  /**
   * Probability of this orientation among the 24 (or the 4 of a given up axis), 0..1; absent when
   * the model stands on its legs as filed and the standing facing bar is off (then nothing else is
   * weighed: the file stands).
   */
  confidence?: number;
  /**
   * Probability of `upAxis`, summed over its four facings (0..1), as the up gates read it (weighed
   * by the exemplar cue when `exemplarWeight` > 0); absent as `confidence`.
   */
  upConfidence?: number;
  upAxisReason: UpAxisReason;
  /** The finder's own best guess, before the gates (what it would do ungated); absent as `confidence`. */
  best?: OrientationCandidate & { confidence: number };
}

/** The facing a stood-up model had when `rotationY` brings it to face +Z (rotate-mesh-y's convention). */
export function facingOf(rotationY: number): Facing {
  const r = ((Math.round(rotationY / 90) % 4) + 4) % 4;
  return (['+z', '-x', '-z', '+x'] as const)[r]!;
}

/** Scores of the candidates (log-odds, up to a constant), in ORIENTATION_CANDIDATES order. */
export function scoreOrientationCandidates(features: number[][], m: OrientationWeights = model): number[] {
  // A model names the features it weighs, a subset of those measured (a model fitted before a
  // feature was added, or one that leaves some out, still reads the right columns).
  const column = m.features.map((name) => (ORIENTATION_FEATURE_NAMES as readonly string[]).indexOf(name));
  if (column.some((c) => c < 0)) {
    throw new Error('orientation model: it weighs a feature that is not measured (refit with scripts/fit-orientation-model.ts)');
  }
  // Candidates measured for another model leave the features it does not read NaN (no feature
  // measured is NaN in every candidate: the surface features are finite, the others shares).
  const unread = m.features.filter((_, i) => features.length > 0 && features.every((f) => Number.isNaN(f[column[i]!])));
  if (unread.length) {
    throw new Error(`orientation model: it weighs ${unread.join(', ')}, not measured for these candidates (measure them with measureOrientationCandidates(mesh, model))`);
  }
  return features.map((f) => column.reduce((t, c, i) => t + ((f[c]! - m.mean[i]!) / m.scale[i]!) * m.weights[i]!, 0));
}

/** Probability of an up axis: its four candidates' summed (`p` in ORIENTATION_CANDIDATES order). */
function upAxisProbability(p: readonly number[], up: UpAxis): number {
  return ORIENTATION_CANDIDATES.reduce((t, c, i) => t + (c.upAxis === up ? p[i]! : 0), 0);
}

/** Softmax of scores. */
function softmax(scores: readonly number[]): number[] {
  const top = Math.max(...scores);
  const e = scores.map((s) => Math.exp(s - top));
  const sum = e.reduce((t, v) => t + v, 0);
  return e.map((v) => v / sum);
}

/**
 * Probabilities of the candidates: the softmax of their scores, or with a facing model, each up
 * axis's probability (its four candidates' summed) shared among its four by the facing model.
 */
export function orientationProbabilities(features: number[][], m: OrientationModel = model): number[] {
  const joint = softmax(scoreOrientationCandidates(features, m));
  if (!m.facing) return joint;
  const facingScores = scoreOrientationCandidates(features, m.facing);
  const out = new Array<number>(joint.length).fill(0);
  for (const up of UP_AXES) {
    const group = ORIENTATION_CANDIDATES.flatMap((c, i) => (c.upAxis === up ? [i] : []));
    const upP = group.reduce((t, i) => t + joint[i]!, 0);
    const q = softmax(group.map((i) => facingScores[i]!));
    group.forEach((i, k) => (out[i] = upP * q[k]!));
  }
  return out;
}

/** The finder's ungated choice from the features of the 24 candidates (ORIENTATION_CANDIDATES order). */
export function chooseOrientation(features: number[][], options: FindOrientationOptions = {}): Required<FoundOrientation> {
  const p = orientationProbabilities(features, options.model);
  const upP = (up: UpAxis): number => upAxisProbability(p, up);
  const allowed = (i: number): boolean => options.upAxis === undefined || ORIENTATION_CANDIDATES[i]!.upAxis === options.upAxis;
  let best = -1;
  for (let i = 0; i < p.length; i++) if (allowed(i) && (best < 0 || p[i]! > p[best]!)) best = i;
  const c = ORIENTATION_CANDIDATES[best]!;
  const norm = options.upAxis === undefined ? 1 : upP(options.upAxis);
  return {
    upAxis: c.upAxis, rotationY: c.rotationY, facing: facingOf(c.rotationY), confidence: p[best]! / norm, upConfidence: upP(c.upAxis),
    upAxisReason: options.upAxis === undefined ? 'ungated' : 'given', best: { upAxis: c.upAxis, rotationY: c.rotationY, confidence: p[best]! / norm },
  };
}

/**
 * Measures the features of a mesh's 24 candidate orientations that `m` weighs, its facing part's
 * included (the others are NaN: measureOrientationFeatureRows); the fitting scripts measure them all
 * (measureAllOrientationFeatures). Scored with `m` (or a model reading a subset of its features),
 * they give the all-features scores.
 */
export function measureOrientationCandidates(mesh: Mesh, m: OrientationModel = model): number[][] {
  const names = m.facing ? [...new Set([...m.features, ...m.facing.features])] : m.features;
  return measureOrientationFeatureRows(mesh, names);
}

/**
 * What the gates read besides the finder's probabilities: the legs tests, asked lazily (each is a
 * coarse shape analysis, paid only when a gate needs it).
 */
export interface OrientationLegs {
  /** Ground-reaching legs of the model as filed. */
  asFiled: () => number;
  /** Legs the model stands on (measureBodyPlanFeatures' standingLegs) stood up along `up`. */
  standingWhenStood: (up: UpAxis) => number;
  /** How far the solid's centroid lies above its box's middle stood up along `up` (orientation-up-head.ts; absent: the head-up rule reads nothing). */
  massAbove?: (up: UpAxis) => number;
  /**
   * Legs the model as filed stands on turned a quarter about +Y (the standing test reads the feet's
   * span fore and aft, so a long body's fins can stand facing one way and not the other; absent: the
   * as-filed reading, standingWhenStood('+y'), alone).
   */
  standingAsFiledTurned?: () => number;
}

/**
 * The gated choice from the finder's probabilities of the 24 candidates and the legs tests (pure:
 * findOrientation measures, this decides; scripts/orientation-gates-loao.ts replays it over the
 * development set's turned files from cached measures). `p` is only read when the legs do not
 * settle it.
 */
export function decideOrientation(p: () => number[], legs: OrientationLegs, options: FindOrientationOptions = {}, upProbabilities?: () => number[]): FoundOrientation {
  const o = { ...FIND_ORIENTATION_DEFAULTS, ...options };
  // A model on its legs as filed stands as filed: with the standing facing bar off nothing else is
  // weighed (and nothing paid for); with it on, only its facing may turn.
  const standsAsFiled = o.upAxis === undefined && legs.asFiled() >= 2;
  if (standsAsFiled && o.minStandingFacingConfidence > 1 && o.minStandingUpConfidence > 1) {
    return { upAxis: '+y', rotationY: 0, facing: '+z', upAxisReason: 'stands-as-filed' };
  }
  const probs = p();
  // The up axis may be judged by other probabilities than the facing (the exemplar cue weighs up
  // axes only: orientation-exemplars.ts); the facing bars read the finder's own.
  const upProbs = upProbabilities ? upProbabilities() : probs;
  const upP = (up: UpAxis): number => upAxisProbability(upProbs, up);
  const facingUpP = (up: UpAxis): number => upAxisProbability(probs, up);
  // The likeliest of an up axis's four candidates that `keep` takes (an index; −1 when none).
  const likeliestFacing = (up: UpAxis, keep: (c: OrientationCandidate) => boolean): number => {
    let likeliest = -1;
    ORIENTATION_CANDIDATES.forEach((c, i) => {
      if (c.upAxis === up && keep(c) && (likeliest < 0 || probs[i]! > probs[likeliest]!)) likeliest = i;
    });
    return likeliest;
  };
  // The finder's own best guess (among the given up axis's four when it is given).
  let top = -1;
  probs.forEach((v, i) => {
    if ((o.upAxis === undefined || ORIENTATION_CANDIDATES[i]!.upAxis === o.upAxis) && (top < 0 || v > probs[top]!)) top = i;
  });
  const best = {
    upAxis: ORIENTATION_CANDIDATES[top]!.upAxis, rotationY: ORIENTATION_CANDIDATES[top]!.rotationY,
    confidence: probs[top]! / (o.upAxis === undefined ? 1 : facingUpP(o.upAxis)),
  };
  let upAxis: UpAxis;
  let upAxisReason: UpAxisReason;
  // The last gate kept +Y: not because it was likeliest, only because nothing else was likelier.
  let keptForLackOfBetter = false;
  if (o.upAxis !== undefined) {
    upAxis = o.upAxis; upAxisReason = 'given';
  } else {
    const likeliest = UP_AXES.reduce((a, b) => (upP(b) > upP(a) ? b : a));
    // The likeliest up axis given the lateral axis kept left-right: of the 8 candidates that keep
    // it, the up axis whose two hold the most of their probability (the finder's 24 spread their
    // mass over turns the mirror plane already rules out).
    const inPlane = ((): { up: UpAxis; p: number } | undefined => {
      if (o.lateralAxis === undefined || o.lateralAxis === o.lengthAxis || o.minInPlaneUpConfidence > 1) return undefined;
      const k = 'xyz'.indexOf(o.lateralAxis);
      const mass = new Map<UpAxis, number>();
      let total = 0;
      ORIENTATION_CANDIDATES.forEach((c, i) => {
        if (candidateFrame(c).axis[0] !== k) return;
        mass.set(c.upAxis, (mass.get(c.upAxis) ?? 0) + upProbs[i]!); total += upProbs[i]!;
      });
      if (total <= 0) return undefined;
      const up = [...mass.keys()].reduce((a, b) => (mass.get(b)! > mass.get(a)! ? b : a));
      return { up, p: mass.get(up)! / total };
    })();
    // Limbs that reach the floor as filed but carry nothing (fins, wings, antennae) hold the file's +Y
    // only up to `minReachingUpConfidence`: read only when that bar is under the standing one.
    // (Read last, and stood facing either way: limbs that stand one way stand.)
    const reachesOnly = (): boolean => standsAsFiled && likeliest !== '+y' && upP(likeliest) >= o.minReachingUpConfidence && o.minReachingUpConfidence < o.minStandingUpConfidence &&
      legs.standingWhenStood('+y') < 2 && (legs.standingAsFiledTurned?.() ?? 0) < 2;
    if (standsAsFiled && likeliest !== '+y' && upP(likeliest) >= o.minStandingUpConfidence) { upAxis = likeliest; upAxisReason = 'sure-over-legs'; }
    else if (reachesOnly()) { upAxis = likeliest; upAxisReason = 'sure-over-reach'; }
    else if (standsAsFiled) { upAxis = '+y'; upAxisReason = 'stands-as-filed'; }
    else if (likeliest === '+y') { upAxis = '+y'; upAxisReason = 'kept'; }
    else if (upP(likeliest) >= o.minUpConfidence) { upAxis = likeliest; upAxisReason = 'sure'; }
    else if (inPlane && inPlane.up !== '+y' && inPlane.p >= o.minInPlaneUpConfidence) { upAxis = inPlane.up; upAxisReason = 'sure-in-plane'; }
    else if (upP('+y') < o.minKeptUpConfidence) { upAxis = likeliest; upAxisReason = 'unlikely-as-filed'; }
    else if (legs.standingWhenStood(likeliest) >= 2) { upAxis = likeliest; upAxisReason = 'stands-when-turned'; }
    else { upAxis = '+y'; upAxisReason = 'kept'; keptForLackOfBetter = true; }
    // A body that lies along its length never stands on its end (a fish on its tail): an up axis
    // along its length gives way to the likeliest across it, whatever the gates above chose.
    if (o.lengthAxis !== undefined && upAxis[1] === o.lengthAxis) {
      upAxis = UP_AXES.filter((a) => a[1] !== o.lengthAxis).reduce((a, b) => (upP(b) > upP(a) ? b : a));
      upAxisReason = 'lies-along-length';
    }
    // ... nor, whatever its plan, on the end of its clearly longest side unless the finder is sure of it.
    if (o.lengthAxis === undefined) {
      const instead = offItsEndInstead(upAxis, o.longAxis, upP, o.minEndUpConfidence);
      if (instead) { upAxis = instead; upAxisReason = 'off-its-end'; }
    }
    // A bilateral body's up lies in its mirror plane (left and right are across it): an up axis
    // across the plane gives way to the likeliest in it (and not along the length, when known).
    if (o.lateralAxis !== undefined && o.lateralAxis !== o.lengthAxis && upAxis[1] === o.lateralAxis) {
      upAxis = UP_AXES.filter((a) => a[1] !== o.lateralAxis && a[1] !== o.lengthAxis).reduce((a, b) => (upP(b) > upP(a) ? b : a));
      upAxisReason = 'in-mirror-plane';
    }
    // Upside down stands on nothing: an up axis whose model stands on no legs gives way to its
    // opposite when that one stands on two or more (the legs test of the model stood up each way).
    if (o.standOpposite && upAxisReason !== 'stands-as-filed' && upAxisReason !== 'sure-over-legs') {
      const opposite = oppositeUp(upAxis);
      if (legs.standingWhenStood(upAxis) < 2 && legs.standingWhenStood(opposite) >= 2) { upAxis = opposite; upAxisReason = 'stands-opposite'; }
    }
    // An end of the box's clearly longest side the end bar would take a body off (legsOffItsEnd):
    // the legs rules below do not stand it there.
    const onItsEnd = (a: UpAxis): boolean => o.legsOffItsEnd && o.lengthAxis === undefined && o.longAxis !== undefined && a[1] === o.longAxis && upP(a) < o.minEndUpConfidence;
    // ... nor lying down: the likeliest up axis the other rules allow whose model stands on its legs.
    if (o.standOnLegs && upAxisReason !== 'stands-as-filed' && upAxisReason !== 'sure-over-legs' && upAxisReason !== 'kept') {
      const allowed = UP_AXES.filter((a) => a[1] !== o.lengthAxis && (o.lateralAxis === o.lengthAxis || a[1] !== o.lateralAxis) && !onItsEnd(a));
      const instead = standOnLegsInstead(upAxis, allowed, upP, legs.standingWhenStood);
      if (instead) { upAxis = instead; upAxisReason = 'stands-on-legs'; }
    }
    // ... the same for a file kept on its +Y, where the mirror plane says which axes its legs pair across.
    if (o.keptStandsOnLegs && upAxisReason === 'kept' && o.lateralAxis !== undefined && o.lateralAxis !== o.lengthAxis) {
      const allowed = UP_AXES.filter((a) => a[1] !== o.lengthAxis && a[1] !== o.lateralAxis && !onItsEnd(a));
      const instead = standOnLegsInstead(upAxis, allowed, upP, legs.standingWhenStood);
      if (instead) { upAxis = instead; upAxisReason = 'stands-on-legs'; }
    }
    // ... and a file kept for lack of a likelier axis stands with its big end (a head) up.
    // Only a compact body's (no side of its box clearly longest, no sheet): a long one lies along its
    // length, and its mass across it is a back or a belly with fins or wings, which the fins rule
    // reads; a sheet's is its wings' rise.
    if (o.headUp && keptForLackOfBetter && upAxisReason === 'kept' && o.longAxis === undefined && o.sheetAxis === undefined && legs.massAbove) {
      const allowed = UP_AXES.filter((a) => a[1] !== o.lengthAxis && (o.lateralAxis === o.lengthAxis || a[1] !== o.lateralAxis));
      const instead = headUpInstead(upAxis, legs.massAbove, o.minHeadAbove, allowed);
      if (instead) { upAxis = instead; upAxisReason = 'head-up'; }
    }
    // ... and a sheet lies flat: up along its thickness (its wings' normal), whatever the gates kept.
    if (o.sheetAxis !== undefined && upAxisReason !== 'stands-as-filed' && upAxisReason !== 'sure-over-legs') {
      const instead = liesFlatInstead(upAxis, o.sheetAxis, upP);
      if (instead) { upAxis = instead; upAxisReason = 'lies-flat'; }
    }
  }
  // The facing, among the four of that up axis.
  const upTotal = facingUpP(upAxis);
  let rotationY: OrientationCandidate['rotationY'] = 0;
  let facingP = 0;
  ORIENTATION_CANDIDATES.forEach((c, i) => {
    if (c.upAxis === upAxis && probs[i]! / upTotal > facingP) { facingP = probs[i]! / upTotal; rotationY = c.rotationY; }
  });
  // A file that keeps its +Y turns its facing only on the finder's joint probability (of all 24).
  const keeps = upAxisReason === 'kept' || upAxisReason === 'stands-as-filed';
  const bar = upAxisReason === 'kept' ? o.minKeptFacingConfidence : upAxisReason === 'stands-as-filed' ? o.minStandingFacingConfidence : o.minFacingConfidence;
  if ((keeps ? facingP * upTotal : facingP) < bar) rotationY = 0;
  // A body that lies along its length faces along it (a fish swims head first): of the up axis's
  // four facings only the two that put the length on +Z/−Z are taken, the likelier of them.
  const length = o.lengthAxis === undefined ? -1 : 'xyz'.indexOf(o.lengthAxis);
  if (length >= 0 && upAxis[1] !== o.lengthAxis) {
    rotationY = ORIENTATION_CANDIDATES[likeliestFacing(upAxis, (c) => candidateFrame(c).axis[2] === length)]!.rotationY;
  }
  // ... and faces in its mirror plane: of the up axis's four facings, only the two that keep the
  // axis across the plane left-right (and face along the length, when known) are taken.
  const lateral = o.lateralAxis === undefined || o.lateralAxis === o.lengthAxis ? -1 : 'xyz'.indexOf(o.lateralAxis);
  const keepsLateral = (c: OrientationCandidate): boolean => candidateFrame(c).axis[0] === lateral && (length < 0 || candidateFrame(c).axis[2] === length);
  if (lateral >= 0 && !keepsLateral({ upAxis, rotationY })) {
    const likeliest = likeliestFacing(upAxis, keepsLateral);
    if (likeliest >= 0) rotationY = ORIENTATION_CANDIDATES[likeliest]!.rotationY;
  }
  const own = ORIENTATION_CANDIDATES.findIndex((c) => c.upAxis === upAxis && c.rotationY === rotationY);
  return {
    upAxis, rotationY, facing: facingOf(rotationY), confidence: probs[own]! / (o.upAxis === undefined ? 1 : upTotal), upConfidence: upP(upAxis), upAxisReason,
    best,
  };
}

/**
 * The axis a model stood up along `up` has its standing legs paired across (the legs test's
 * body-plan-features.ts pairedAcross): the file's left-right axis where the mirror plane names it
 * (`lateralAxis`, carried into the stood frame by the stand's turn), else either horizontal axis —
 * so the test reads the model the same whichever way it faces.
 */
export function standingPairing(up: UpAxis, lateralAxis?: 'x' | 'y' | 'z'): 'x' | 'z' | 'either' {
  if (lateralAxis === undefined) return 'either';
  const d = upAxisTurn(up)(...(['x', 'y', 'z'].map((a) => (a === lateralAxis ? 1 : 0)) as [number, number, number]));
  return d[0] !== 0 ? 'x' : d[2] !== 0 ? 'z' : 'either';
}

/**
 * The ground-reaching legs of a mesh stood up along an axis, as findOrientation's legs tests read
 * them (each axis analysed once): the facing cue's `legsWhenStood` for a caller that applies the cue
 * itself (score-orientation.ts reads the shipped answer with and without it in one call).
 */
export function legsWhenStood(mesh: Mesh, resolution: number = FIND_ORIENTATION_DEFAULTS.legsResolution): (up: UpAxis) => number {
  const legs = new Map<UpAxis, number>();
  const turned = turnedAnalyses(mesh, resolution);
  return (up) => {
    if (!legs.has(up)) legs.set(up, measureBodyPlanFeatures(turned(upTurn(up))).legs);
    return legs.get(up)!;
  };
}

/**
 * The shape analysis of `mesh` turned by a quarter turn `r` (the identity: the mesh itself) at
 * `resolution`. The filed mesh's triangles (voxelTriangles) are read once, when first asked, and
 * each turned copy's derived from them exactly (fit/turned-voxel-triangles.ts) instead of read again:
 * ~1.5 ms an extra up axis on a 68k-triangle human. The copies leave the normals behind (the
 * analysis reads positions and triangles only; turnMesh would turn them too). `filedTriangles`:
 * the caller's (lazy) voxelTriangles of this very mesh, when it reads them too (orientForRig hands
 * them on to the fit), so the pass is made once for both.
 */
function turnedAnalyses(mesh: Mesh, resolution: number, filedTriangles?: () => VoxelTriangles): (r: Turn) => ShapeAnalysis {
  const { normals: _normals, ...bare } = mesh;
  let filed: VoxelTriangles | undefined;
  return (r) => {
    filed ??= filedTriangles ? filedTriangles() : voxelTriangles(mesh);
    const turned = turnMesh(bare, r);
    return analyzeShape(turned, resolution, turnedVoxelTriangles(filed, r, turned));
  };
}

/**
 * Finds the up axis and facing of a mesh (or the facing alone, given its up axis), gated as the
 * defaults say. `candidates`: the mesh's measureOrientationCandidates (for `options.model`), when the
 * caller needs them anyway (the body plan's reading), so they are not measured twice.
 * `mirrorAxisScores`: the axis-aligned mirror planes' scores of this very mesh (findMirrorPlanes'
 * `axisScores`, default options), when the caller found its planes already (rigMesh does, for the
 * roll): the fins rule reads them instead of scoring the planes again. They are the same numbers:
 * findMirrorPlanes scores the three axis planes on the same samples before any search.
 * `welded`: the mesh's weld at the default tolerance, made when first asked, for the facing cue
 * (orientForRig's, which the fit and the skin share when the mesh stands as filed).
 * `filedTriangles`: the mesh's voxelTriangles, made when first asked, for the legs tests' shape
 * analyses (orientForRig's, which the fit's analysis reads too).
 */
export function findOrientation(mesh: Mesh, options: FindOrientationOptions = {}, candidates?: number[][], mirrorAxisScores?: readonly number[], welded?: () => WeldedVertices, filedTriangles?: () => VoxelTriangles): FoundOrientation {
  const o = { ...FIND_ORIENTATION_DEFAULTS, ...options };
  const features = (): number[][] => candidates ?? measureOrientationCandidates(mesh, o.model);
  if (o.ungated) return chooseOrientation(features(), o);
  const analysed = turnedAnalyses(mesh, o.legsResolution, filedTriangles);
  const shape = (r: Turn, up: UpAxis): ReturnType<typeof measureBodyPlanFeatures> => measureBodyPlanFeatures(analysed(r), { pairedAcross: o.legsEitherFacing ? standingPairing(up, o.lateralAxis) : 'x' });
  // The legs test of the model stood up a way is read at most once (the gates may ask twice, the
  // facing cue's detail once more).
  const standing = new Map<UpAxis, ReturnType<typeof measureBodyPlanFeatures>>();
  // Stood up along +Y the model is the file itself (rotateMeshUp's identity turn returns the same
  // arrays), so the as-filed analysis serves both tests: on the dev set 24 of 56 files asked for
  // both, each a whole 48-cell shape analysis.
  let filed: ReturnType<typeof measureBodyPlanFeatures> | undefined;
  const asFiled = (): ReturnType<typeof measureBodyPlanFeatures> => (filed ??= shape(IDENTITY_TURN, '+y'));
  const stoodUp = (up: UpAxis): ReturnType<typeof measureBodyPlanFeatures> => {
    if (!standing.has(up)) standing.set(up, up === '+y' ? asFiled() : shape(upTurn(up), up));
    return standing.get(up)!;
  };
  let probs: number[] | undefined;
  const p = (): number[] => (probs ??= orientationProbabilities(features(), o.model));
  let massAbove: ((up: UpAxis) => number) | undefined;
  const legs: OrientationLegs = {
    asFiled: () => asFiled().legs, standingWhenStood: (up) => stoodUp(up).standingLegs,
    massAbove: (up) => (massAbove ??= measureMassAbove(mesh))(up),
    // Turned about +Y the file's left-right axis x is z and z is x (its legs paired across it as filed).
    standingAsFiledTurned: () => measureBodyPlanFeatures(analysed(axisTurn('y', 90)), {
      pairedAcross: !o.legsEitherFacing ? 'x' : o.lateralAxis === 'x' ? 'z' : o.lateralAxis === 'z' ? 'x' : standingPairing('+y', o.lateralAxis),
    }).standingLegs,
  };
  // Made once: a rule after the gates that stands the model another way decides again (standOn),
  // and the exemplar cue's silhouettes and votes are a few ms of a small mesh's orientation.
  let upProbs: number[] | undefined;
  const upProbabilities = o.exemplarWeight > 0 ? (): number[] => (upProbs ??= weighByCue(p(), shippedExemplarUpScores(mesh), o.exemplarWeight)) : undefined;
  // The box's clearly longest side, read once: the end bar keeps a body off it, and the fins rule
  // reads its length along it.
  const longAxis = o.longAxis ?? (o.minEndUpConfidence > 0 || o.finsBelow || o.headUp || o.acrossWings || o.headEnd ? lengthAxisOf(mesh) : undefined);
  const gated = { ...o, ...(longAxis ? { longAxis } : {}) };
  let found = decideOrientation(p, legs, gated, upProbabilities);
  // What the rules after the gates read, each made at most once however many rules ask: the opened
  // solid, the axis-aligned mirror scores (rigMesh's own when it passes them), an up axis's
  // probability and a candidate's among the 24.
  let opened: ReturnType<typeof openSolid> | undefined;
  const solid = (): ReturnType<typeof openSolid> => (opened ??= openSolid(mesh));
  let mirrorRead = mirrorAxisScores !== undefined;
  let mirrorScores = mirrorAxisScores;
  const axisScores = (): readonly number[] | undefined => {
    if (!mirrorRead) { mirrorScores = findMirrorPlanes(mesh, { search: false })?.axisScores; mirrorRead = true; }
    return mirrorScores;
  };
  const upProbability = (up: UpAxis): number => upAxisProbability(upProbabilities ? upProbabilities() : p(), up);
  const probabilityOf = (up: UpAxis, rotationY: OrientationCandidate['rotationY']): number =>
    p()[ORIENTATION_CANDIDATES.findIndex((c) => c.upAxis === up && c.rotationY === rotationY)]!;
  // A rule's up axis taken: the facing found among its four as for a given up axis (or the rule's
  // own), its confidence among the 24 as for any found up axis (the given path's is among the four).
  const standOn = (up: UpAxis, upAxisReason: UpAxisReason, rotationY?: OrientationCandidate['rotationY']): FoundOrientation => {
    const again = decideOrientation(p, legs, { ...gated, upAxis: up }, upProbabilities);
    const turn = rotationY ?? again.rotationY;
    return { ...again, rotationY: turn, facing: facingOf(turn), confidence: probabilityOf(up, turn), upAxisReason, best: found.best ?? again.best };
  };
  // A long legless body kept on its side (its +Y its left-right axis) is stood up across it.
  const upright = o.offItsSide && o.upAxis === undefined ? offItsSideInstead(found, {
    standingWhenStood: legs.standingWhenStood, lengthAxis: () => longAxis, solid, axisScores, upProbability,
  }) : undefined;
  if (upright) found = standOn(upright, 'in-mirror-plane');
  // Paired fins hang below: a legless body lying along its length with its paired parts above its
  // core is upside down; the facing is found again among the opposite up axis's four, as for a file
  // whose up axis is given (its length and left-right axes kept).
  const rolled = o.finsBelow && o.upAxis === undefined ? finsBelowInstead(found, {
    standingWhenStood: legs.standingWhenStood,
    lengthAxis: () => longAxis,
    axisScores,
    solid,
  }, { scope: o.finsBelowScope, minPairedAbove: o.minPairedFinsAbove }) : undefined;
  if (rolled) {
    // The facing: the gates' rolled over with the body (the head stays the head); a kept file's, which
    // the gates did not read, found among the new up axis's four as for a given up axis.
    found = standOn(rolled, 'fins-below', found.upAxisReason === 'kept' ? undefined : rolledOver(found).rotationY);
  }
  // A flyer stands across its wings: the facing found among the new up axis's four, as for a given one.
  const wings = o.acrossWings && o.upAxis === undefined ? acrossWingsInstead(found.upAxis, {
    lengthAxis: () => longAxis,
    axisScores,
    solid,
    legsWhenStood: (up) => stoodUp(up),
  }, upProbability, o.wingPlates) : undefined;
  if (wings) found = standOn(wings, 'across-wings');
  // A legless body lying along its length faces its thick end (its head), not across its length or
  // toward its tail.
  const headEnd = o.headEnd && o.upAxis === undefined ? headEndFacing(found, { standingWhenStood: legs.standingWhenStood, lengthAxis: () => longAxis, solid }, o.minHeadEndOffset) : undefined;
  if (headEnd !== undefined && headEnd !== found.rotationY) {
    found = { ...found, rotationY: headEnd, facing: facingOf(headEnd), confidence: probabilityOf(found.upAxis, headEnd) };
  }
  const cue = options.facingCue === undefined ? FACING_CUE_ON : options.facingCue;
  if (cue === false) return found;
  // The anatomy says another way: the half turn about the same up axis (it keeps the length and
  // the left-right axis the gates may have kept), or a quarter turn where neither is kept, with its
  // probability.
  const rotationY = facingCueRotation(mesh, found, cue, {
    ...(o.lateralAxis ? { lateralAxis: o.lateralAxis } : {}), ...(o.lengthAxis ? { lengthAxis: o.lengthAxis } : {}),
    legsWhenStood: (up) => stoodUp(up).legs,
    ...(welded ? { welded } : {}),
  });
  if (rotationY === found.rotationY) return found;
  const own = ORIENTATION_CANDIDATES.findIndex((c) => c.upAxis === found.upAxis && c.rotationY === rotationY);
  const q = p();
  return { ...found, rotationY, facing: facingOf(rotationY), confidence: q[own]! / (o.upAxis === undefined ? 1 : upAxisProbability(q, found.upAxis)) };
}
