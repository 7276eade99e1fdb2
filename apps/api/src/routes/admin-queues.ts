/** Mounts Bull Board for operators, so queue state can be inspected without a Redis client. */
import { createRequire } from 'node:module';
import path from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { BULL_BOARD_PATH } from '@rigforge/observability';
import { QUEUE_NAMES } from '@rigforge/queue';
import type { AppContext } from '../context';
import { adminAuth } from '../middleware/admin-auth';

/**
 * Bull Board at /admin/queues, behind ADMIN_TOKEN: every queue's jobs by state (the job queues and
 * the webhook deliveries), with retry and clean actions. A job's BullMQ data is only its id
 * (Postgres holds the rest), so the board shows no customer data.
 */
export function registerAdminQueues(app: Express, ctx: AppContext): void {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(BULL_BOARD_PATH);
  createBullBoard({
    queues: [...QUEUE_NAMES.map((name) => new BullMQAdapter(ctx.queues.get(name))), new BullMQAdapter(ctx.webhooks.queue)],
    serverAdapter,
  });
  // The board's own handler answers every error 500 with its message ("Stream isn't writeable"
  // during a Redis outage). Passed on instead to the API's error middleware, the one place errors
  // become responses: an outage is a 503 with Retry-After there, anything else a logged 500.
  serverAdapter.setErrorHandler((error) => {
    throw error;
  });
  app.use(`${BULL_BOARD_PATH}/${FONTS_DIR}`, fontFiles());
  app.use(BULL_BOARD_PATH, adminAuth(ctx.env.ADMIN_TOKEN), servedOffline, serverAdapter.getRouter());
}

const FONTS_DIR = 'fonts';
/** The board's page asks Google for its two fonts; they are served from our own dependencies instead. */
const FONT_PACKAGES = ['ibm-plex-sans', 'ibm-plex-mono'] as const;
const FONTS_CSS = FONT_PACKAGES.flatMap((font) => ['400', '500', '600'].map((w) => `@import url("${font}/${w}.css");`)).join('\n');
const GOOGLE_FONTS_LINK = /<link href="https:\/\/fonts\.googleapis\.com[^>]*>/g;

/** The fontsource packages (CSS and woff2), public like any stylesheet: they hold no data. */
function fontFiles(): express.Router {
  const router = express.Router();
  const resolve = createRequire(__filename).resolve;
  router.get('/fonts.css', (_req, res) => void res.type('css').set('cache-control', 'public, max-age=86400').send(FONTS_CSS));
  for (const font of FONT_PACKAGES) {
    const dir = path.dirname(resolve(`@fontsource/${font}/package.json`));
    // dotfiles: the packages' paths run through pnpm's `.pnpm` folder.
    router.use(`/${font}`, express.static(dir, { dotfiles: 'allow', maxAge: '1d', index: false }));
  }
  return router;
}

/** Rewrites the board's page so it loads its fonts from this origin: it then works offline. */
const servedOffline: RequestHandler = (_req, res, next) => {
  const send = res.send.bind(res);
  res.send = (body?: unknown) =>
    send(typeof body === 'string' ? body.replace(GOOGLE_FONTS_LINK, `<link href="${BULL_BOARD_PATH}/${FONTS_DIR}/fonts.css" rel="stylesheet">`) : body);
  next();
};
