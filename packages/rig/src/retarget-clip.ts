/**
 * Retargeting a humanoid clip onto a fitted biped skeleton.
 *
 * Approaches: (1) copy local rotations joint to joint — wrong as soon as the two rigs' rest
 * frames differ (Mixamo joints carry rest rotations, ours are identity); (2) IK on end effectors —
 * needs contacts and a solver, and loses the source's limb twist and style; (3) world-space
 * deltas from the rest pose, used here: for each source joint the world rotation relative to its
 * world rest rotation, D = W(t) · W_rest⁻¹, is applied to the mapped target joint. Differences
 * between the two characters' global frames (facing, up axis) are removed by a rotation Q built
 * from their rest up (hips→head) and left (right→left upper arm or leg) directions, D' = Q D Q⁻¹.
 * Differences between the rest poses (an A-pose clip onto a T-pose skeleton) are removed per bone
 * by a rest alignment A_k, the shortest arc turning the target bone's rest direction into the
 * source bone's, so target world = D' · A_k: when the source stands in its rest pose the target
 * takes the same limb directions. Target local rotations are then parent⁻¹ · child.
 * The hips translation is the source hips' world displacement, turned by Q and scaled by the
 * ratio of hip heights (hips above the lowest mapped joint along up).
 *
 * Up is each skeleton's own (from its hips, head and limbs), never an assumed +Y: a target stored
 * lying down (+Z up) gets the same hip-height scale and root motion as an upright one. Feet: the
 * scaled hips can still put a foot below the floor when the two characters' leg proportions
 * differ (a longer shin on a bent knee); in a frame where the target's lowest foot goes further
 * below its rest floor than the source's own lowest foot does (scaled), the hips are lifted along up
 * by the difference, so the target never dips more than the clip itself. Quadrupeds
 * (`bodyPlan: 'quadruped'`) use the same rules with quadruped roles (quadrupedJointRole) and a frame
 * from the legs (feet → body is up) and the left/right legs.
 */
import {
  EngineError,
  QUAT_IDENTITY,
  quatInvert,
  quatMultiply,
  quatRotate,
  sampleTrack,
  quatFromFrames,
  type AnimationClip,
  type AnimationJoint,
  type AnimationTrack,
  type Quat,
  type Skeleton,
  type Vec3,
  withDefaults,
} from '@rigforge/mesh';
import { isRetargetBodyPlan, type RetargetBodyPlan } from './body-plan';
import { bipedJointRole } from './retarget/biped-joint-role';
import { quadrupedJointRole } from './retarget/quadruped-joint-role';
import { dot, forwardKinematics, quatBetween, sub, type WorldTransform } from './retarget/pose-math';

export interface RetargetClipOptions {
  /** Frames per second of the common time base all tracks are resampled to. Default 30. */
  sampleRate?: number;
  /** Refuse clips that would need more frames than this. Default 36 000 (20 minutes at 30 fps). */
  maxFrames?: number;
  /** Align each target bone to the source's rest direction (A-pose clip onto a T-pose rig). Default true. */
  alignRestPose?: boolean;
  /** Which joint roles and frame to match by: a humanoid or a four-legged skeleton. Default `biped`. */
  bodyPlan?: RetargetBodyPlan;
  /** Lift the hips in frames where the target's feet would dip below the floor more than the clip's do. Default true. */
  keepFeetAboveFloor?: boolean;
  /**
   * Up of the clip's and of the target's skeleton, when known (our readers give clips +Y up, and
   * rigMesh rigs upright models): exact where the estimate from the legs (feet → hips) is tilted
   * by a few degrees on a real character. Each defaults to that estimate.
   */
  up?: { source?: Vec3; target?: Vec3 };
}


export const RETARGET_CLIP_DEFAULTS: Required<RetargetClipOptions> = {
  sampleRate: 30,
  maxFrames: 36_000,
  alignRestPose: true,
  bodyPlan: 'biped',
  keepFeetAboveFloor: true,
  up: {},
};

/** Roles that carry the character's weight: their lowest point is what stands on the floor. */
const FOOT_ROLE = /(^|_)(foot|toes|toe)$/;
const SIDED_ROLE = /(^|_)(left|right)(_|$)/;

