/**
 * docker-compose.yml, read as data (no Docker here): every long-running service restarts when it
 * dies, one-shot jobs retry only on failure, workers get longer to stop than their drain takes,
 * and every queue (and the webhook queue) has a worker.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { QUEUE_NAMES, WEBHOOK_QUEUE } from '@rigforge/queue';

const { load } = require('js-yaml') as { load: (text: string) => unknown };

const serviceSchema = z.looseObject({
  restart: z.string().optional(),
  command: z.union([z.string(), z.array(z.string())]).optional(),
  stop_grace_period: z.string().optional(),
  healthcheck: z.looseObject({ test: z.array(z.string()) }).optional(),
});
const composeSchema = z.looseObject({ services: z.record(z.string(), serviceSchema) });
const compose = composeSchema.parse(load(readFileSync(path.resolve(__dirname, '../../../docker-compose.yml'), 'utf8')));
const services = Object.entries(compose.services);

const ONE_SHOT = new Set(['setup', 'minio-setup', 'catalog-seed']);
const seconds = (duration: string) => {
  const match = /^(\d+)(s|m)$/.exec(duration);
  if (!match) throw new Error(`unreadable duration "${duration}"`);
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1);
};

test.each(services.filter(([name]) => !ONE_SHOT.has(name)))('%s restarts when it dies', (_name, service) => {
  expect(['always', 'unless-stopped']).toContain(service.restart);
});

test.each(services.filter(([name]) => ONE_SHOT.has(name)))('%s (one-shot) retries only on failure', (_name, service) => {
  expect(service.restart).toMatch(/^on-failure(:\d+)?$/);
});

test('every queue has a worker, and workers get longer to stop than their 60 s drain', () => {
  const workers = services.filter(([name]) => name.startsWith('worker-'));
  const queues = workers.map(([, s]) => {
    const args = Array.isArray(s.command) ? s.command : (s.command ?? '').split(/\s+/);
    return args[args.indexOf('--queue') + 1];
  });
  expect(queues.sort()).toEqual([...QUEUE_NAMES, WEBHOOK_QUEUE].sort());
  for (const [, worker] of workers) expect(seconds(worker.stop_grace_period ?? '10s')).toBeGreaterThan(60);
});

test('Postgres and Redis report health, so the app waits for them', () => {
  expect(compose.services.postgres?.healthcheck?.test).toContain('pg_isready');
  expect(compose.services.redis?.healthcheck?.test.join(' ')).toMatch(/redis-cli ping/);
});
