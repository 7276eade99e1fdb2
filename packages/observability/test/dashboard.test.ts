/**
 * The Grafana dashboard and the Prometheus alert rules in deploy/, read as data: every metric a
 * query names must be one the service exports (the registries the API and workers really build,
 * histograms with their _bucket/_sum/_count series), and the dashboard shows what operators need.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { createRedis, JobQueues, QUEUE_NAMES } from '@rigforge/queue';
import { createServiceMetrics, METRIC_NAMES, METRICS } from '../src';

const { load } = require('js-yaml') as { load: (text: string) => unknown };
const ROOT = path.resolve(__dirname, '../../..');

const dashboardSchema = z.looseObject({
  uid: z.string(),
  panels: z.array(z.looseObject({ title: z.string(), targets: z.array(z.looseObject({ expr: z.string() })) })),
});
const dashboard = dashboardSchema.parse(JSON.parse(readFileSync(path.join(ROOT, 'deploy/grafana/dashboards/rigforge.json'), 'utf8')));
const alertsSchema = z.looseObject({ groups: z.array(z.looseObject({ rules: z.array(z.looseObject({ alert: z.string(), expr: z.string() })) })) });
const alerts = alertsSchema.parse(load(readFileSync(path.join(ROOT, 'deploy/prometheus/alerts.yml'), 'utf8')));

/** PromQL words that are not metric names. */
const PROMQL_WORDS = new Set([
  'sum', 'max', 'min', 'avg', 'count', 'by', 'without', 'rate', 'irate', 'increase', 'histogram_quantile', 'and', 'or',
  'unless', 'on', 'ignoring', 'group_left', 'group_right', 'offset', 'bool', 'topk', 'bottomk', 'delta', 'deriv', 'abs',
  'clamp_min', 'clamp_max', 'absent', 'vector', 'scalar', 'time', 'sum_over_time', 'max_over_time', 'avg_over_time',
]);

/** The metric names a PromQL expression reads. */
function metricNamesIn(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // strings (label values)
    .replace(/\{[^}]*\}/g, '') // label matchers
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '') // label lists
    .replace(/\[[^\]]*\]/g, ''); // range durations
  const words = stripped.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [];
  return [...new Set(words.filter((w) => !PROMQL_WORDS.has(w)))];
}

let exported: Set<string>;
beforeAll(async () => {
  // The registry a process really builds (not just the name list): names plus histogram series.
  const redis = createRedis({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', role: 'producer' });
  const queues = new JobQueues({ connection: redis, prefix: `rftest-dashboard-${process.pid}` });
  try {
    const metrics = createServiceMetrics({ service: 'api', queues: QUEUE_NAMES, jobQueues: queues, redis, prefix: 'unused' });
    exported = new Set(['up']); // Prometheus's own per-target series
    for (const metric of metrics.registry.getMetricsAsArray()) {
      exported.add(metric.name);
      // The typings say a numeric enum; at run time the type is its name.
      if (String(metric.type) === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) exported.add(`${metric.name}${suffix}`);
    }
  } finally {
    await queues.close();
    redis.disconnect();
  }
});

test('the metric-name reader finds names and nothing else', () => {
  expect(metricNamesIn('histogram_quantile(0.99, sum by (le, queue) (rate(rigforge_job_duration_seconds_bucket{queue="rig.fast"}[5m])))')).toEqual([
    'rigforge_job_duration_seconds_bucket',
  ]);
  expect(metricNamesIn('max by (queue) (rigforge_queue_jobs{state="waiting"}) > 400')).toEqual(['rigforge_queue_jobs']);
});

test('every metric of the name list is registered by the service', () => {
  for (const name of METRIC_NAMES) expect(exported).toContain(name);
});

test.each(dashboard.panels.flatMap((panel) => panel.targets.map((t) => [panel.title, t.expr] as const)))(
  'dashboard panel "%s" reads only exported metrics: %s',
  (_title, expr) => {
    const names = metricNamesIn(expr);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect({ name, exported: exported.has(name) }).toEqual({ name, exported: true });
  },
);

test.each(alerts.groups.flatMap((g) => g.rules.map((r) => [r.alert, r.expr] as const)))('alert %s reads only exported metrics', (_alert, expr) => {
  for (const name of metricNamesIn(expr)) expect({ name, exported: exported.has(name) }).toEqual({ name, exported: true });
});

test('the dashboard shows queue depth, throughput, latency percentiles, error rates and live workers', () => {
  const all = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)).join('\n');
  for (const name of [METRICS.queueJobs, METRICS.workerJobs, METRICS.queueLiveWorkers, METRICS.engineErrors, METRICS.backendUnavailable, METRICS.rateLimited]) {
    expect(all).toContain(name);
  }
  expect(all).toMatch(/histogram_quantile\(0\.99, [^\n]*rigforge_job_start_latency_seconds_bucket/);
  expect(all).toMatch(/histogram_quantile\(0\.99, [^\n]*rigforge_http_request_duration_seconds_bucket/);
});