export interface RetargetResult {
  /** The clip on the target skeleton: track joints index `target.joints`, times start at 0. */
  clip: AnimationClip;
  /** Source joint → target joint pairs that drive the target. */
  mapped: Array<{ source: string; target: string }>;
  /** Source joints that were dropped (no biped role, or a role the target lacks). */
  unmappedSource: string[];
  /** Target joints no source joint drives (they follow their parent). */
  unmappedTarget: string[];
  /**
   * Feet against the floor, in target units: the deepest the clip's own lowest foot goes below its
   * rest floor (scaled to the target), the deepest the target's goes before and after the hips
   * are lifted, and how many frames were lifted. Absent when no foot or hips is mapped.
   */
  floor?: { hipHeight: number; sourceBelow: number; targetBelowUnlifted: number; targetBelow: number; liftedFrames: number };
  warnings: string[];
}

/**
 * Retargets `clip` onto `target` (a skeleton with rest positions and identity rest rotations, as
 * fitSkeleton returns): joints are matched by biped role (see bipedJointRole), rotations are
 * transferred as world-space deltas from the rest pose and the hips translation is scaled by the
 * hip-height ratio. Throws `EngineError('invalid_input')` when no joint matches.
 */
export function retargetClip(clip: AnimationClip, target: Skeleton, options: RetargetClipOptions = {}): RetargetResult {
  const { sampleRate, maxFrames, alignRestPose, bodyPlan, keepFeetAboveFloor: keepFeet, up } = withDefaults(RETARGET_CLIP_DEFAULTS, options);
  if (!isRetargetBodyPlan(bodyPlan)) throw new EngineError('invalid_input', `retarget: clips are retargeted onto biped or quadruped skeletons, not "${String(bodyPlan)}"`);
  const jointRole = bodyPlan === 'quadruped' ? quadrupedJointRole : bipedJointRole;
  if (!(sampleRate > 0) || !Number.isFinite(sampleRate)) throw new EngineError('invalid_input', `retarget: sample rate must be positive, got ${sampleRate}`);
  const warnings: string[] = [];
  const src = clip.skeleton;
  const tgt = target.joints;

  // --- mapping by role
  const targetByRole = new Map<string, number>();
  tgt.forEach((j, i) => {
    const role = jointRole(j.name);
    if (role && !targetByRole.has(role)) targetByRole.set(role, i);
  });
  const sourceOf = new Int32Array(tgt.length).fill(-1);
  const mapped: RetargetResult['mapped'] = [];
  const unmappedSource: string[] = [];
  src.forEach((j, i) => {
    const role = jointRole(j.name);
    const t = role ? targetByRole.get(role) : undefined;
    if (t === undefined) {
      unmappedSource.push(j.name);
      return;
    }
    if (sourceOf[t] !== -1) {
      warnings.push(`retarget: "${j.name}" and "${src[sourceOf[t]!]!.name}" both map to "${tgt[t]!.name}"; the first is used`);
      unmappedSource.push(j.name);
      return;
    }
    sourceOf[t] = i;
    mapped.push({ source: j.name, target: tgt[t]!.name });
  });
  if (mapped.length === 0) {
    const sample = src.slice(0, 6).map((j) => `"${j.name}"`).join(', ');
    throw new EngineError(
      'invalid_input',
      bodyPlan === 'quadruped'
        ? `retarget: no joint of the clip matches a quadruped joint of the target (clip joints: ${sample}${src.length > 6 ? ', ...' : ''}); expected names with a side, front/hind and a leg segment, or biped-template names (L UpperArm, L Thigh)`
        : `retarget: no joint of the clip matches a humanoid joint name (clip joints: ${sample}${src.length > 6 ? ', ...' : ''}); expected Mixamo, Unity Humanoid or Unreal names`,
    );
  }
  const unmappedTarget = tgt.filter((_, i) => sourceOf[i] === -1).map((j) => j.name);
  if (unmappedTarget.length > 0) warnings.push(`retarget: ${unmappedTarget.length} target joint(s) have no source and follow their parent: ${unmappedTarget.join(', ')}`);

  // --- rest poses
  const srcRestLocal = src.map((j) => ({ translation: j.rest.translation, rotation: j.rest.rotation, scale: j.rest.scale }));
  const srcRest = forwardKinematics(src, srcRestLocal);
  const tgtPos = (i: number): Vec3 => tgt[i]!.position;
  const srcPos = (targetIndex: number): Vec3 | null => (sourceOf[targetIndex]! >= 0 ? srcRest[sourceOf[targetIndex]!]!.position : null);

  // --- global frame alignment Q (source world → target world)
  const role = (r: string): number => targetByRole.get(r) ?? -1;
  // The frame is (up, left) with up = feet → body: the legs carry the weight straight down in any
  // rest pose, while the spine leans (a hunched or big-headed biped's head sits well forward of
  // its hips, a dog's withers stand higher than a horse's), and aligning spines would tilt the
  // clip and sink one pair of feet. A biped without mapped feet falls back to hips → head.
  const frameDirs = (pos: (i: number) => Vec3 | null): { primary: Vec3; left: Vec3 } | null => {
    const at = (roles: string[]): Vec3 | null => roles.map((r) => (role(r) >= 0 ? pos(role(r)) : null)).find((p) => p) ?? null;
    const hips = at(['hips']);
    const pair = (l: string, r: string): Vec3 | null => {
      const a = at([l]);
      const b = at([r]);
      return a && b ? sub(a, b) : null;
    };
    if (bodyPlan === 'quadruped') {
      const body = mean([hips, at(['chest', 'spine_2', 'spine_1'])]);
      const ground = mean(['front_left', 'front_right', 'back_left', 'back_right'].map((leg) => at([`${leg}_foot`, `${leg}_toe`, `${leg}_lower_leg`])));
      const left = pair('front_left_upper_leg', 'front_right_upper_leg') ?? pair('back_left_upper_leg', 'back_right_upper_leg') ?? pair('back_left_foot', 'back_right_foot');
      return body && ground && left ? { primary: sub(body, ground), left } : null;
    }
    const top = at(['head', 'neck', 'upper_chest', 'chest']);
    const ground = mean(['left', 'right'].map((side) => at([`${side}_foot`, `${side}_toes`])));
    const left = pair('left_upper_arm', 'right_upper_arm') ?? pair('left_upper_leg', 'right_upper_leg') ?? pair('left_shoulder', 'right_shoulder');
    if (hips && ground && left) return { primary: sub(hips, ground), left };
    return hips && top && left ? { primary: sub(top, hips), left } : null;
  };
  const given = (frame: { primary: Vec3; left: Vec3 } | null, up: Vec3 | undefined) =>
    frame && up && Math.hypot(...up) > 1e-9 ? { primary: up, left: frame.left } : frame;
  const tgtFrame = given(frameDirs((i) => (i >= 0 ? tgtPos(i) : null)), up.target);
  const srcFrame = given(frameDirs((i) => (i >= 0 ? srcPos(i) : null)), up.source);
  let q: Quat = [...QUAT_IDENTITY] as Quat;
  if (tgtFrame && srcFrame) q = quatFromFrames(srcFrame.primary, srcFrame.left, tgtFrame.primary, tgtFrame.left);
  else warnings.push(`retarget: hips, ${bodyPlan === 'quadruped' ? 'chest' : 'head'} and left/right limbs are not all mapped; the clip is assumed to face +Z with +Y up`);
  const qInv = quatInvert(q);
  const toTarget = (v: Vec3): Vec3 => quatRotate(q, v);
  // The target's own up (the frame's primary direction), +Y without a frame. Never assumed: a
  // model stored lying down has +Z up.
  const tgtUp: Vec3 = tgtFrame ? unit(tgtFrame.primary) : [0, 1, 0];

  // --- per-bone rest alignment A_k (target rest direction → source rest direction)
  const children: number[][] = tgt.map(() => []);
  tgt.forEach((j, i) => { if (j.parent >= 0 && j.parent < i) children[j.parent]!.push(i); });
  const align: Quat[] = [];
  for (let k = 0; k < tgt.length; k++) {
    const p = tgt[k]!.parent;
    const inherited: Quat = p >= 0 && p < k ? align[p]! : [0, 0, 0, 1];
    align[k] = inherited;
    if (!alignRestPose || sourceOf[k] === -1) continue;
    const kids = children[k]!.filter((c) => sourceOf[c] !== -1);
    // Prefer the chain's continuation (spine → chest, not a shoulder) for the bone's direction;
    // among several (a hand's five fingers) the child most in line with the incoming bone.
    const sided = SIDED_ROLE.test(jointRole(tgt[k]!.name) ?? '');
    const continuing = kids.filter((x) => sided || !SIDED_ROLE.test(jointRole(tgt[x]!.name) ?? ''));
    const c = mostInLine(tgtPos, p >= 0 && p < k ? p : -1, k, continuing) ?? kids[0];
    if (c === undefined) continue;
    const dt = sub(tgtPos(c), tgtPos(k));
    const ds = toTarget(sub(srcPos(c)!, srcPos(k)!));
    align[k] = quatBetween(dt, ds);
  }
  const armAngle = (side: 'left' | 'right'): number | null => {
    const k = role(`${side}_upper_arm`);
    if (k < 0 || sourceOf[k] === -1) return null;
    const a = align[k]!;
    return (2 * Math.acos(Math.min(1, Math.abs(a[3]))) * 180) / Math.PI;
  };
  const arm = bodyPlan === 'biped' ? (armAngle('left') ?? armAngle('right')) : null;
  if (arm !== null && arm > 20) {
    warnings.push(`retarget: the rest poses differ (upper arm ${arm.toFixed(0)}° apart, e.g. A-pose vs T-pose)${alignRestPose ? '; bones were aligned to the clip\'s rest pose' : ''}`);
  }

  // --- hips translation scale
  const tgtHips = role('hips');
  const srcHips = tgtHips >= 0 ? sourceOf[tgtHips]! : -1;
  let hipScale = 1;
  let tgtHeight = 0;
  const srcUp = quatRotate(qInv, tgtUp);
  if (srcHips >= 0) {
    // Lowest mapped joint (the toes, or the feet): an armature or root node at the origin is no floor.
    const drivenTargets = tgt.map((_, k) => k).filter((k) => sourceOf[k] !== -1);
    const srcLow = Math.min(...drivenTargets.map((k) => dot(srcRest[sourceOf[k]!]!.position, srcUp)));
    const tgtLow = Math.min(...drivenTargets.map((k) => dot(tgtPos(k), tgtUp)));
    const srcHeight = dot(srcRest[srcHips]!.position, srcUp) - srcLow;
    tgtHeight = dot(tgtPos(tgtHips), tgtUp) - tgtLow;
    if (srcHeight > 1e-9 && tgtHeight > 1e-9) hipScale = tgtHeight / srcHeight;
    else warnings.push('retarget: hip height is zero in the clip or the target; hips translation is not scaled');
  } else if (tgtHips >= 0) {
    warnings.push('retarget: the clip has no hips joint; the character stays in place');
  }

  // --- time base
  const tracksByJoint = src.map(() => ({} as Partial<Record<AnimationTrack['path'], AnimationTrack>>));
  let start = Infinity;
  let end = -Infinity;
  for (const t of clip.tracks) {
    if (t.joint < 0 || t.joint >= src.length || t.times.length === 0) continue;
    tracksByJoint[t.joint]![t.path] ??= t;
    start = Math.min(start, t.times[0]!);
    end = Math.max(end, t.times[t.times.length - 1]!);
  }
  if (!Number.isFinite(start)) {
    start = 0;
    end = 0;
  }
  const frames = Math.max(1, Math.round((end - start) * sampleRate) + 1);
  if (frames > maxFrames) {
    throw new EngineError('invalid_input', `retarget: the clip is ${(end - start).toFixed(1)} s long, more than ${maxFrames} frames at ${sampleRate} fps`);
  }
  const times = new Float32Array(frames);
  for (let f = 0; f < frames; f++) times[f] = f === frames - 1 ? end - start : f / sampleRate;

  // --- floor: the lowest mapped foot at rest, in each skeleton, along its up
  const feet = tgt.map((_, k) => k).filter((k) => sourceOf[k] !== -1 && FOOT_ROLE.test(jointRole(tgt[k]!.name) ?? ''));
  const floorActive = feet.length > 0 && srcHips >= 0;
  const srcFloor = floorActive ? Math.min(...feet.map((k) => dot(srcRest[sourceOf[k]!]!.position, srcUp))) : 0;
  const tgtFloor = floorActive ? Math.min(...feet.map((k) => dot(tgtPos(k), tgtUp))) : 0;
  const floor = { hipHeight: tgtHeight, sourceBelow: 0, targetBelowUnlifted: 0, targetBelow: 0, liftedFrames: 0 };
  const tgtFk: Vec3[] = [];

  // --- frames
  const drivenJoints = tgt.map((_, k) => k).filter((k) => sourceOf[k] !== -1);
  const rotValues = drivenJoints.map(() => new Float32Array(frames * 4));
  const hipValues = srcHips >= 0 ? new Float32Array(frames * 3) : null;
  const scratch: number[] = [];
  const local = src.map((j) => ({ translation: [...j.rest.translation] as Vec3, rotation: [...j.rest.rotation] as Quat, scale: [...j.rest.scale] as Vec3 }));
  const world: WorldTransform[] = [];
  const restInv = srcRest.map((w) => quatInvert(w.rotation));
  const tgtWorld: Quat[] = [];
  const tgtWorldPos: Vec3[] = [];
  for (let f = 0; f < frames; f++) {
    const t = start + times[f]!;
    for (let j = 0; j < src.length; j++) {
      const tr = tracksByJoint[j]!;
      const l = local[j]!;
      if (tr.translation) { const v = sampleTrack(tr.translation, t, scratch); l.translation = [v[0]!, v[1]!, v[2]!]; }
      if (tr.rotation) { const v = sampleTrack(tr.rotation, t, scratch); l.rotation = [v[0]!, v[1]!, v[2]!, v[3]!]; }
      if (tr.scale) { const v = sampleTrack(tr.scale, t, scratch); l.scale = [v[0]!, v[1]!, v[2]!]; }
    }
    forwardKinematics(src, local, world);
    for (let k = 0; k < tgt.length; k++) {
      const p = tgt[k]!.parent;
      const parentWorld: Quat = p >= 0 && p < k ? tgtWorld[p]! : [0, 0, 0, 1];
      const s = sourceOf[k]!;
      if (s === -1) {
        tgtWorld[k] = parentWorld;
        continue;
      }
      const delta = quatMultiply(world[s]!.rotation, restInv[s]!);
      tgtWorld[k] = quatMultiply(quatMultiply(quatMultiply(q, delta), qInv), align[k]!);
    }
    drivenJoints.forEach((k, n) => {
      const p = tgt[k]!.parent;
      const parentWorld: Quat = p >= 0 && p < k ? tgtWorld[p]! : [0, 0, 0, 1];
      let lq = quatMultiply(quatInvert(parentWorld), tgtWorld[k]!);
      const out = rotValues[n]!;
      // Keep consecutive keys in one hemisphere so every interpolator takes the short way.
      if (f > 0 && lq[0] * out[(f - 1) * 4]! + lq[1] * out[(f - 1) * 4 + 1]! + lq[2] * out[(f - 1) * 4 + 2]! + lq[3] * out[(f - 1) * 4 + 3]! < 0) {
        lq = [-lq[0], -lq[1], -lq[2], -lq[3]];
      }
      out.set(lq, f * 4);
    });
    if (hipValues) {
      const disp = toTarget(sub(world[srcHips]!.position, srcRest[srcHips]!.position));
      const rest = tgtPos(tgtHips);
      let worldPos: Vec3 = [rest[0] + disp[0] * hipScale, rest[1] + disp[1] * hipScale, rest[2] + disp[2] * hipScale];
      if (floorActive) {
        // How far the clip's own lowest foot is below its rest floor, scaled; the target may go
        // as deep, not deeper.
        const srcBelow = Math.max(0, srcFloor - Math.min(...feet.map((k) => dot(world[sourceOf[k]!]!.position, srcUp)))) * hipScale;
        const tgtBelow = Math.max(0, tgtFloor - lowestFoot(tgt, tgtWorld, tgtHips, worldPos, feet, tgtUp, tgtFk));
        const lift = keepFeet ? Math.max(0, tgtBelow - srcBelow) : 0;
        if (lift > 0) {
          worldPos = [worldPos[0] + tgtUp[0] * lift, worldPos[1] + tgtUp[1] * lift, worldPos[2] + tgtUp[2] * lift];
          floor.liftedFrames++;
        }
        floor.sourceBelow = Math.max(floor.sourceBelow, srcBelow);
        floor.targetBelowUnlifted = Math.max(floor.targetBelowUnlifted, tgtBelow);
        floor.targetBelow = Math.max(floor.targetBelow, tgtBelow - lift);
      }
      // Local translation under the hips' parent, if the target has one.
      let localPos = worldPos;
      const p = tgt[tgtHips]!.parent;
      if (p >= 0 && p < tgtHips) {
        for (let k = 0; k <= p; k++) {
          const pp = tgt[k]!.parent;
          tgtWorldPos[k] = pp >= 0 && pp < k
            ? (() => { const o = quatRotate(tgtWorld[pp]!, sub(tgtPos(k), tgtPos(pp))); const b = tgtWorldPos[pp]!; return [b[0] + o[0], b[1] + o[1], b[2] + o[2]] as Vec3; })()
            : tgtPos(k);
        }
        localPos = quatRotate(quatInvert(tgtWorld[p]!), sub(worldPos, tgtWorldPos[p]!));
      }
      hipValues.set(localPos, f * 3);
    }
  }

  const skeleton: AnimationJoint[] = tgt.map((j, i) => {
    const p = j.parent >= 0 && j.parent < i ? j.parent : -1;
    const parentPos: Vec3 = p >= 0 ? tgt[p]!.position : [0, 0, 0];
    return { name: j.name, parent: p, rest: { translation: sub(j.position, parentPos), rotation: [0, 0, 0, 1], scale: [1, 1, 1] } };
  });
  const tracks: AnimationTrack[] = drivenJoints.map((k, n) => ({ joint: k, path: 'rotation', times, values: rotValues[n]!, interpolation: 'LINEAR' }));
  if (hipValues) tracks.push({ joint: tgtHips, path: 'translation', times, values: hipValues, interpolation: 'LINEAR' });
  return {
    clip: { name: clip.name, duration: end - start, skeleton, tracks },
    mapped,
    unmappedSource,
    unmappedTarget,
    ...(floorActive ? { floor } : {}),
    warnings,
  };
}

