/** The liveness probe, kept independent of Postgres and Redis so an outage does not restart every replica. */
import type { Router } from 'express';
import { OPS_PATHS } from '@rigforge/observability';

/** GET /healthz: the process answers (liveness). It checks nothing else on purpose: a Postgres outage must not get every API replica restarted. */
export function registerHealthzGet(router: Router): void {
  router.get(OPS_PATHS.healthz, (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
}
