/**
 * How tools answer: a JSON text block a model can read, the same value as structured content, and
 * links to the files; failures are tool results with `isError` (never a protocol error or a crash)
 * whose text starts with the error code and says what to do next.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { RigforgeClientError } from '@rigforge/client';
import type { JobObject } from '@rigforge/contracts';
import type { z } from 'zod';
import type { jobViewOutput } from './tool-output';

type Content = CallToolResult['content'][number];

export function jsonResult(value: Record<string, unknown>, links: Content[] = []): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }, ...links], structuredContent: value };
}

/** What a caller can do about each API error code. */
const ADVICE: Partial<Record<string, string>> = {
  unauthorized: 'The API key was refused: check RIGFORGE_API_KEY (or the Bearer key of the MCP connection).',
  subscription_required: 'This account needs an active subscription to submit jobs.',
  plan_required: 'This option needs a higher plan.',
  insufficient_credits: 'Not enough credits for this job.',
  rate_limited: 'Too many requests: wait and try again.',
  backend_unavailable: 'The service is busy or its workers are down: try again in a minute.',
  not_found: 'No such job for this account: check the id (list_jobs shows recent ones).',
  unsupported_format: 'The file is not a mesh the service can read (GLB, glTF with embedded buffers, FBX, OBJ, STL).',
  network_error: 'The Rigforge API could not be reached: check RIGFORGE_BASE_URL.',
};

export function toolError(error: unknown): CallToolResult {
  let text: string;
  if (error instanceof RigforgeClientError) {
    const param = error.param ? ` (field: ${error.param})` : '';
    text = `${error.code}: ${error.message}${param}${ADVICE[error.code] ? `\n${ADVICE[error.code]}` : ''}`;
  } else {
    text = `internal_error: ${error instanceof Error ? error.message : String(error)}`;
  }
  return { content: [{ type: 'text', text }], isError: true };
}

/** Runs a tool body and turns any thrown error into an `isError` result. */
export async function guarded(body: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body();
  } catch (error) {
    return toolError(error);
  }
}

/** A job as tools show it: status, the output's URLs and thumbnail, or the failure. */
export function jobView(job: JobObject): z.infer<typeof jobViewOutput> {
  return {
    job_id: job.id,
    operation: job.operation,
    status: job.status,
    model_url: job.output?.model_url ?? null,
    thumbnail_url: job.output?.thumbnail_url ?? null,
    files: job.output?.files ?? [],
    error: job.error,
    created_at: job.created_at,
    ...(job.progress !== undefined ? { progress: job.progress } : {}),
    ...(job.stage !== undefined ? { stage: job.stage } : {}),
    ...(job.completed_at ? { completed_at: job.completed_at } : {}),
    ...(job.duration_seconds !== undefined ? { duration_seconds: job.duration_seconds } : {}),
    ...(job.rig_type_chosen !== undefined ? { rig_type_chosen: job.rig_type_chosen } : {}),
    ...(job.rig_type_confidence !== undefined ? { rig_type_confidence: job.rig_type_confidence } : {}),
    ...(job.warnings !== undefined ? { warnings: job.warnings } : {}),
  };
}

/** Links to a job's outputs, so a client can show or fetch them without parsing the JSON. */
export function jobLinks(job: JobObject): Content[] {
  const links: Content[] = [];
  if (job.output?.model_url) links.push({ type: 'resource_link', uri: job.output.model_url, name: `job ${job.id} model` });
  if (job.output?.thumbnail_url) {
    links.push({ type: 'resource_link', uri: job.output.thumbnail_url, name: `job ${job.id} thumbnail`, mimeType: 'image/png' });
  }
  return links;
}
