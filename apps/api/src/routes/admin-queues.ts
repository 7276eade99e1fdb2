/** Mounts Bull Board for operators, so queue state can be inspected without a Redis client. */
import type { Express } from 'express';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { BULL_BOARD_PATH } from '@rigforge/observability';
import { QUEUE_NAMES } from '@rigforge/queue';
import type { AppContext } from '../context';
import { adminAuth } from '../middleware/admin-auth';

/**
 * Bull Board at /admin/queues, behind ADMIN_TOKEN: every queue's jobs by state, with retry and
 * clean actions. A job's BullMQ data is only its id (Postgres holds the rest), so the board shows
 * no customer data.
 */
export function registerAdminQueues(app: Express, ctx: AppContext): void {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(BULL_BOARD_PATH);
  createBullBoard({ queues: QUEUE_NAMES.map((name) => new BullMQAdapter(ctx.queues.get(name))), serverAdapter });
  app.use(BULL_BOARD_PATH, adminAuth(ctx.env.ADMIN_TOKEN), serverAdapter.getRouter());
}
