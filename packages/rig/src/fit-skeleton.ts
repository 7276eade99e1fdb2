/**
 * Fits a skeleton of a given body plan to a mesh, from its geometry.
 *
 * Pipeline: solid voxelisation (surface raster + outside flood fill) → chamfer distance field →
 * TEASAR-style medial tree (Dijkstra with a thickness penalty from the thickest voxel; greedy
 * farthest-extremity branches) → per-plan template matching of extremities (tips classified by
 * where they lie: lowest = feet, most lateral = hands/wings, front = head, back = tail) → joints
 * at limb entries (where the cross-section jumps), at path bends, or at length fractions →
 * mirror-averaging of left/right pairs when the solid is mirror-symmetric → snap into the solid.
 * A plan whose limbs the shape lacks gets bounding-box stand-ins (an avian's missing legs and tail:
 * none), a warning and a low matchScore.
 * Input faces +Z with +Y up; positions come back in the mesh's units.
 */
import type { Mesh, Skeleton } from '@rigforge/mesh';
import { EngineError, withDefaults } from '@rigforge/mesh';
import { isBodyPlan, type BodyPlan } from './body-plan';
import type { LeafTip } from './compute-skin-weights';
import { fitAquatic } from './fit/fit-aquatic';
import { fitAvian } from './fit/fit-avian';
import { fitBiped } from './fit/fit-biped';
import { fitFingers } from './fit/fit-fingers';
import { fitLegged } from './fit/fit-legged';
import { fitOthers } from './fit/fit-others';
import { fitQuadruped } from './fit/fit-quadruped';
import { fitSerpentine } from './fit/fit-serpentine';
import type { FractionContext } from './fit/joint-fractions';
import { startPlanFit, type PieceBox, type PlanFit } from './fit/plan-fit';
import { assessPlausibility } from './fit/plausibility';
import { analyzeShape } from './fit/shape-analysis';
import type { ShapeAnalysis } from './fit/shape-analysis';
import { snapInside, type SkeletonBuilder } from './fit/skeleton-builder';
import type { Vec3 } from './fit/vec3';
import { voxelAt, type VoxelTriangles } from './fit/voxel-grid';
import { connectedPieces } from './skinning/bind-rigid-pieces';
import { weldVertices, type WeldedVertices } from './weld-vertices';

export interface FitSkeletonOptions {
  /** Voxels along the longest bounding-box axis (64–128 sensible). */
  resolution?: number;
  /** Mirror-average left/right joints when the solid is symmetric about x = box centre. */
  symmetrize?: boolean;
}

export const FIT_SKELETON_DEFAULTS: Required<FitSkeletonOptions> = { resolution: 80, symmetrize: true };

/** A mesh's shape analysis at a resolution, handed to {@link fitSkeleton} by a caller that has one. */
export interface AnalysedMesh {
  mesh: Mesh;
  resolution: number;
  shape: ShapeAnalysis;
}

export interface FitSkeletonReport {
  bodyPlan: BodyPlan;
  /** 0..1: share of the template's extremities found in the shape, lowered by unexplained limbs. */
  matchScore: number;
  warnings: string[];
  /** Mirror IoU of the solid about x = box centre. */
  symmetry: number;
}

export interface FitSkeletonResult {
  skeleton: Skeleton;
  report: FitSkeletonReport;
  /**
   * Indices of joints that stand in for parts the shape lacks (see PlanFit.standIns): skin them
   * as non-deforming (`computeSkinWeights`' `nonDeformingJoints`).
   */
  standInJoints: number[];
  /** Leaf joints' extremities where the fit traced them (`computeSkinWeights`' `leafTips`). */
  leafTips: LeafTip[];
}

const FITTERS: Record<BodyPlan, (fit: PlanFit) => void> = {
  biped: fitBiped,
  quadruped: fitQuadruped,
  hexapod: (fit) => fitLegged(fit, 6),
  octopod: (fit) => fitLegged(fit, 8),
  avian: fitAvian,
  serpentine: fitSerpentine,
  aquatic: fitAquatic,
  others: fitOthers,
};

/**
 * `tuning` is for scripts/fit-joint-fractions.ts: other joint fractions to try, and a trace of
 * where the fitters placed joints by fraction. The engine leaves it out. `welded`: the mesh's weld at
 * the default tolerance when the caller has it (rigMesh's, shared with the skin); a biped's pieces
 * read it. `triangles`: the mesh's voxelTriangles (fit/voxel-grid.ts) when the caller has them or can
 * make them cheaper (orientForRig's, from the filed mesh's), read only when the fit analyses the shape.
 */