function unit(v: Vec3): Vec3 {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}

/** The mean of the points given; null when none is. */
function mean(points: Array<Vec3 | null>): Vec3 | null {
  const known = points.filter((p): p is Vec3 => p !== null);
  if (known.length === 0) return null;
  const s: Vec3 = [0, 0, 0];
  for (const p of known) for (let c = 0; c < 3; c++) s[c]! += p[c]! / known.length;
  return s;
}

/**
 * Height along `up` of the lowest of `feet` in a target frame: forward kinematics of the target's
 * rest offsets (its rest rotations are identity) under world rotations `rot`, with the hips at `hipsPos`.
 */
function lowestFoot(tgt: Skeleton['joints'], rot: Quat[], hips: number, hipsPos: Vec3, feet: number[], up: Vec3, out: Vec3[]): number {
  for (let k = 0; k < tgt.length; k++) {
    const p = tgt[k]!.parent;
    if (k === hips) out[k] = hipsPos;
    else if (p >= 0 && p < k) {
      const o = quatRotate(rot[p]!, sub(tgt[k]!.position, tgt[p]!.position));
      out[k] = [out[p]![0] + o[0], out[p]![1] + o[1], out[p]![2] + o[2]];
    } else out[k] = tgt[k]!.position;
  }
  return Math.min(...feet.map((k) => dot(out[k]!, up)));
}

/** The child whose direction from `k` is most in line with the bone parent → k (the first one without a parent). */
function mostInLine(pos: (i: number) => Vec3, parent: number, k: number, kids: number[]): number | undefined {
  if (kids.length < 2 || parent < 0) return kids[0];
  const incoming = sub(pos(k), pos(parent));
  let best = kids[0], bestCos = -Infinity;
  for (const c of kids) {
    const d = sub(pos(c), pos(k));
    const cos = dot(incoming, d) / (Math.sqrt(dot(incoming, incoming) * dot(d, d)) || 1);
    if (cos > bestCos) { bestCos = cos; best = c; }
  }
  return best;
}
