/**
 * The MCP server end to end: the real API (in process, on a real port), a real rig worker process
 * and the real MCP server process, driven by the SDK's own client over stdio and over Streamable
 * HTTP. It lists the tools, searches the local provider stand-ins, rigs a found model (the API
 * fetches it from the stand-in, allow-listed through FETCH_ALLOW_HOSTS with the SSRF guard on) and
 * waits for the job with progress notifications. A bad key is refused; tool failures are results
 * with isError and the server keeps serving.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { z } from 'zod';
import { startIsolatedHarness, type Harness, type SeededAccount } from '../../api/test/harness';
import { listenOnLoopback, type LoopbackServer } from '../../api/test/listen-on-loopback';
import { workerEnvFor } from '../../worker/test/e2e-env';
import { startWorkerProcess, waitFor, type WorkerProcess } from '../../worker/test/worker-process';
import { runMcp, startHttpMcp, stdioTransport, type HttpMcpProcess } from './mcp-processes';
import { SKETCHFAB_TOKEN, SMITHSONIAN_KEY, startStandIns, type StandIns } from './provider-stand-ins';

const TOOLS = [
  'cancel_job',
  'check_model',
  'generate_model',
  'get_account',
  'get_job',
  'list_catalog_categories',
  'list_jobs',
  'rig_model',
  'search_catalog',
  'search_external_assets',
  'wait_for_job',
];

let h: Harness;
let api: LoopbackServer | undefined;
let account: SeededAccount;
let worker: WorkerProcess;
let standIns: StandIns;
let httpMcp: HttpMcpProcess;
let mcpEnv: Record<string, string>;
let stdioClient: Client;
let strangerClient: Client;

beforeAll(async () => {
  standIns = await startStandIns();
  h = await startIsolatedHarness({ REQUIRE_LIVE_WORKERS: 'true', FETCH_ALLOW_HOSTS: '127.0.0.1' });
  api = await listenOnLoopback(h.app);
  account = await h.seedAccount({ plan: 'standard', credits: 1000 });
  mcpEnv = {
    RIGFORGE_BASE_URL: api.baseUrl,
    POLYHAVEN_API_URL: standIns.polyhavenUrl,
    SKETCHFAB_API_URL: standIns.sketchfabUrl,
    SMITHSONIAN_API_URL: standIns.smithsonianUrl,
    SKETCHFAB_API_TOKEN: SKETCHFAB_TOKEN,
    SMITHSONIAN_API_KEY: SMITHSONIAN_KEY,
  };
  // The sweeper re-enqueues any stale queued job of the shared test database into this worker's own
  // queue; on a loaded machine that would take jobs of e2e files running beside this one. Ours never
  // need it, so it stays out of the way.
  worker = startWorkerProcess('rig.fast', workerEnvFor(h, { SWEEP_INTERVAL_MS: '3600000', REQUEUE_AFTER_MS: '3600000' }));
  // Every process starts at once: on a loaded machine each takes seconds to load its TypeScript.
  [httpMcp, stdioClient, strangerClient] = await Promise.all([
    startHttpMcp(mcpEnv),
    connectStdio(account.key),
    connectStdio('rf_not_a_real_key'),
    waitFor(async () => worker.output().includes('ready'), 90_000, 'rig worker').catch((error: Error) => {
      throw new Error(`${error.message}\n${worker.output()}`);
    }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([stdioClient?.close(), strangerClient?.close()]);
  await httpMcp?.stop();
  await worker?.stop();
  await api?.close();
  await h?.close();
  await standIns?.close();
});

async function connectStdio(apiKey: string): Promise<Client> {
  const client = new Client({ name: 'rigforge-e2e', version: '1.0.0' });
  await client.connect(stdioTransport({ ...mcpEnv, RIGFORGE_API_KEY: apiKey }));
  return client;
}

async function connectHttp(apiKey: string): Promise<Client> {
  const client = new Client({ name: 'rigforge-e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(httpMcp.url, { requestInit: { headers: { Authorization: `Bearer ${apiKey}` } } }));
  return client;
}

/** A tool call that must succeed; its structured content parsed with `schema`. */
async function call<T extends z.ZodType>(client: Client, name: string, args: Record<string, unknown>, schema: T): Promise<z.infer<T>> {
  const result = CallToolResultShape.parse(await client.callTool({ name, arguments: args }));
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
  return schema.parse(result.structuredContent);
}

const CallToolResultShape = z.object({
  isError: z.boolean().optional(),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
  content: z.array(z.object({ type: z.string(), text: z.string().optional(), uri: z.string().optional() })),
});
const searchShape = z.object({
  results: z.array(z.object({ provider: z.string(), license: z.literal('CC0-1.0'), author: z.string(), source_url: z.string(), model_url: z.string().nullable() })),
  providers: z.array(z.object({ provider: z.string(), status: z.string() })),
});
const jobShape = z.object({ job_id: z.uuid(), status: z.string(), model_url: z.string().nullable(), thumbnail_url: z.string().nullable(), engine: z.string().optional() });

