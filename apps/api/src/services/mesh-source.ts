/** The mesh source rule of the rig routes and the from_job lookup they share. */
import { RIG_SOURCES } from '@rigforge/contracts';
import { findJob, storedOutputFiles } from '@rigforge/db';
import type { AppContext } from '../context';
import { ApiError } from '../errors/api-error';
import { exactlyOneOf } from './one-source';

export type MeshSource = (typeof RIG_SOURCES)[number];

/**
 * The one rule of POST /v1/rigs and POST /v1/rigs/check: exactly one of model_url, model_base64,
 * from_job. Returns the field that gave the mesh; `resource` prefixes the message (`rigs`, `rigs/check`).
 */
export function oneMeshSource(body: Partial<Record<MeshSource, unknown>>, resource: string): MeshSource {
  return exactlyOneOf(body, RIG_SOURCES, resource);
}

/** The storage key of the model a succeeded job of this account produced (`from_job`), else a 400. */
export async function fromJobModelKey(ctx: AppContext, fromJob: string, accountId: string, resource: string): Promise<string> {
  const previous = await findJob(ctx.db, fromJob, accountId);
  const model = previous?.status === 'succeeded' ? storedOutputFiles(previous).find((f) => f.type === 'model') : undefined;
  if (!model) throw new ApiError('invalid_request', `${resource}: from_job "${fromJob}" is not a succeeded job of yours`, { param: 'from_job' });
  return model.key;
}
