/**
 * Entry of an upload-check thread: reads an uploaded mesh (or animation clip) exactly as the
 * engines will, off the API's event loop, and answers with its format or why it is refused.
 */
import { parentPort } from 'node:worker_threads';
import { boundMeshWorkload, isEngineError, readAnimationClip, readMesh } from '@rigforge/mesh';
import type { UploadCheckReply, UploadCheckRequest } from './upload-check-messages';

async function check(request: UploadCheckRequest): Promise<{ format: string; clips?: string[] }> {
  if (request.kind === 'animation') {
    const clips = await readAnimationClip(request.bytes);
    return { format: 'animation', clips: clips.map((c) => c.name) };
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
