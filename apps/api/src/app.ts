/** The Express app: the one place its middleware and routes are put in order (ops paths, open paths, then /v1 behind auth). */
import express, { Router } from 'express';
import type { AppContext } from './context';
import { createErrorMiddleware, notFoundHandler } from './errors/error-middleware';
import { authenticate } from './middleware/authenticate';
import { inSeries } from './middleware/in-series';
import { jsonBody } from './middleware/json-body';
import { rateLimit } from './middleware/rate-limit';
import { requestEnd } from './middleware/request-end';
import { isSubmissionReadAhead } from './middleware/submission-read-ahead';
import { assignRequestId } from './middleware/request-id';
import { registerAccountGet } from './routes/account.get';
import { registerAdminQueues } from './routes/admin-queues';
import { registerAssetsCategories } from './routes/assets.categories';
import { registerAssetsList } from './routes/assets.list';
import { registerDocsGet } from './routes/docs.get';
import { registerFilesGet } from './routes/files.get';
import { registerJobsCancel } from './routes/jobs.cancel';
import { registerJobsEvents } from './routes/jobs.events';
import { registerJobsWebhooks } from './routes/jobs.webhooks';
import { registerHealthzGet } from './routes/healthz.get';
import { isJobReadAhead, registerJobsGet } from './routes/jobs.get';
import { registerJobsList } from './routes/jobs.list';
import { registerMetricsGet } from './routes/metrics.get';
import { registerModelsCreate } from './routes/models.create';
import { registerOpenApiGet } from './routes/openapi.get';
import { registerPlaygroundGet } from './routes/playground.get';
import { registerReadyzGet } from './routes/readyz.get';
import { registerRigsAnimations } from './routes/rigs.animations';
import { registerRigsCheck } from './routes/rigs.check';
import { registerRigsCreate } from './routes/rigs.create';
import { registerRigsGet } from './routes/rigs.get';
import { registerUploadsCreate } from './routes/uploads.create';
import { registerUploadsPut } from './routes/uploads.put';

/** Base64 of a 10 MB mesh is 13.4 MB; leave room for the other fields. */
const JSON_BODY_LIMIT = '15mb';
/** JSON bodies of at least this many bytes are parsed in the upload-check threads, smaller ones on the loop. */
const LARGE_BODY_MIN_BYTES = 256 * 1024;

export function createApp(ctx: AppContext): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // The request id and the end-of-request bookkeeping in one layer: every request passes it (issue 25).
  const end = requestEnd(ctx.logger, ctx.metrics);
  app.use((req, res, next) => {
    assignRequestId(req, res);
    end(req, res, next);
  });

  // The API description is public: the one /v1 path served outside the key-guarded router below.
  // A route of the app itself rather than a router of its own, which every request would enter.
  registerOpenApiGet(app);

  // /v1 before the operators' and the open paths (none of which is under /v1): an API request,
  // above all the polled job read, does not test each of their routes on its way (issue 25).
  const v1 = Router();
  // Authentication, the rate limit, then the body, as one router layer (see in-series.ts).
  v1.use(
    inSeries(
      authenticate(ctx.keys),
      rateLimit({
        redis: ctx.redis,
        prefix: ctx.env.REDIS_PREFIX,
        perMinute: ctx.env.RATE_LIMIT_PER_MINUTE,
        readAhead: (req) => isJobReadAhead(req) || isSubmissionReadAhead(req, LARGE_BODY_MIN_BYTES),
      }),
      // Inline uploads are parsed and decoded in the upload-check threads, off the event loop.
      jsonBody(ctx.uploadCheck, { largeMinBytes: LARGE_BODY_MIN_BYTES, limit: JSON_BODY_LIMIT }),
    ),
  );
  // Jobs: GET /jobs/{id} first, the endpoint every client polls (no route above matches it).
  registerJobsGet(v1, ctx);
  // Rigs
  registerRigsCheck(v1, ctx);
  registerRigsCreate(v1, ctx);
  // Before GET /rigs/:id, which would take "animations" for a job id.
  registerRigsAnimations(v1);
  registerRigsGet(v1, ctx);
  // Uploads
  registerUploadsCreate(v1, ctx);
  // Models
  registerModelsCreate(v1, ctx);
  // Jobs
  registerJobsList(v1, ctx);
  registerJobsCancel(v1, ctx);
  registerJobsEvents(v1, ctx);
  registerJobsWebhooks(v1, ctx);
  // Assets (categories first: it must win over any later /assets/:id route)
  registerAccountGet(v1, ctx);
  registerAssetsCategories(v1, ctx);
  registerAssetsList(v1, ctx);
  app.use('/v1', v1);

  // Operators: probes (open, for orchestrators), metrics and the queue board (ADMIN_TOKEN).
  const ops = Router();
  registerHealthzGet(ops);
  registerReadyzGet(ops, ctx);
  registerMetricsGet(ops, ctx);
  app.use(ops);
  registerAdminQueues(app, ctx);

  // Public: the /docs page and the files behind output URLs (unguessable job-id paths).
  const open = Router();
  registerDocsGet(open);
  registerPlaygroundGet(open);
  registerFilesGet(open, ctx);
  // The upload URL of local storage: its token is the credential, as a presigned URL's signature is.
  registerUploadsPut(open, ctx);
  app.use(open);

  app.use(notFoundHandler);
  app.use(createErrorMiddleware(ctx.logger));
  return app;
}
