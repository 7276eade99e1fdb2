/**
 * deploy/ and docker-compose.yml read as data (no Docker or cluster here): the queue names, metric
 * paths, ports, probe paths, Redis keys and environment variable names they use must be the ones
 * the code defines. Every list is imported from the code, never copied.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_WORKER_HTTP_PORT, OPS_PATHS } from '@rigforge/observability';
import { JobQueues, QUEUE_NAMES, WEBHOOK_QUEUE, createRedis } from '@rigforge/queue';

/** Every fleet a deployment runs: one per job queue, and the webhook deliveries. */
const WORKER_QUEUES = [...QUEUE_NAMES, WEBHOOK_QUEUE];
import { apiEnvSchema } from '../../api/src/env';
import { API_NODE_FLAGS } from '../../api/src/node-flags';
import { workerEnvSchema } from '../src/env';

const { loadAll, load } = require('js-yaml') as { loadAll: (text: string) => unknown[]; load: (text: string) => unknown };
const ROOT = path.resolve(__dirname, '../../..');
const K8S = path.join(ROOT, 'deploy/k8s');

const API_PORT = apiEnvSchema.parse({}).PORT;
const API_ENV = new Set(Object.keys(apiEnvSchema.shape));
const WORKER_ENV = new Set(Object.keys(workerEnvSchema.shape));

// ---- Kubernetes

const manifestSchema = z.looseObject({ apiVersion: z.string(), kind: z.string(), metadata: z.looseObject({ name: z.string() }) });
type Manifest = z.infer<typeof manifestSchema> & Record<string, unknown>;
const files = readdirSync(K8S).filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml');
const manifests: Manifest[] = files.flatMap((file) =>
  loadAll(readFileSync(path.join(K8S, file), 'utf8'))
    .filter((doc) => doc !== null && doc !== undefined)
    .map((doc) => manifestSchema.parse(doc)),
);
const ofKind = (kind: string) => manifests.filter((m) => m.kind === kind);

const probeSchema = z.looseObject({ httpGet: z.looseObject({ path: z.string(), port: z.union([z.string(), z.number()]) }) });
const containerSchema = z.looseObject({
  name: z.string(),
  image: z.string(),
  args: z.array(z.string()).optional(),
  command: z.array(z.string()).optional(),
  ports: z.array(z.looseObject({ name: z.string(), containerPort: z.number() })).optional(),
  env: z.array(z.looseObject({ name: z.string(), value: z.string().optional() })).optional(),
  envFrom: z.array(z.looseObject({ configMapRef: z.looseObject({ name: z.string() }).optional(), secretRef: z.looseObject({ name: z.string() }).optional() })).optional(),
  livenessProbe: probeSchema.optional(),
  readinessProbe: probeSchema.optional(),
  resources: z.looseObject({ requests: z.looseObject({ cpu: z.string(), memory: z.string() }), limits: z.looseObject({ memory: z.string() }) }).optional(),
});
const podOwnerSchema = z.looseObject({
  spec: z.looseObject({
    template: z.looseObject({
      metadata: z.looseObject({ labels: z.record(z.string(), z.string()) }).optional(),
      spec: z.looseObject({ containers: z.array(containerSchema), terminationGracePeriodSeconds: z.number().optional() }),
    }),
  }),
});
const containerOf = (m: Manifest) => {
  const containers = podOwnerSchema.parse(m).spec.template.spec.containers;
  expect(containers).toHaveLength(1);
  return containers[0]!;
};

const configMap = z.looseObject({ data: z.record(z.string(), z.string()) }).parse(ofKind('ConfigMap').find((m) => m.metadata.name === 'rigforge-config'));
const secret = z.looseObject({ stringData: z.record(z.string(), z.string()) }).parse(ofKind('Secret').find((m) => m.metadata.name === 'rigforge-secrets'));

