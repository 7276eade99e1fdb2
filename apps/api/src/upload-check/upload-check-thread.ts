/**
 * Entry of an upload-check thread: reads an uploaded mesh (or animation clip) exactly as the
 * engines will, off the API's event loop, and answers with its format or why it is refused.
 */
import { parentPort } from 'node:worker_threads';
import { checkRigResponseSchema, type CheckRigResponse } from '@rigforge/contracts';
import { boundMeshWorkload, isEngineError, readAnimationClip, readMesh } from '@rigforge/mesh';
import { checkMesh } from '@rigforge/rig';
import type { UploadCheckReply, UploadCheckRequest } from './upload-check-messages';

async function check(request: UploadCheckRequest): Promise<{ format: string; clips?: string[]; report?: CheckRigResponse }> {
  if (request.kind === 'animation') {
    const clips = await readAnimationClip(request.bytes);
    return { format: 'animation', clips: clips.map((c) => c.name) };
  }
  if (request.kind === 'rig-check') {
    // The pre-rig check runs here, bounded like any upload check, so a big mesh stalls no request.
    const r = await checkMesh(request.bytes);
    const report = checkRigResponseSchema.parse({
      riggable: r.riggable,
      problems: r.problems,
      input_format: r.inputFormat,
      triangles: r.triangles,
      vertices: r.vertices,
      parts: r.parts,
      watertight: r.watertight,
      up_axis: r.upAxis,
      facing: r.facing,
      rotation_y: r.rotationY,
      recommended_rig_type: r.recommendedRigType,
      rig_type_scores: r.rigTypeScores,
      warnings: r.warnings,
    });
    return { format: r.inputFormat, report };
  }
  const { mesh, format } = await readMesh(request.bytes);
  // The engines' work budget, applied at submission so a mesh no engine could rig is never charged.
  boundMeshWorkload(mesh);
  return { format };
}

const port = parentPort!;
port.on('message', (request: UploadCheckRequest) => {
  void check(request).then(
    (found) => port.postMessage({ kind: 'result', id: request.id, ok: true, ...found } satisfies UploadCheckReply),
    (error: unknown) =>
      port.postMessage({
        kind: 'result',
        id: request.id,
        ok: false,
        engineError: isEngineError(error),
        code: isEngineError(error) ? error.code : 'internal_error',
        message: error instanceof Error ? error.message : String(error),
      } satisfies UploadCheckReply),
  );
});
port.postMessage({ kind: 'ready' } satisfies UploadCheckReply);
