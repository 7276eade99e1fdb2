/**
 * What the API's upload-check threads are asked and answer. Replies cross a thread boundary, so
 * the pool parses them with this schema rather than trusting their shape.
 */
import { z } from 'zod';

/** `rig-check`: the free pre-rig check (POST /v1/rigs/check), whose report rides along. */
export type UploadCheckKind = 'mesh' | 'animation' | 'rig-check';
/** `json-body`: parse a large JSON request body and decode its `*_base64` fields (see large-json-body). */
export type UploadThreadTaskKind = UploadCheckKind | 'json-body';

export interface UploadCheckRequest {
  id: number;
  kind: UploadThreadTaskKind;
  bytes: Uint8Array;
}

export const uploadCheckReplySchema = z.union([
  z.object({ kind: z.literal('ready') }),
  z.object({
    kind: z.literal('result'),
    id: z.number(),
    ok: z.literal(true),
    format: z.string(),
    /** An animation file's clip names, in file order (what is billed, one retarget each). */
    clips: z.array(z.string()).optional(),
    /** The pre-rig check's report (kind rig-check), parsed by the route with its contract. */
    report: z.unknown().optional(),
  }),
  z.object({
    kind: z.literal('result'),
    id: z.number(),
    ok: z.literal(false),
    /** True for an `EngineError` (the input's fault); false for a defect of ours. */
    engineError: z.boolean(),
    code: z.string(),
    message: z.string(),
  }),
  z.object({
    kind: z.literal('parsed'),
    id: z.number(),
    ok: z.literal(true),
    /** The parsed body without the fields in `decoded`. */
    body: z.unknown(),
    /** Fields whose value was valid base64, decoded (their buffers transferred, not copied). */
    decoded: z.array(z.object({ field: z.string(), bytes: z.instanceof(Uint8Array) })),
  }),
  /** Not JSON, or (`message`) JSON past the shape budget, refused before it was parsed. */
  z.object({ kind: z.literal('parsed'), id: z.number(), ok: z.literal(false), message: z.string().optional() }),
]);

export type UploadCheckReply = z.infer<typeof uploadCheckReplySchema>;
