/** What a queued job carries (its id only), so Postgres stays the one record. */
import { z } from 'zod';

/**
 * What travels through Redis: only the job id. Everything else (parameters, input location) is read
 * from the job row, so Postgres stays the single source of truth and no bytes or secrets sit in Redis.
 */
export const jobPayloadSchema = z.strictObject({ jobId: z.uuid() });
export type JobPayload = z.infer<typeof jobPayloadSchema>;
