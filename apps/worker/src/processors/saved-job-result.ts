/**
 * A job's result as written to object storage next to its outputs, before the job row is marked
 * succeeded. Storage and Postgres cannot commit together, so this record is what lets a result
 * outlive a failed status write: when the database was down at the end of a job, or the worker
 * died between writing outputs and recording them, the next delivery or the sweeper records the
 * stored result instead of running the engine again or failing the job as timed out.
 */
import { z } from 'zod';
import type { ObjectStorage } from '@rigforge/storage';

export const savedJobResultSchema = z.strictObject({
  files: z.array(z.strictObject({ type: z.string(), format: z.string(), key: z.string(), bytes: z.number().int().nonnegative() })),
  report: z.record(z.string(), z.unknown()),
});
export type SavedJobResult = z.infer<typeof savedJobResultSchema>;

export function savedJobResultKey(jobId: string): string {
  return `jobs/${jobId}/result.json`;
}

export async function saveJobResult(storage: ObjectStorage, jobId: string, result: SavedJobResult): Promise<void> {
  await storage.put(savedJobResultKey(jobId), Buffer.from(JSON.stringify(result)), 'application/json');
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
