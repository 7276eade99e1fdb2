import type { Skeleton, SkinWeights } from '@rigforge/mesh';
import { computeSkinWeights } from '../src/compute-skin-weights';
import { BONE_HEAT_DEFAULTS, blenderHeatBones, boneHeatWeights, cotangentLaplacian, heatSources, vertexNormals, type BoneHeatOptions } from '../src/skinning/bone-heat';
import { pathReentersSolid, voxelizeSkinGrid } from '../src/skinning/skin-voxel-grid';
import { buildTriangleRayTree } from '../src/skinning/triangle-ray-tree';
import { weldVertices } from '../src/weld-vertices';
import { capsule, humanoid, mergeMeshes, scaleMesh, scaleSkeleton, skeletonOf, weightOf } from './skinning-fixtures';

function expectEveryVertexWeighted(skin: SkinWeights, n: number): void {
  let bad = 0;
  for (let v = 0; v < n; v++) {
    let sum = 0;
    for (let k = 0; k < 4; k++) sum += skin.weights[4 * v + k]!;
    if (!(Math.abs(sum - 1) < 1e-4)) bad++;
  }
  expect(bad).toBe(0);
}

function vertsWhere(mesh: { positions: Float32Array }, pred: (x: number, y: number, z: number) => boolean): number[] {
  const out: number[] = [];
  for (let v = 0; v < mesh.positions.length / 3; v++) if (pred(mesh.positions[3 * v]!, mesh.positions[3 * v + 1]!, mesh.positions[3 * v + 2]!)) out.push(v);
  return out;
}

