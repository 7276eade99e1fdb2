// Request metrics: the duration histogram by route pattern and the 429/503 counters, per request.
import type { Request, Response } from 'express';
import type { ServiceMetrics } from '@rigforge/observability';

/**
 * Times every request into `rigforge_http_request_duration_seconds` by route pattern (never the
 * raw path, whose ids would make a series per job) and counts 429 and 503 answers. Returns what
 * `requestEnd` calls once a response has finished (not for a client that went away before it).
 *
 * The series of a (method, route, status) are looked up once and kept (`labels()`), so a request
 * allocates no label object and prom-client does not rebuild and check the label set from an
 * object each time. The set is bounded: route patterns, not paths, and the statuses we answer.
 */
export function httpMetrics(metrics: ServiceMetrics): (req: Request, res: Response, seconds: number) => void {
  const series = new Map<string, { observe: (seconds: number) => void }>();
  const seriesOf = (method: string, route: string, status: number) => {
    const key = `${method} ${route} ${status}`;
    let found = series.get(key);
    if (!found) {
      found = metrics.httpRequestDuration.labels({ method, route, status: String(status) });
      series.set(key, found);
    }
    return found;
  };
  return (req, res, seconds) => {
    const route = routeLabel(req);
    const status = res.statusCode;
    seriesOf(req.method, route, status).observe(seconds);
    if (status === 429) metrics.rateLimited.inc({ route });
    if (status === 503) metrics.backendUnavailable.inc({ route });
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