/** Search, rig the first result of `provider`, wait with progress; returns the finished job. */
async function searchRigAndWait(client: Client, provider: string) {
  const found = await call(client, 'search_external_assets', { query: 'knight', providers: [provider] }, searchShape);
  const model = found.results[0];
  expect(model).toMatchObject({ provider, license: 'CC0-1.0' });
  expect(model!.model_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\//);

  // The free check first, as an agent that does not know the body plan would.
  const checked = await call(client, 'check_model', { model_url: model!.model_url }, z.object({ riggable: z.boolean(), recommended_rig_type: z.string() }));
  expect(checked.riggable).toBe(true);
  const queued = await call(client, 'rig_model', { model_url: model!.model_url, rig_type: 'biped' }, jobShape);
  expect(queued).toMatchObject({ status: 'queued', engine: 'fast' });

  const progress: string[] = [];
  const result = await client.callTool({ name: 'wait_for_job', arguments: { job_id: queued.job_id, engine: 'fast' } }, undefined, {
    onprogress: (p) => progress.push(p.message ?? ''),
    resetTimeoutOnProgress: true,
    timeout: 120_000,
  });
  const parsed = CallToolResultShape.parse(result);
  expect(parsed.isError).toBeFalsy();
  const job = jobShape.parse(parsed.structuredContent);
  expect(job).toMatchObject({ job_id: queued.job_id, status: 'succeeded' });
  expect(job.model_url).toMatch(/^http/);
  expect(job.thumbnail_url).toMatch(/^http/);
  expect(parsed.content.some((c) => c.type === 'resource_link' && c.uri === job.model_url)).toBe(true);
  expect(progress.length).toBeGreaterThan(0);
  expect(progress[0]).toContain(queued.job_id);
  return job;
}

describe('over stdio', () => {
  let client: Client;
  beforeAll(() => {
    client = stdioClient;
  });

  it('lists the tools with input schemas from the contracts', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    const rig = tools.find((t) => t.name === 'rig_model');
    expect(Object.keys(rig?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['model_url', 'model_base64', 'from_job', 'rig_type', 'engine', 'output_format', 'rotation_y', 'animation_url']),
    );
  });

  it('finds a Poly Haven model and rigs it', async () => {
    await searchRigAndWait(client, 'polyhaven');
  }, 120_000);

  it('answers a failing tool with isError and keeps serving', async () => {
    const blocked = CallToolResultShape.parse(await client.callTool({ name: 'rig_model', arguments: { model_url: 'http://10.1.2.3/secret.glb' } }));
    expect(blocked.isError).toBe(true);
    expect(blocked.content[0]?.text).toMatch(/^invalid_request: /);
    const badInput = CallToolResultShape.parse(await client.callTool({ name: 'get_job', arguments: { job_id: 'not-a-uuid' } }));
    expect(badInput.isError).toBe(true);
    const missing = CallToolResultShape.parse(await client.callTool({ name: 'get_job', arguments: { job_id: '00000000-0000-4000-8000-000000000000' } }));
    expect(missing.isError).toBe(true);
    expect(missing.content[0]?.text).toMatch(/^not_found: /);
    expect((await client.listTools()).tools).toHaveLength(TOOLS.length);
  });

  it('reports a refused key as a tool error', async () => {
    const result = CallToolResultShape.parse(await strangerClient.callTool({ name: 'list_jobs', arguments: {} }));
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toMatch(/^unauthorized: /);
  });
});

describe('over Streamable HTTP', () => {
  let client: Client;
  beforeAll(async () => {
    client = await connectHttp(account.key);
  });
  afterAll(() => client?.close());

  it('lists the tools', async () => {
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(TOOLS);
  });

  it('refuses a taken port: an error and a non-zero exit, never "listening"', async () => {
    const { code, output } = await runMcp(['--http', '--port', String(httpMcp.url.port)], mcpEnv);
    expect(code).not.toBe(0);
    expect(output).toMatch(/EADDRINUSE/);
    expect(output).not.toMatch(/listening on/);
  }, 60_000);

  it('finds a Sketchfab model, rigs it, and lists the job', async () => {
    const job = await searchRigAndWait(client, 'sketchfab');
    const listed = await call(client, 'list_jobs', { limit: 5 }, z.object({ jobs: z.array(z.object({ job_id: z.string() })) }));
    expect(listed.jobs.map((j) => j.job_id)).toContain(job.job_id);
  }, 120_000);

  it('searches every provider at once and the catalog', async () => {
    const found = await call(client, 'search_external_assets', { query: 'knight' }, searchShape);
    expect(found.providers.map((p) => [p.provider, p.status])).toEqual([
      ['polyhaven', 'ok'],
      ['sketchfab', 'ok'],
      ['smithsonian', 'ok'],
    ]);
    expect(found.results.map((r) => r.provider)).toEqual(['polyhaven', 'sketchfab', 'smithsonian']);
    const categories = await call(client, 'list_catalog_categories', {}, z.object({ categories: z.array(z.string()) }));
    expect(Array.isArray(categories.categories)).toBe(true);
    await call(client, 'search_catalog', { query: 'crate', limit: 3 }, z.object({ license: z.literal('CC0-1.0') }));
  });

  it('refuses a bad key with 401 before any tool runs', async () => {
    await expect(connectHttp('rf_not_a_real_key')).rejects.toMatchObject({ code: 401 });
    const res = await fetch(httpMcp.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });
});
