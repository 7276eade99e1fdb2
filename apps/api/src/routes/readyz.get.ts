/** The readiness probe: a replica that cannot reach its backends is taken out of the load balancer. */
import type { Router } from 'express';
import { OPS_PATHS, READINESS_RETRY_AFTER_SECONDS, runReadinessChecks } from '@rigforge/observability';
import type { AppContext } from '../context';

/**
 * GET /readyz: 200 when Postgres and Redis answer and every migration is applied, else 503 naming
 * the failed check, with Retry-After like every other 503 of an outage.
 */
export function registerReadyzGet(router: Router, ctx: AppContext): void {
  router.get(OPS_PATHS.readyz, async (_req, res) => {
    const report = await runReadinessChecks({
      postgres: async () => {
        await ctx.db.$queryRaw`SELECT 1`;
      },
      redis: async () => {
        await ctx.redis.ping();
      },
      migrations: () => ctx.migrations.assertApplied(),
    });
    res.setHeader('Cache-Control', 'no-store');
    if (report.status !== 'ready') res.setHeader('Retry-After', String(READINESS_RETRY_AFTER_SECONDS));
    res.status(report.status === 'ready' ? 200 : 503).json(report);
  });
}
