/**
 * The tools in process, through the SDK's in-memory transport (no API needed for these cases):
 * how provider failures and skipped providers surface in search_external_assets, and that bad
 * input is a tool result with isError.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { RigforgeClient } from '@rigforge/client';
import { z } from 'zod';
import { createMcpServer } from '../src/create-server';
import { PolyHavenProvider } from '../src/providers/poly-haven';
import { SketchfabProvider } from '../src/providers/sketchfab';
import { startStandIns, type StandIns } from './provider-stand-ins';

let s: StandIns;
let client: Client;

beforeAll(async () => {
  s = await startStandIns();
  const http = { timeoutMs: 1_000, userAgent: 'Rigforge-MCP/test', cacheTtlMs: 0 };
  const server = createMcpServer({
    // Never reached by these cases: the port is closed.
    client: new RigforgeClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'rf_unused' }),
    providers: [new PolyHavenProvider({ ...http, apiUrl: s.polyhavenUrl }), new SketchfabProvider({ ...http, apiUrl: s.sketchfabUrl, token: '' })],
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'tools-test', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
});
afterAll(async () => {
  await client?.close();
  await s?.close();
});
afterEach(() => s.fail('polyhaven', null));

const resultShape = z.object({ isError: z.boolean().optional(), content: z.array(z.object({ type: z.string(), text: z.string().optional() })), structuredContent: z.unknown().optional() });
const search = async (args: Record<string, unknown>) => resultShape.parse(await client.callTool({ name: 'search_external_assets', arguments: args }));

it('lists a skipped provider with its reason beside the results of the others', async () => {
  const result = await search({ query: 'crate' });
  expect(result.isError).toBeFalsy();
  expect(result.structuredContent).toMatchObject({
    license: 'CC0-1.0',
    results: [{ provider: 'polyhaven', id: 'wooden_crate_02' }],
    providers: [
      { provider: 'polyhaven', status: 'ok', count: 1 },
      { provider: 'sketchfab', status: 'skipped', note: expect.stringContaining('SKETCHFAB_API_TOKEN') },
    ],
  });
});

it('is a tool error naming the cause when every provider asked fails', async () => {
  s.fail('polyhaven', { status: 503, body: '{"error":"maintenance"}' });
  const result = await search({ query: 'crate', providers: ['polyhaven'] });
  expect(result.isError).toBe(true);
  expect(result.content[0]?.text).toContain('polyhaven: provider_error: Poly Haven:');
});

it('answers input outside the schema with isError, and an unreachable API with network_error', async () => {
  const bad = resultShape.parse(await client.callTool({ name: 'search_external_assets', arguments: { query: '', limit: 500 } }));
  expect(bad.isError).toBe(true);
  const down = resultShape.parse(await client.callTool({ name: 'list_jobs', arguments: {} }));
  expect(down.isError).toBe(true);
  expect(down.content[0]?.text).toMatch(/^network_error: /);
});

it('declares an outputSchema on every tool and describes every parameter', async () => {
  const { tools } = await client.listTools();
  const undescribed: string[] = [];
  const withoutOutputSchema: string[] = [];
  for (const tool of tools) {
    if (tool.outputSchema?.type !== 'object') withoutOutputSchema.push(tool.name);
    const properties = (tool.inputSchema.properties ?? {}) as Record<string, { description?: string }>;
    for (const [name, schema] of Object.entries(properties)) if (!schema.description) undescribed.push(`${tool.name}.${name}`);
  }
  expect({ withoutOutputSchema, undescribed }).toEqual({ withoutOutputSchema: [], undescribed: [] });
});
