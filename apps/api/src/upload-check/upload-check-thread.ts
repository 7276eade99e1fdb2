/**
 * Entry of an upload-check thread: reads an uploaded mesh (or animation clip) exactly as the
 * engines will, off the API's event loop, and answers with its format or why it is refused. It
 * also parses large JSON bodies and decodes their base64 fields, which cost the event loop
 * ~0.25 s per 10 MB upload on an idle machine (UTF-8 decoding, JSON.parse, the base64 pattern,
 * base64 decoding) and several times that under load.
 */
import { parentPort } from 'node:worker_threads';
import { base64Schema, checkRigResponseSchema, type CheckRigResponse } from '@rigforge/contracts';
import { isEngineError, readAnimationClip } from '@rigforge/mesh';
import { checkMesh } from '@rigforge/rig';
import { jsonShapeOverBudget } from './json-shape-budget';
import type { UploadCheckReply, UploadCheckRequest } from './upload-check-messages';
import { readMeshUpload } from './read-mesh-upload';

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
      ...(r.roll ? { roll: r.roll } : {}),
      orientation_confidence: r.orientationConfidence,
      up_axis_confidence: r.upAxisConfidence,
      recommended_rig_type: r.recommendedRigType,
      rig_type_scores: r.rigTypeScores,
      warnings: r.warnings,
    });
    return { format: r.inputFormat, report };
  }
  return readMeshUpload(request.bytes);
}

/** Decoded fields are those named `*_base64` (model_base64, image_base64) at the top level. */
const BASE64_FIELD = /_base64$/;

function parseJsonBody(request: UploadCheckRequest): void {
  const { bytes, id } = request;
  // Before JSON.parse: a body nested millions deep would otherwise be built whole first.
  const overBudget = jsonShapeOverBudget(bytes);
  if (overBudget) {
    port.postMessage({ kind: 'parsed', id, ok: false, message: overBudget } satisfies UploadCheckReply);
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch {
    body = undefined;
  }
  // As express.json's strict mode: only objects and arrays are bodies.
  if (typeof body !== 'object' || body === null) {
    port.postMessage({ kind: 'parsed', id, ok: false } satisfies UploadCheckReply);
    return;
  }
  const decoded: Array<{ field: string; bytes: Uint8Array<ArrayBuffer> }> = [];
  if (!Array.isArray(body)) {
    const fields = body as Record<string, unknown>;
    for (const [field, value] of Object.entries(fields)) {
      // An invalid value stays in the body, so the route's schema explains what is wrong with it.
      if (!BASE64_FIELD.test(field) || !base64Schema.safeParse(value).success || (value as string).length % 4 === 1) continue;
      const buffer = Buffer.from(value as string, 'base64');
      // Small Buffers share Node's pool, which must not be transferred: those are copied.
      const own = buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength ? buffer : Buffer.from(buffer);
      decoded.push({ field, bytes: new Uint8Array(own.buffer as ArrayBuffer, 0, own.byteLength) });
      delete fields[field];
    }
  }
  const reply: UploadCheckReply = { kind: 'parsed', id, ok: true, body, decoded };
  port.postMessage(reply, decoded.map((d) => d.bytes.buffer));
}

const port = parentPort!;
port.on('message', (request: UploadCheckRequest) => {
  if (request.kind === 'json-body') {
    parseJsonBody(request);
    return;
  }
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
