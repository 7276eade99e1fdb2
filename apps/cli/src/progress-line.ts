/**
 * The live line of a job being waited on (the spinner's text on a terminal): its status, the
 * engine stage and the share done with a small bar, and the time waited, e.g.
 * `job 6f1c…: processing, skin 55% [#####·····] (12 s)`. One function, so the CLI's line and its
 * test agree.
 */
import type { JobStage, JobStatus } from '@rigforge/contracts';

const BAR_WIDTH = 10;

export interface ProgressLineState {
  status: JobStatus;
  stage?: JobStage;
  /** 0..1. */
  progress: number;
}

export function progressLine(id: string, state: ProgressLineState, elapsedMs: number): string {
  const seconds = `(${Math.round(elapsedMs / 1000)} s)`;
  if (state.status !== 'processing') return `job ${id}: ${state.status} ${seconds}`;
  const share = Math.min(1, Math.max(0, state.progress));
  const filled = Math.round(share * BAR_WIDTH);
  const bar = `[${'#'.repeat(filled)}${'·'.repeat(BAR_WIDTH - filled)}]`;
  const stage = state.stage ? `${state.stage} ` : '';
  return `job ${id}: processing, ${stage}${Math.round(share * 100)}% ${bar} ${seconds}`;
}
