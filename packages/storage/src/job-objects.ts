/**
 * The one owner of a job's objects in storage: where its captured inputs and its outputs live, and
 * the shape of the output record. The API writes inputs and reads outputs, the worker reads inputs
 * and writes outputs; both go through these functions and parse the record with this schema, so
 * the layout and the record cannot drift apart.
 */
import { z } from 'zod';
import { contentTypeForKey } from './object-storage';
import type { ObjectStorage } from './object-storage';

/** Captured inputs are private (never served); this prefix marks them. */
export const JOB_INPUTS_PREFIX = 'inputs/';

/**
 * Where a job's captured inputs live, sharded over 256 directories so submissions do not create a
 * directory per job: `inputs/<2 hex>/<job id>.<ext>` and `…/<job id>.<name>.<ext>` for attachments.
 */
export function jobInputKey(jobId: string, extension: string): string {
  return `${JOB_INPUTS_PREFIX}${jobId.slice(0, 2)}/${jobId}.${extension}`;
}

/** A captured object beside the input, e.g. the animation clip (`…/<job id>.animation.glb`). */
export function jobAttachmentKey(jobId: string, name: string, extension: string): string {
  return jobInputKey(jobId, `${name}.${extension}`);
}

export function isJobInputKey(key: string): boolean {
  return key.startsWith(JOB_INPUTS_PREFIX);
}

/** The job an input or attachment key was stored for (the orphan-input sweeper), or null off the layout. */
export function jobIdOfInputKey(key: string): string | null {
  const match = /^inputs\/[^/]{2}\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\./.exec(key);
  return match ? match[1]! : null;
}

/** A job's output file: `jobs/<job id>/output/<type>.<format>` (public through its URL). */
export function jobOutputKey(jobId: string, type: string, format: string): string {
  return `jobs/${jobId}/output/${type}.${format}`;
}

/** Content type of a stored object, from storage's one extension → type mapping. */
export function contentTypeForFormat(format: string): string {
  return contentTypeForKey(`x.${format}`);
}

/** One output file as the job row and the saved result record keep it: a key, not a URL. */
export const storedOutputFileSchema = z.strictObject({
  type: z.string(),
  format: z.string(),
  key: z.string(),
  bytes: z.number().int().nonnegative(),
});
export type StoredOutputFile = z.infer<typeof storedOutputFileSchema>;

/** `jobs.output` in Postgres: written by the worker on success, read by the API. */
export const storedJobOutputSchema = z.strictObject({ files: z.array(storedOutputFileSchema) });
export type StoredJobOutput = z.infer<typeof storedJobOutputSchema>;

/**
 * The files of a job's stored output record, or none when there is no record (a job not yet
 * succeeded). A record that does not parse is a bug or a foreign writer: it is reported, not hidden.
 */
export function parseStoredJobOutput(output: unknown): StoredOutputFile[] {
  if (output === null || output === undefined) return [];
  return storedJobOutputSchema.parse(output).files;
}

/**
 * A job's result as written to object storage next to its outputs, before the job row is marked
 * succeeded. Storage and Postgres cannot commit together, so this record is what lets a result
 * outlive a failed status write: when the database was down at the end of a job, or the worker
 * died between writing outputs and recording them, the next delivery or the sweeper records the
 * stored result instead of running the engine again or failing the job as timed out.
 */
export const savedJobResultSchema = storedJobOutputSchema.extend({ report: z.record(z.string(), z.unknown()) });
export type SavedJobResult = z.infer<typeof savedJobResultSchema>;

export function savedJobResultKey(jobId: string): string {
  return `jobs/${jobId}/result.json`;
}

export async function saveJobResult(storage: ObjectStorage, jobId: string, result: SavedJobResult): Promise<void> {
  await storage.put(savedJobResultKey(jobId), Buffer.from(JSON.stringify(result)), contentTypeForFormat('json'));
}

/** The stored result, or null when none was written (or it cannot be read back: then the job runs again). */
export async function readSavedJobResult(storage: ObjectStorage, jobId: string): Promise<SavedJobResult | null> {
  const key = savedJobResultKey(jobId);
  if (!(await storage.stat(key))) return null;
  let json: unknown;
  try {
    json = JSON.parse((await storage.get(key)).toString('utf8'));
  } catch {
    return null;
  }
  const parsed = savedJobResultSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
