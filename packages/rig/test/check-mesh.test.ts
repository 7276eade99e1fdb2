import { writeGlb, type Mesh } from '@rigforge/mesh';
import { BODY_PLANS } from '../src/body-plan';
import { checkMesh } from '../src/check-mesh';
import { buildCreature } from '../testing/build-creature';
import { rotateMeshY } from '../src/rotate-mesh-y';
import { rollMesh } from '../src/mirror-roll';
import { rigMesh } from '../src/rig-mesh';

/** A closed box (8 shared corners), shifted by `dx`. */
function box(dx = 0): Mesh {
  const positions = new Float32Array([
    0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1,
  ].map((v, i) => (i % 3 === 0 ? v + dx : v)));
  const indices = new Uint32Array([0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 3, 6, 2, 3, 7, 6, 0, 4, 7, 0, 7, 3, 1, 2, 6, 1, 6, 5]);
  return { positions, indices, groups: [], materials: [] };
}

function merge(a: Mesh, b: Mesh): Mesh {
  const n = a.positions.length / 3;
  return {
    positions: Float32Array.from([...a.positions, ...b.positions]),
    indices: Uint32Array.from([...a.indices, ...Array.from(b.indices, (i) => i + n)]),
    groups: [],
    materials: [],
  };
}

describe('checkMesh', () => {
  test.each(BODY_PLANS)('recommends the plan of the procedural %s', async (plan) => {
    const r = await checkMesh(await writeGlb(buildCreature(plan).mesh));
    expect(r.recommendedRigType).toBe(plan);
    expect(r.riggable).toBe(true);
    expect(Object.values(r.rigTypeScores).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 2);
    expect(r.rigTypeScores[plan]).toBe(Math.max(...Object.values(r.rigTypeScores)));
  });

  test('counts parts and watertightness', async () => {
    const one = await checkMesh(await writeGlb(box()));
    expect(one).toMatchObject({ parts: 1, watertight: true, triangles: 12 });
    const two = await checkMesh(await writeGlb(merge(box(), box(3))));
    expect(two.parts).toBe(2);
    const open = box();
    const opened = await checkMesh(await writeGlb({ ...open, indices: open.indices.slice(0, 30) }));
    expect(opened.watertight).toBe(false);
  });

  test('a flat sheet is readable but not riggable (no_volume)', async () => {
    const sheet: Mesh = { positions: new Float32Array([0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1]), indices: new Uint32Array([0, 1, 2, 0, 2, 3]), groups: [], materials: [] };
    const r = await checkMesh(await writeGlb(sheet));
    expect(r.riggable).toBe(false);
    expect(r.problems.map((p) => p.code)).toEqual(['no_volume']);
  });

  test('finds the rotation_y of a quadruped turned to face +X', async () => {
    const r = await checkMesh(await writeGlb(rotateMeshY(buildCreature('quadruped').mesh, 90)));
    expect(r).toMatchObject({ upAxis: '+y', facing: '+x', rotationY: -90, recommendedRigType: 'quadruped' });
  });

  // The check reads a mesh as a rig job with up_axis, rotation_y and rig_type auto does (one
  // function, orientForRig): a file the rig rolls (its mirror plane between two file axes) was read
  // as filed, and the facing was the finder's ungated best, so the two could disagree.
  test.each([
    ['a snake rolled 40° about z (the rig rolls it back first)', rollMesh(buildCreature('serpentine').mesh, 'z', 40)],
    ['a quadruped filed facing -z', rotateMeshY(buildCreature('quadruped').mesh, 180)],
  ])('reports the roll, up axis, facing and plan the rig takes: %s', async (_, mesh) => {
    const bytes = await writeGlb(mesh);
    const check = await checkMesh(bytes);
    const { report } = await rigMesh(bytes, { rigType: 'auto', thumbnailSize: 16 });
    expect({ upAxis: check.upAxis, facing: check.facing, rotationY: check.rotationY, roll: check.roll, plan: check.recommendedRigType })
      .toEqual({ upAxis: report.orientation.upAxis, facing: report.orientation.facing, rotationY: report.orientation.rotationY, roll: report.orientation.roll, plan: report.bodyPlan });
    expect(check.orientationConfidence).toBeCloseTo(report.orientation.confidence!, 3);
  });
});