export function fitSkeleton(mesh: Mesh, bodyPlan: BodyPlan, options: FitSkeletonOptions = {}, tuning?: FractionContext, analysed?: AnalysedMesh, welded?: WeldedVertices, triangles?: () => VoxelTriangles): FitSkeletonResult {
  if (!isBodyPlan(bodyPlan)) throw new EngineError('invalid_input', `rig: unknown body plan "${String(bodyPlan)}"`);
  const { resolution, symmetrize } = withDefaults(FIT_SKELETON_DEFAULTS, options);
  // The body plan's classifier may already have analysed this very mesh at this resolution (a
  // rig with `rigType: 'auto'`): the fit reads the analysis and never writes it, so it is reused.
  const shape = analysed && analysed.mesh === mesh && analysed.resolution === resolution ? analysed.shape : analyzeShape(mesh, resolution, triangles?.());
  if (shape.tree.branches.length === 0 && !shape.grid.solid.some((v) => v === 1)) {
    throw new EngineError('invalid_input', 'rig: the mesh has no non-degenerate triangles');
  }
  const fit = startPlanFit(shape, tuning);
  if (bodyPlan === 'biped') fit.pieces = meshPieces(welded ?? weldVertices(mesh.positions, mesh.indices));
  FITTERS[bodyPlan](fit);
  const maxGap = 0.06 * Math.hypot(...shape.size);
  const b = fit.builder;
  if (symmetrize && shape.symmetric && bodyPlan !== 'others' && bodyPlan !== 'serpentine') {
    b.symmetrize(shape.cx, maxGap);
    b.centreUnsided(shape.cx);
  }
  const beforeSnap = new Map(b.names().map((n) => [n, [...b.get(n)] as [number, number, number]]));
  b.snapInside(shape);
  if (symmetrize && shape.symmetric && bodyPlan !== 'others' && bodyPlan !== 'serpentine') {
    // Snapping can nudge the two sides differently; re-mirror, then re-check containment.
    b.symmetrize(shape.cx, maxGap);
    for (const name of b.names()) {
      const p = b.get(name);
      const q = snapInside(shape, p);
      p[0] = q[0]; p[1] = q[1]; p[2] = q[2];
    }
  }
  centreThinJoints(mesh, shape, b);
  // Fingers are fitted on their own fine grid after the body's joints are final (snapping into the
  // coarse body grid would pull them out of the fingers).
  if (bodyPlan === 'biped') {
    const sides = (['left', 'right'] as const).filter((side) => !fit.standIns.has(`${side}_hand`));
    fitFingers(mesh, shape, b, { symmetric: symmetrize, sides });
  }
  // Significant extremities the template did not use lower the score: a spider fitted as a
  // biped leaves three legs over, a snake fitted as a biped finds almost nothing.
  const spare = fit.candidates.filter((l) => !fit.used.has(l) && l.length >= 0.25 * (fit.candidates[0]?.length ?? 0)).length;
  const found = fit.expected ? fit.found / fit.expected : 1;
  // A fit that went wrong (joints in the air, legs through the torso, impossible proportions)
  // says so and scores lower.
  const plausible = assessPlausibility(bodyPlan, b, beforeSnap, shape.cell, shape.min[1], Math.hypot(...shape.size), (p) => {
    const v = voxelAt(shape.grid, p);
    return v >= 0 && shape.grid.solid[v] === 1;
  });
  const matchScore = Math.max(0, Math.min(1, found * (1 - Math.min(0.6, 0.15 * spare)) * plausible.factor));
  const warnings = [...fit.warnings, ...plausible.warnings];
  if (matchScore < 0.6) warnings.push(`rig: the mesh is a poor match for the "${bodyPlan}" body plan (score ${matchScore.toFixed(2)})`);
  const skeleton = b.build();
  const standInJoints = skeleton.joints.flatMap((joint, j) => (fit.standIns.has(joint.name) ? [j] : []));
  const leafTips = skeleton.joints.flatMap((joint, j) => {
    const tip = fit.leafTips.get(joint.name);
    return tip ? [{ joint: j, tip: [tip[0], tip[1], tip[2]] as const }] : [];
  });
  return { skeleton, report: { bodyPlan, matchScore, warnings, symmetry: shape.symmetry }, standInJoints, leafTips };
}

/** The bounding boxes of the mesh's separate pieces (connected over vertices welded by position). */
function meshPieces(welded: WeldedVertices): PieceBox[] {
  const p = welded.positions;
  return connectedPieces(welded.indices, p.length / 3).map((piece) => {
    const min: Vec3 = [Infinity, Infinity, Infinity], max: Vec3 = [-Infinity, -Infinity, -Infinity];
    for (const v of piece) {
      for (let k = 0; k < 3; k++) {
        min[k] = Math.min(min[k]!, p[3 * v + k]!);
        max[k] = Math.max(max[k]!, p[3 * v + k]!);
      }
    }
    return { min, max };
  });
}

/**
 * Joints in parts only a voxel or two thick (insect legs, a snake's tail tip) sit on shell voxels
 * whose centres can be just outside the surface; the centroid of the mesh vertices around such a
 * joint lies on the tube's axis, inside.
 */
function centreThinJoints(mesh: Mesh, shape: ShapeAnalysis, b: SkeletonBuilder): void {
  const thin = b.names().filter((n) => {
    const v = voxelAt(shape.grid, b.get(n));
    return v < 0 || shape.dt[v]! < 1.9;
  });
  if (thin.length === 0) return;
  const r = 2 * shape.cell;
  const p = mesh.positions;
  for (const name of thin) {
    const q = b.get(name);
    let sx = 0, sy = 0, sz = 0, n = 0;
    for (let i = 0; i < p.length; i += 3) {
      const dx = p[i]! - q[0], dy = p[i + 1]! - q[1], dz = p[i + 2]! - q[2];
      if (dx * dx + dy * dy + dz * dz < r * r) { sx += p[i]!; sy += p[i + 1]!; sz += p[i + 2]!; n++; }
    }
    if (n >= 4) {
      const c: [number, number, number] = [sx / n, sy / n, sz / n];
      const v = voxelAt(shape.grid, c);
      if (v >= 0 && shape.grid.solid[v]) { q[0] = c[0]; q[1] = c[1]; q[2] = c[2]; }
    }
  }
}
