/** The rig alias of GET /v1/jobs/{id} that the spec names. */
import type { Router } from 'express';
import type { AppContext } from '../context';
import { sendJson } from '../services/send-json';
import { loadJobObject } from './jobs.get';

/** GET /v1/rigs/{id}: the alias of GET /v1/jobs/{id} for rig jobs, the identical object. */
export function registerRigsGet(router: Router, ctx: AppContext): void {
  router.get('/rigs/:id', async (req, res) => {
    sendJson(req, res, await loadJobObject(ctx, req, res, res.locals.accountId, 'rig'));
  });
}
