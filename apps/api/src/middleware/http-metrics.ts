/** Request timings and refusal counts for Prometheus, labelled by route pattern so series stay bounded. */
import type { Request, RequestHandler } from 'express';
import type { ServiceMetrics } from '@rigforge/observability';

/**
 * Times every request into `rigforge_http_request_duration_seconds` by route pattern (never the
 * raw path, whose ids would make a series per job) and counts 429 and 503 answers.
 */
export function httpMetrics(metrics: ServiceMetrics): RequestHandler {
  return (req, res, next) => {
    const end = metrics.httpRequestDuration.startTimer();
    res.once('finish', () => {
      const route = routeLabel(req);
      const status = res.statusCode;
      end({ method: req.method, route, status: String(status) });
      if (status === 429) metrics.rateLimited.inc({ route });
      if (status === 503) metrics.backendUnavailable.inc({ route });
    });
    next();
  };
}

/**
 * `/v1/jobs/:id` for a matched route, `unmatched` otherwise (an unknown path, or a request refused
 * before routing: no key, rate limited). Express keeps `req.route` after the handler but restores
 * `baseUrl` when an error leaves a router, so the mount prefix is read from the URL: every router
 * here is mounted at `/` or at `/v1`.
 */
function routeLabel(req: Request): string {
  const pattern: unknown = req.route?.path;
  if (typeof pattern !== 'string') return 'unmatched';
  const mount = req.originalUrl.startsWith('/v1/') && !pattern.startsWith('/v1') ? '/v1' : '';
  return `${mount}${pattern}`;
}