const workerDeployments = ofKind('Deployment').filter((m) => containerOf(m).args?.includes('--queue'));
const apiDeployment = ofKind('Deployment').find((m) => m.metadata.name === 'rigforge-api')!;
const queueOf = (m: Manifest) => {
  const args = containerOf(m).args!;
  return args[args.indexOf('--queue') + 1]!;
};

test('every manifest parses and is listed in the kustomization', () => {
  const kustomization = z.looseObject({ resources: z.array(z.string()) }).parse(load(readFileSync(path.join(K8S, 'kustomization.yaml'), 'utf8')));
  expect([...kustomization.resources].sort()).toEqual([...files].sort());
  expect(manifests.length).toBeGreaterThanOrEqual(10);
});

test('one worker Deployment per queue, each running its queue', () => {
  expect(workerDeployments.map(queueOf).sort()).toEqual([...WORKER_QUEUES].sort());
});

test('workers: ops port, probes on /healthz and /readyz, resources, a grace longer than the 60 s drain', () => {
  for (const deployment of workerDeployments) {
    const c = containerOf(deployment);
    const ops = c.ports?.find((p) => p.name === 'ops');
    expect(ops?.containerPort).toBe(DEFAULT_WORKER_HTTP_PORT);
    expect(c.env?.find((e) => e.name === 'WORKER_HTTP_PORT')?.value).toBe(String(DEFAULT_WORKER_HTTP_PORT));
    expect(c.livenessProbe?.httpGet).toEqual({ path: OPS_PATHS.healthz, port: 'ops' });
    expect(c.readinessProbe?.httpGet).toEqual({ path: OPS_PATHS.readyz, port: 'ops' });
    expect(c.resources?.requests.cpu).toBeDefined();
    expect(podOwnerSchema.parse(deployment).spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(60);
  }
});

test('the API: its port, probes, and a Service in front of it', () => {
  const c = containerOf(apiDeployment);
  expect(c.ports?.find((p) => p.name === 'http')?.containerPort).toBe(API_PORT);
  expect(c.env?.find((e) => e.name === 'PORT')?.value).toBe(String(API_PORT));
  expect(c.livenessProbe?.httpGet).toEqual({ path: OPS_PATHS.healthz, port: 'http' });
  expect(c.readinessProbe?.httpGet).toEqual({ path: OPS_PATHS.readyz, port: 'http' });
  const service = z
    .looseObject({ spec: z.looseObject({ selector: z.record(z.string(), z.string()), ports: z.array(z.looseObject({ targetPort: z.union([z.string(), z.number()]) })) }) })
    .parse(ofKind('Service').find((m) => m.metadata.name === 'rigforge-api'));
  expect(service.spec.ports[0]?.targetPort).toBe('http');
  expect(podOwnerSchema.parse(apiDeployment).spec.template.metadata?.labels).toMatchObject(service.spec.selector);
});

test('every environment variable the manifests set is one the code reads', () => {
  const shared = [...Object.keys(configMap.data), ...Object.keys(secret.stringData)];
  for (const name of shared) expect({ name, read: API_ENV.has(name) || WORKER_ENV.has(name) }).toEqual({ name, read: true });
  for (const [deployment, known] of [...workerDeployments.map((d) => [d, WORKER_ENV] as const), [apiDeployment, API_ENV] as const]) {
    const c = containerOf(deployment);
    for (const e of c.env ?? []) expect({ name: e.name, read: known.has(e.name) }).toEqual({ name: e.name, read: true });
    expect(c.envFrom?.map((f) => f.configMapRef?.name ?? f.secretRef?.name).sort()).toEqual(['rigforge-config', 'rigforge-secrets']);
  }
  // What a deployment cannot run without, and what must not sit in the ConfigMap.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'ADMIN_TOKEN', 'S3_SECRET_ACCESS_KEY']) expect(Object.keys(secret.stringData)).toContain(name);
  for (const name of ['DATABASE_URL', 'ADMIN_TOKEN', 'S3_SECRET_ACCESS_KEY']) expect(Object.keys(configMap.data)).not.toContain(name);
});

test("KEDA scales each worker Deployment on its own queue's real BullMQ wait list", async () => {
  const scaledSchema = z.looseObject({
    spec: z.looseObject({
      scaleTargetRef: z.looseObject({ name: z.string() }),
      minReplicaCount: z.number(),
      triggers: z.array(z.looseObject({ type: z.string(), metadata: z.record(z.string(), z.string()), authenticationRef: z.looseObject({ name: z.string() }).optional() })),
    }),
  });
  const scaled = ofKind('ScaledObject').map((m) => scaledSchema.parse(m));
  expect(scaled).toHaveLength(QUEUE_NAMES.length);
  // BullMQ's own key builder with the deployment's prefix: the key the workers really consume.
  const connection = createRedis({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', role: 'producer' });
  const queues = new JobQueues({ connection, prefix: configMap.data.REDIS_PREFIX! });
  try {
    // Webhook deliveries are not scaled on depth (see worker-webhooks.yaml).
    for (const deployment of workerDeployments.filter((d) => queueOf(d) !== WEBHOOK_QUEUE)) {
      const object = scaled.find((s) => s.spec.scaleTargetRef.name === deployment.metadata.name);
      expect(object).toBeDefined();
      const queue = queueOf(deployment);
      expect(object!.spec.triggers).toHaveLength(1);
      const trigger = object!.spec.triggers[0]!;
      expect(trigger.type).toBe('redis');
      expect(trigger.metadata.listName).toBe(queues.get(queue as (typeof QUEUE_NAMES)[number]).toKey('wait'));
      // Where Redis is comes from configuration, not a literal in the trigger.
      expect(trigger.authenticationRef?.name).toBe('rigforge-redis');
      expect(trigger.metadata.address ?? trigger.metadata.host ?? trigger.metadata.password).toBeUndefined();
      // Never to zero: the API refuses work for a queue without a live worker.
      expect(object!.spec.minReplicaCount).toBeGreaterThanOrEqual(1);
    }
  } finally {
    await queues.close();
    connection.disconnect();
  }
});

test("KEDA's Redis address and password come from a Secret that agrees with the workers' REDIS_URL", () => {
  const auth = z
    .looseObject({ metadata: z.looseObject({ name: z.string() }), spec: z.looseObject({ secretTargetRef: z.array(z.object({ parameter: z.string(), name: z.string(), key: z.string() })) }) })
    .parse(ofKind('TriggerAuthentication').find((m) => m.metadata.name === 'rigforge-redis'));
  const refs = Object.fromEntries(auth.spec.secretTargetRef.map((r) => [r.parameter, r]));
  expect(Object.keys(refs).sort()).toEqual(['address', 'password']);
  const kedaSecret = z
    .looseObject({ stringData: z.record(z.string(), z.string()) })
    .parse(ofKind('Secret').find((m) => m.metadata.name === refs.address!.name));
  const url = new URL(secret.stringData.REDIS_URL!);
  expect(kedaSecret.stringData[refs.address!.key]).toBe(`${url.hostname}:${url.port || '6379'}`);
  expect(kedaSecret.stringData[refs.password!.key]).toBe(decodeURIComponent(url.password));
});

test('the in-cluster scrape config reads /metrics on the named ports with the admin token', () => {
  const cm = z.looseObject({ data: z.record(z.string(), z.string()) }).parse(ofKind('ConfigMap').find((m) => m.metadata.name === 'rigforge-prometheus-scrape'));
  const scrape = z
    .looseObject({ scrape_configs: z.array(z.looseObject({ metrics_path: z.string(), authorization: z.looseObject({ credentials_file: z.string() }), relabel_configs: z.array(z.looseObject({ regex: z.string().optional() })) })) })
    .parse(load(cm.data['rigforge-scrape.yml']!));
  expect(scrape.scrape_configs).toHaveLength(2);
  for (const job of scrape.scrape_configs) expect(job.metrics_path).toBe(OPS_PATHS.metrics);
  expect(scrape.scrape_configs.flatMap((j) => j.relabel_configs.map((r) => r.regex))).toEqual(expect.arrayContaining(['http', 'ops']));
});

// ---- docker-compose.yml and the Prometheus config it runs

const composeServiceSchema = z.looseObject({
  command: z.array(z.string()).optional(),
  container_name: z.string().optional(),
  ports: z.array(z.string()).optional(),
  environment: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  build: z.looseObject({ target: z.string() }).optional(),
  healthcheck: z.looseObject({ test: z.array(z.string()) }).optional(),
  entrypoint: z.union([z.string(), z.array(z.string())]).optional(),
  profiles: z.array(z.string()).optional(),
  volumes: z.array(z.string()).optional(),
});
const compose = z.looseObject({ services: z.record(z.string(), composeServiceSchema) }).parse(load(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8')));
const composeWorkers = Object.entries(compose.services).filter(([, s]) => s.build?.target === 'worker');

test('compose: one scalable worker service per queue (no container name, no host port)', () => {
  const queues = composeWorkers.map(([, s]) => s.command![s.command!.indexOf('--queue') + 1]);
  expect(queues.sort()).toEqual([...WORKER_QUEUES].sort());
  for (const [name, worker] of composeWorkers) {
    expect({ name, container_name: worker.container_name, ports: worker.ports }).toEqual({ name, container_name: undefined, ports: undefined });
    expect(worker.healthcheck?.test.join(' ')).toContain(`:${DEFAULT_WORKER_HTTP_PORT}${OPS_PATHS.readyz}`);
  }
  expect(compose.services['worker-rig-fast']).toBeDefined(); // the README's `--scale worker-rig-fast=4`
  expect(compose.services.api?.healthcheck?.test.join(' ')).toContain(`:${API_PORT}${OPS_PATHS.readyz}`);
  for (const name of ['postgres', 'redis', 'minio', 'api']) expect(compose.services[name]?.profiles).toBeUndefined();
});

test('compose: every app variable is one the code reads', () => {
  for (const [name, service] of Object.entries(compose.services)) {
    if (!service.build) continue;
    for (const variable of Object.keys(service.environment ?? {})) {
      expect({ name, variable, read: API_ENV.has(variable) || WORKER_ENV.has(variable) }).toEqual({ name, variable, read: true });
    }
  }
});

test('compose profile observability: Prometheus scrapes the API and every worker replica, Grafana gets the dashboard', () => {
  const observability = Object.entries(compose.services).filter(([, s]) => s.profiles?.includes('observability')).map(([n]) => n);
  expect(observability.sort()).toEqual(['grafana', 'prometheus']);
  const prometheus = z
    .looseObject({
      scrape_configs: z.array(
        z.looseObject({
          job_name: z.string(),
          metrics_path: z.string(),
          authorization: z.looseObject({ credentials_file: z.string() }),
          dns_sd_configs: z.array(z.looseObject({ names: z.array(z.string()), port: z.number() })),
        }),
      ),
    })
    .parse(load(readFileSync(path.join(ROOT, 'deploy/prometheus/prometheus.yml'), 'utf8')));
  const byJob = new Map(prometheus.scrape_configs.map((j) => [j.job_name, j]));
  expect(byJob.get('rigforge-api')?.dns_sd_configs[0]).toEqual({ names: ['api'], type: 'A', port: API_PORT });
  const workerTargets = byJob.get('rigforge-worker')!.dns_sd_configs[0]!;
  expect(workerTargets.port).toBe(DEFAULT_WORKER_HTTP_PORT);
  expect([...workerTargets.names].sort()).toEqual(composeWorkers.map(([n]) => n).sort());
  for (const job of prometheus.scrape_configs) expect(job.metrics_path).toBe(OPS_PATHS.metrics);
  const grafanaVolumes = compose.services.grafana?.volumes ?? [];
  expect(grafanaVolumes).toEqual(expect.arrayContaining([expect.stringMatching(/^\.\/deploy\/grafana\/dashboards:/), expect.stringMatching(/^\.\/deploy\/grafana\/provisioning:/)]));
});

test('the Dockerfile builds both images, runs as a non-root user, and keeps production dependencies only', () => {
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const stages = [...dockerfile.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)/gim)].map((m) => m[1]);
  expect(stages).toEqual(expect.arrayContaining(['build', 'runtime', 'api', 'worker']));
  expect(dockerfile).toMatch(/^USER node$/m);
  expect(dockerfile).toMatch(/pnpm install --frozen-lockfile --prod/);
  expect(dockerfile).toMatch(new RegExp(`^EXPOSE ${DEFAULT_WORKER_HTTP_PORT}$`, 'm'));
  expect(dockerfile).toMatch(new RegExp(`^EXPOSE ${API_PORT}$`, 'm'));
});

test("every API launcher runs node with the API's flags (apps/api/src/node-flags.ts)", () => {
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const apiStage = dockerfile.slice(dockerfile.search(/^FROM\s+\S+\s+AS\s+api$/m));
  const cmd = z.array(z.string()).parse(JSON.parse(/^CMD\s+(\[.*\])$/m.exec(apiStage)![1]!));
  expect(cmd).toEqual(['node', ...API_NODE_FLAGS, 'dist/main.js']);
  expect(API_NODE_FLAGS).toContain('--no-memory-reducer');
  // scripts/start.sh (no Docker) starts the API with the same flags.
  const startSh = readFileSync(path.join(ROOT, 'scripts/start.sh'), 'utf8');
  expect(/^api_node="(.*)"$/m.exec(startSh)?.[1]?.split(' ')).toEqual(['node', ...API_NODE_FLAGS]);
  expect(startSh).toMatch(/"api: \$api_node apps\/api\/dist\/main\.js"/);
  expect(startSh).not.toMatch(/\bnode apps\/api\/dist\/main\.js/);
  // Compose and Kubernetes run the image's CMD.
  expect(compose.services.api?.command).toBeUndefined();
  expect(compose.services.api?.entrypoint).toBeUndefined();
  expect(containerOf(apiDeployment).command).toBeUndefined();
  expect(containerOf(apiDeployment).args).toBeUndefined();
});

test("every worker launcher runs node with the worker image's flags (the Dockerfile's ENTRYPOINT)", () => {
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  const workerStage = dockerfile.slice(dockerfile.search(/^FROM\s+\S+\s+AS\s+worker$/m));
  const entrypoint = z.array(z.string()).parse(JSON.parse(/^ENTRYPOINT\s+(\[.*\])$/m.exec(workerStage)![1]!));
  expect(entrypoint[0]).toBe('node');
  expect(entrypoint.at(-1)).toBe('dist/main.js');
  const flags = entrypoint.slice(1, -1);
  // The flags round 55 measured (packages/rig/docs/speed.md): the rig's GC cost and warm-up.
  expect(flags).toEqual(expect.arrayContaining(['--max-semi-space-size=64', '--no-lazy-feedback-allocation']));
  // scripts/start.sh (no Docker) starts every worker with the same flags.
  const startSh = readFileSync(path.join(ROOT, 'scripts/start.sh'), 'utf8');
  expect(/^worker_node="(.*)"$/m.exec(startSh)?.[1]?.split(' ')).toEqual(['node', ...flags]);
  expect(startSh.match(/\$worker_node apps\/worker\/dist\/main\.js/g)).toHaveLength(2);
  expect(startSh).not.toMatch(/\bnode apps\/worker\/dist\/main\.js/);
  // Compose and Kubernetes run the image's ENTRYPOINT, passing the queue as arguments only.
  for (const [name, worker] of composeWorkers) expect({ name, entrypoint: worker.entrypoint }).toEqual({ name, entrypoint: undefined });
  for (const deployment of workerDeployments) expect({ name: deployment.metadata.name, command: containerOf(deployment).command }).toEqual({ name: deployment.metadata.name, command: undefined });
  expect(workerDeployments.length).toBeGreaterThan(0);
});