describe('bone heat (method: heat)', () => {
  // A two-bone limb along +y: upper (joint 0) from 0 to 1, lower (joint 1) from 1 to 2, tip joint 2.
  const limb = capsule([0, 0, 0], [0, 2, 0], 0.2, { rows: 40 });
  const limbSkeleton = skeletonOf([
    ['upper', null, [0, 0, 0]],
    ['lower', 'upper', [0, 1, 0]],
    ['tip', 'lower', [0, 2, 0]],
  ]);

  it('builds one bone per joint as Blender does: tail at the children, a leaf continues by half', () => {
    const bones = blenderHeatBones(limbSkeleton);
    expect(bones.map((b) => b.tail[1])).toEqual([1, 2, 2.5]);
  });

  it('runs a branching joint\'s bone along its chain (chest to neck, not between the shoulders)', () => {
    const torso = skeletonOf([
      ['hips', null, [0, 0, 0]],
      ['chest', 'hips', [0, 1, 0]],
      ['neck', 'chest', [0, 1.6, 0]],
      ['shoulder.L', 'chest', [0.4, 1.4, 0]],
      ['shoulder.R', 'chest', [-0.4, 1.4, 0]],
    ]);
    expect(blenderHeatBones(torso)[1]!.tail).toEqual([0, 1.6, 0]);
    // A root has no chain to continue, and children that all lie behind the joint (a spine that
    // doubles back from a fish's head joint) keep Blender's mean.
    const root = skeletonOf([['root', null, [0, 0, 0]], ['a', 'root', [1, 0, 0]], ['b', 'root', [-1, 2, 0]]]);
    expect(blenderHeatBones(root)[0]!.tail).toEqual([0, 1, 0]);
    const back = skeletonOf([['body', null, [0, 0, 0]], ['head', 'body', [0, 1, 0]], ['x', 'head', [1, 0, 0]], ['y', 'head', [-1, 0, 0]]]);
    expect(blenderHeatBones(back)[1]!.tail).toEqual([0, 0, 0]);
  });

  it('weights every vertex of a two-bone capsule, sums to 1, and blends at the joint only', () => {
    const skin = computeSkinWeights(limb, limbSkeleton, { method: 'heat' });
    const n = limb.positions.length / 3;
    expectEveryVertexWeighted(skin, n);
    const upper = vertsWhere(limb, (_x, y) => y > 0.2 && y < 0.6);
    const lower = vertsWhere(limb, (_x, y) => y > 1.4 && y < 1.7);
    const joint = vertsWhere(limb, (_x, y) => Math.abs(y - 1) < 0.03);
    expect(Math.min(...upper.map((v) => weightOf(skin, v, 0)))).toBeGreaterThan(0.9);
    expect(Math.min(...lower.map((v) => weightOf(skin, v, 1)))).toBeGreaterThan(0.9);
    // At the joint both bones share the vertex, so the capsule bends smoothly there.
    for (const v of joint) {
      expect(weightOf(skin, v, 0)).toBeGreaterThan(0.2);
      expect(weightOf(skin, v, 1)).toBeGreaterThan(0.2);
    }
  });

  it('gives way to the geodesic weights above heatMaxVertices (its solves grow faster than the mesh)', () => {
    const geodesic = computeSkinWeights(limb, limbSkeleton, { method: 'geodesic' });
    const capped = computeSkinWeights(limb, limbSkeleton, { method: 'heat', heatMaxVertices: 10 });
    const heat = computeSkinWeights(limb, limbSkeleton, { method: 'heat' });
    expect(Array.from(capped.weights)).toEqual(Array.from(geodesic.weights));
    expect(Array.from(capped.joints)).toEqual(Array.from(geodesic.joints));
    expect(Array.from(heat.weights)).not.toEqual(Array.from(geodesic.weights));
  });

  it('walks the voxel grid instead of casting rays above heatRayMaxVertices', () => {
    const voxel = computeSkinWeights(limb, limbSkeleton, { method: 'heat', heatVisibilityTest: 'voxel' });
    const capped = computeSkinWeights(limb, limbSkeleton, { method: 'heat', heatVisibilityTest: 'ray', heatRayMaxVertices: 10 });
    expect(Array.from(capped.weights)).toEqual(Array.from(voxel.weights));
    expect(Array.from(capped.joints)).toEqual(Array.from(voxel.joints));
  });

  it('gives the same weights at any scale (Blender fails outright at some)', () => {
    const base = computeSkinWeights(limb, limbSkeleton, { method: 'heat' });
    for (const k of [0.001, 100]) {
      const scaled = computeSkinWeights(scaleMesh(limb, k), scaleSkeleton(limbSkeleton, k), { method: 'heat' });
      let worst = 0;
      for (let v = 0; v < limb.positions.length / 3; v++) {
        for (let j = 0; j < 3; j++) worst = Math.max(worst, Math.abs(weightOf(base, v, j) - weightOf(scaled, v, j)));
      }
      expect(worst).toBeLessThan(0.01);
    }
  });

  it('weights a separate piece that heat leaves empty (its nearest bone is hidden behind a leg)', () => {
    // Two legs and a pad beside the right leg: the pad's nearest bone is the right leg's, seen only
    // through the leg, so Blender's rule gives it no heat; the geodesic method must weight it.
    const mesh = mergeMeshes([
      capsule([-0.4, 0, 0], [-0.4, 1, 0], 0.15),
      capsule([0.4, 0, 0], [0.4, 1, 0], 0.15),
      capsule([0.65, 0.4, 0], [0.65, 0.6, 0], 0.05),
    ]);
    const skeleton = skeletonOf([
      ['hips', null, [0, 1.2, 0]],
      ['leftLeg', 'hips', [-0.4, 1, 0]],
      ['leftFoot', 'leftLeg', [-0.4, 0, 0]],
      ['rightLeg', 'hips', [0.4, 1, 0]],
      ['rightFoot', 'rightLeg', [0.4, 0, 0]],
    ]);
    const welded = weldVertices(mesh.positions, mesh.indices, { tolerance: 1e-5 });
    const grid = voxelizeSkinGrid(welded.positions, welded.indices, { resolution: 128 });
    const heat = boneHeatWeights(welded.positions, welded.indices, blenderHeatBones(skeleton),
      (x, y, z, qx, qy, qz) => !pathReentersSolid(grid, x, y, z, qx, qy, qz), 6);
    const pad = vertsWhere(welded, (x) => x > 0.58);
    expect(pad.length).toBeGreaterThan(0);
    expect(pad.filter((v) => heat.unweighted[v] === 1).length).toBeGreaterThan(pad.length / 2);

    const skin = computeSkinWeights(mesh, skeleton, { method: 'heat' });
    expectEveryVertexWeighted(skin, mesh.positions.length / 3);
    // The pad goes with the right leg (its own chain), not the left one.
    const padOriginal = vertsWhere(mesh, (x) => x > 0.58);
    for (const v of padOriginal) expect(weightOf(skin, v, 1) + weightOf(skin, v, 2)).toBeLessThan(0.05);
  });

  it('weights every vertex of the procedural humanoid', () => {
    const { mesh, skeleton } = humanoid();
    const skin = computeSkinWeights(mesh, skeleton, { method: 'heat' });
    expectEveryVertexWeighted(skin, mesh.positions.length / 3);
  });
});

