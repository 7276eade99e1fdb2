import { EngineError, isEngineError, readMesh, writeGlb } from '@rigforge/mesh';
import { RIG_STAGES } from '@rigforge/vocabulary';
import { rigMesh } from '../src/rig-mesh';
import { closeHeatThreads } from '../src/skinning/heat-threads';
import { buildCreature } from '../testing/build-creature';
import { rotateMeshY } from '../src/rotate-mesh-y';

// gltf-validator ships no types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const validator = require('gltf-validator') as {
  validateBytes(bytes: Uint8Array, options?: Record<string, unknown>): Promise<{ issues: { numErrors: number; messages: { message: string; severity: number }[] } }>;
};

const PNG = [0x89, 0x50, 0x4e, 0x47];

describe('rigMesh', () => {
  test('draws the same thumbnail and writes the same file when heat\'s helper threads solve (the thumbnail drawn meanwhile)', async () => {
    const input = await writeGlb(buildCreature('biped').mesh);
    const serial = await rigMesh(input, { rigType: 'biped', thumbnailSize: 96, skin: { heatThreads: 1 } });
    const threaded = await rigMesh(input, { rigType: 'biped', thumbnailSize: 96, skin: { heatThreads: 2, heatThreadsMinVertices: 0 } });
    await closeHeatThreads();
    expect(Buffer.from(threaded.thumbnail).equals(Buffer.from(serial.thumbnail))).toBe(true);
    expect(Buffer.from(threaded.model).equals(Buffer.from(serial.model))).toBe(true);
    expect(threaded.report.timingsMs.thumbnail).toBeGreaterThan(0);
  });

  test('rigs a GLB biped into a validator-clean skinned GLB with a thumbnail and a report', async () => {
    const creature = buildCreature('biped');
    const input = await writeGlb(creature.mesh);
    const stages: string[] = [];
    const result = await rigMesh(input, { rigType: 'biped', onStage: (s) => void stages.push(s) });
    // Each stage told once as it starts, in the vocabulary's order; no clips, no retarget stage.
    expect(stages).toEqual(RIG_STAGES.filter((s) => s !== 'retarget'));
    expect(result.format).toBe('glb');
    const report = await validator.validateBytes(result.model, { maxIssues: 20 });
    expect(report.issues.messages.filter((m) => m.severity === 0)).toEqual([]);
    expect(Array.from(result.thumbnail.subarray(0, 4))).toEqual(PNG);
    expect(result.report).toMatchObject({ bodyPlan: 'biped', inputFormat: 'glb', joints: 22, triangles: creature.mesh.indices.length / 3 });
    expect(result.report.matchScore).toBeGreaterThan(0.8);
    for (const k of ['read', 'fit', 'skin', 'write', 'thumbnail', 'total'] as const) expect(result.report.timingsMs[k]).toBeGreaterThanOrEqual(0);
    // The output keeps the input's scale and pose and carries the rig.
    const back = await readMesh(result.model);
    expect(back.mesh.positions.length).toBeGreaterThan(0);
    expect(back.warnings.join(' ')).toMatch(/skin/i);
  });

  test('rotationY brings a model facing -X to face +Z before fitting', async () => {
    const creature = buildCreature('quadruped');
    const facingMinusX = rotateMeshY(creature.mesh, -90);
    const input = await writeGlb(facingMinusX);
    const direct = await rigMesh(input, { rigType: 'quadruped', rotationY: 90, outputFormat: 'glb', thumbnailSize: 64 });
    expect(direct.report.matchScore).toBeGreaterThan(0.8);
    expect(direct.report.warnings).toEqual([]);
  });

  test.each(['obj', 'stl'] as const)('rigs %s input (STL: an unindexed triangle soup) into a clean GLB', async (kind) => {
    const { mesh } = buildCreature('others');
    const p = mesh.positions, ix = mesh.indices;
    let bytes: Uint8Array;
    if (kind === 'obj') {
      const lines: string[] = [];
      for (let i = 0; i < p.length; i += 3) lines.push(`v ${p[i]} ${p[i + 1]} ${p[i + 2]}`);
      for (let i = 0; i < ix.length; i += 3) lines.push(`f ${ix[i]! + 1} ${ix[i + 1]! + 1} ${ix[i + 2]! + 1}`);
      bytes = new TextEncoder().encode(lines.join('\n'));
    } else {
      const n = ix.length / 3;
      const buf = Buffer.alloc(84 + 50 * n);
      buf.writeUInt32LE(n, 80);
      for (let t = 0; t < n; t++) {
        for (let k = 0; k < 3; k++) for (let c = 0; c < 3; c++) buf.writeFloatLE(p[ix[t * 3 + k]! * 3 + c]!, 84 + t * 50 + 12 + k * 12 + c * 4);
      }
      bytes = new Uint8Array(buf);
    }
    const result = await rigMesh(bytes, { rigType: 'others', thumbnailSize: 64 });
    expect(result.report.inputFormat).toBe(kind);
    expect(result.report.triangles).toBe(ix.length / 3);
    expect(result.report.joints).toBeGreaterThan(10);
    const report = await validator.validateBytes(result.model, { maxIssues: 20 });
    expect(report.issues.messages.filter((m) => m.severity === 0)).toEqual([]);
  });

  test('writes FBX when asked', async () => {
    const creature = buildCreature('avian');
    const result = await rigMesh(await writeGlb(creature.mesh), { rigType: 'avian', outputFormat: 'fbx', thumbnailSize: 64 });
    expect(result.format).toBe('fbx');
    expect(Buffer.from(result.model.subarray(0, 18)).toString('latin1')).toBe('Kaydara FBX Binary');
  });

  test('bad bytes and bad options are typed EngineErrors', async () => {
    await expect(rigMesh(new Uint8Array([1, 2, 3, 4, 5]))).rejects.toMatchObject({ code: 'unsupported_format' });
    const input = await writeGlb(buildCreature('others').mesh);
    const bad = await rigMesh(input, { rigType: 'dragon' as never }).catch((e: unknown) => e);
    expect(isEngineError(bad) && bad.code).toBe('invalid_input');
    await expect(rigMesh(input, { rotationY: Number.NaN })).rejects.toBeInstanceOf(EngineError);
    await expect(rigMesh(input, { outputFormat: 'obj' as never })).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
