/**
 * The job object of the contract, from a job row: the API's answers, the status stream and the
 * webhook payloads (built by the worker) all build it here.
 */
import { jobReportViewSchema, jobStageSchema, type JobObject, type JobOperation, type JobOutput, type OutputFile } from '@rigforge/contracts';
import { parseStoredJobOutput, type ObjectStorage, type StoredOutputFile } from '@rigforge/storage';
import type { JobRow, JobViewRow } from './repositories/jobs';

/** The output files of a job row (storage keys, turned into URLs when read), by storage's one schema. */
export function storedOutputFiles(row: Pick<JobRow, 'output'>): StoredOutputFile[] {
  return parseStoredJobOutput(row.output);
}

/** The job object exactly as the spec lists its fields; terminal jobs add completion fields. */
export function toJobObject(row: JobViewRow, storage: ObjectStorage): JobObject {
  const job: JobObject = {
    id: row.id,
    object: 'job',
    operation: row.operation,
    status: row.status,
    output: null,
    error: null,
    created_at: row.createdAt.toISOString(),
    ...progressFields(row),
  };
  if (row.status === 'succeeded') {
    const files: OutputFile[] = storedOutputFiles(row).map((f) => ({
      type: f.type,
      format: f.format,
      url: storage.publicUrl(f.key),
      bytes: f.bytes,
    }));
    const model = files.find((f) => f.type === 'model');
    const thumbnail = files.find((f) => f.type === 'thumbnail');
    const output: JobOutput = { model_url: model?.url ?? '', thumbnail_url: thumbnail?.url ?? null, files };
    job.output = output;
  }
  if (row.status === 'failed') {
    job.error = {
      code: (row.errorCode ?? 'internal_error') as NonNullable<JobObject['error']>['code'],
      message: row.errorMessage ?? 'the job failed',
    };
  }
  if ((row.status === 'succeeded' || row.status === 'failed') && row.completedAt) {
    job.completed_at = row.completedAt.toISOString();
    job.duration_seconds = Math.round(row.completedAt.getTime() - row.createdAt.getTime()) / 1000;
  }
  if (row.status === 'succeeded' || row.status === 'failed') Object.assign(job, reportFields(row.report));
  return job;
}

/**
 * The job's progress and stage: a succeeded job is done (1, no stage); a failed one keeps the stage
 * it failed in. The stage crosses the database, so it is parsed; a name this build does not know (a
 * newer worker's) is left out rather than failing the read.
 */
function progressFields(row: JobViewRow): Pick<JobObject, 'progress' | 'stage'> {
  if (row.status === 'succeeded') return { progress: 1 };
  const progress = Math.min(1, Math.max(0, row.progress));
  // No stage yet (every queued job): nothing to parse, and zod's failure path builds an issue list.
  if (row.stage === null) return { progress };
  const stage = jobStageSchema.safeParse(row.stage);
  return { progress, ...(stage.success ? { stage: stage.data } : {}) };
}

/**
 * What a finished job's report adds to the job object: its warnings (when any), and the body plan
 * a rig chose itself (rig_type auto) with its confidence. A report that does not parse (an older
 * engine's, or none) adds nothing: it is debugging data, never a reason to fail a read.
 */
function reportFields(report: unknown): Pick<JobObject, 'rig_type_chosen' | 'rig_type_confidence' | 'warnings'> {
  const parsed = jobReportViewSchema.safeParse(report);
  if (!parsed.success) return {};
  const r = parsed.data;
  return {
    ...(r.bodyPlanSource === 'found' && r.bodyPlan ? { rig_type_chosen: r.bodyPlan } : {}),
    ...(r.bodyPlanSource === 'found' && r.bodyPlanConfidence !== undefined ? { rig_type_confidence: r.bodyPlanConfidence } : {}),
    ...(r.warnings && r.warnings.length > 0 ? { warnings: r.warnings } : {}),
  };
}

/** The job object of a job just accepted: queued, no output, no error. */
export function queuedJobObject(id: string, operation: JobOperation, createdAt: Date): JobObject {
  return { id, object: 'job', operation, status: 'queued', output: null, error: null, created_at: createdAt.toISOString(), progress: 0 };
}