describe('buildTriangleRayTree', () => {
  const tube = capsule([0, 0, 0], [0, 1, 0], 0.2);
  const tree = buildTriangleRayTree(tube.positions, tube.indices);

  it('lets a path leave the surface but not enter it from outside (Blender visibility)', () => {
    // From the axis out through the wall: crosses back faces only.
    expect(tree.entersSurface(0, 0.5, 0, 1, 0.5, 0)).toBe(false);
    // From outside in: crosses the wall's front face.
    expect(tree.entersSurface(1, 0.5, 0, 0, 0.5, 0)).toBe(true);
    // Wholly outside, beside the capsule: crosses nothing.
    expect(tree.entersSurface(1, 0.5, 0, 1, 0.9, 0.3)).toBe(false);
  });
});

describe('heat sources in WebAssembly', () => {
  // The same loop as the JavaScript's, so every screening, distance and source the same double.
  function both(mesh: { positions: Float32Array; indices: Uint32Array }, skeleton: Skeleton, options: BoneHeatOptions) {
    const welded = weldVertices(mesh.positions, mesh.indices, { tolerance: 1e-5 });
    const grid = voxelizeSkinGrid(welded.positions, welded.indices, { resolution: 128 });
    const normals = vertexNormals(welded.positions, welded.indices);
    const { rowScale } = cotangentLaplacian(welded.positions, welded.indices, 'blender');
    const bones = blenderHeatBones(skeleton);
    const run = (kernel: 'js' | 'wasm') => heatSources(welded.positions, normals, rowScale, bones, { voxels: grid },
      { ...BONE_HEAT_DEFAULTS, ...options, kernel }, 1e-6);
    return { js: run('js'), wasm: run('wasm') };
  }
  const legs = mergeMeshes([
    capsule([-0.4, 0, 0], [-0.4, 1, 0], 0.15),
    capsule([0.4, 0, 0], [0.4, 1, 0], 0.15),
    capsule([0.65, 0.4, 0], [0.65, 0.6, 0], 0.05),
  ]);
  const legsSkeleton = skeletonOf([
    ['hips', null, [0, 1.2, 0]],
    ['leftLeg', 'hips', [-0.4, 1, 0]],
    ['leftFoot', 'leftLeg', [-0.4, 0, 0]],
    ['rightLeg', 'hips', [0.4, 1, 0]],
    ['rightFoot', 'rightLeg', [0.4, 0, 0]],
  ]);
  const body = humanoid(2);
  const cases: [string, { positions: Float32Array; indices: Uint32Array }, Skeleton, BoneHeatOptions][] = [
    ['legs and a hidden pad, Blender\'s rule', legs, legsSkeleton, {}],
    ['legs, an unheated sink', legs, legsSkeleton, { unheatedSink: 0.1 }],
    ['legs, visibility off', legs, legsSkeleton, { visibility: 'off' }],
    ['the procedural humanoid', body.mesh, body.skeleton, {}],
  ];
  it.each(cases)('matches the JavaScript loop bit for bit: %s', (_, mesh, skeleton, options) => {
    const { js, wasm } = both(mesh, skeleton, options);
    expect(Array.from(wasm.sources)).toEqual(Array.from(js.sources));
    expect(Array.from(wasm.sourceStart)).toEqual(Array.from(js.sourceStart));
    // Byte for byte: the same doubles, signs of zeros included.
    expect(Buffer.from(wasm.screen.buffer).equals(Buffer.from(js.screen.buffer))).toBe(true);
    expect(Buffer.from(wasm.nearest.buffer).equals(Buffer.from(js.nearest.buffer))).toBe(true);
    expect(js.sources.length).toBeGreaterThan(0);
  });

  it('hides bones behind the other leg as the walk does (some vertices without sources)', () => {
    const { js, wasm } = both(legs, legsSkeleton, {});
    const unheated = (s: { sourceStart: Uint32Array }) => Array.from({ length: s.sourceStart.length - 1 }, (_, v) => v).filter((v) => s.sourceStart[v + 1] === s.sourceStart[v]);
    expect(unheated(js).length).toBeGreaterThan(0);
    expect(unheated(wasm)).toEqual(unheated(js));
    // With visibility off every vertex is heated.
    expect(unheated(both(legs, legsSkeleton, { visibility: 'off' }).wasm)).toEqual([]);
  });

  it('gives both paths one result shape: a Uint32Array of sources, the fields in one order', () => {
    // The heat solves read whichever path ran; one shape keeps their optimised code valid when a
    // process's first large rig switches path (packages/rig/docs/speed.md, round 64).
    const { js, wasm } = both(legs, legsSkeleton, {});
    expect(js.sources).toBeInstanceOf(Uint32Array);
    expect(wasm.sources).toBeInstanceOf(Uint32Array);
    expect(Object.keys(wasm)).toEqual(Object.keys(js));
  });
});
