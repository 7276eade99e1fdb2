/** Exposes the API's Prometheus metrics to the operator's scraper. */
import type { Router } from 'express';
import { OPS_PATHS } from '@rigforge/observability';
import type { AppContext } from '../context';
import { adminAuth } from '../middleware/admin-auth';

/** GET /metrics: Prometheus text format, behind ADMIN_TOKEN. */
export function registerMetricsGet(router: Router, ctx: AppContext): void {
  router.get(OPS_PATHS.metrics, adminAuth(ctx.env.ADMIN_TOKEN), async (_req, res) => {
    const text = await ctx.metrics.registry.metrics();
    res.setHeader('Content-Type', ctx.metrics.registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.send(text);
  });
}
