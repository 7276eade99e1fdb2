/**
 * Issue 24: JSON bodies are checked against a shape budget on their bytes before any parser builds
 * a structure. Twelve 10 MB bodies of `[` nested 5M deep at once took the API to 1.5 GB (each was
 * built whole by JSON.parse before it was refused); with the scan they are refused at once.
 */
import { readFileSync } from 'node:fs';
import { JSON_SHAPE_BUDGET, jsonShapeOverBudget } from '../src/upload-check/json-shape-budget';
import { startApiProcess, type ApiProcess } from './api-process';
import { startHarness, type Harness, type SeededAccount } from './harness';

let h: Harness;
let account: SeededAccount;
beforeAll(async () => {
  h = await startHarness();
  account = await h.seedAccount();
});
afterAll(() => h.close());

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('the scan', () => {
  test('counts nesting, containers and values outside strings only', () => {
    expect(jsonShapeOverBudget(bytes(JSON.stringify({ a: [1, 2, { b: 'x' }], c: '[[[[' })))).toBeNull();
    const deep = '['.repeat(JSON_SHAPE_BUDGET.maxDepth + 1) + ']'.repeat(JSON_SHAPE_BUDGET.maxDepth + 1);
    expect(jsonShapeOverBudget(bytes(deep))).toMatch(/nests deeper than the limit of 32/);
    expect(jsonShapeOverBudget(bytes('['.repeat(32) + ']'.repeat(32)))).toBeNull();
    // Brackets inside strings, escaped quotes and multi-byte characters are not structure.
    expect(jsonShapeOverBudget(bytes(JSON.stringify({ s: `"\\${'['.repeat(100)}é€😀` })))).toBeNull();
    expect(jsonShapeOverBudget(bytes(`[${'{},'.repeat(JSON_SHAPE_BUDGET.maxContainers)}{}]`))).toMatch(/more arrays and objects than the limit/);
    expect(jsonShapeOverBudget(bytes(`[${'0,'.repeat(JSON_SHAPE_BUDGET.maxValues + 1)}0]`))).toMatch(/more values than the limit/);
  });
});

test('a small deeply nested body is refused 400 before parsing (express.json path)', async () => {
  const res = await h.request.post('/v1/rigs').set(account.auth).set('Content-Type', 'application/json').send(`{"a":${'['.repeat(1000)}${']'.repeat(1000)}}`);
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: 'invalid_request', message: 'request: the body nests deeper than the limit of 32' });
});

test('a large deeply nested body is refused 400 in the upload-check thread', async () => {
  const res = await h.request.post('/v1/rigs').set(account.auth).set('Content-Type', 'application/json').send('['.repeat(200_000) + ']'.repeat(200_000));
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: 'invalid_request', message: 'request: the body nests deeper than the limit of 32' });
});

describe('an API process', () => {
  let api: ApiProcess;
  beforeAll(async () => {
    api = await startApiProcess(h);
  }, 120_000);
  afterAll(() => api?.stop());

  test('twelve 10 MB bodies nested 5M deep at once: every one 400, the API stays under 1 GB', async () => {
    const body = '['.repeat(5_000_000) + ']'.repeat(5_000_000);
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () =>
        fetch(`${api.baseUrl}/v1/rigs`, { method: 'POST', headers: { ...account.auth, 'content-type': 'application/json' }, body }).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual(Array(12).fill(400));
    const peak = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${api.pid}/status`, 'utf8'));
    expect(Number(peak?.[1]) / 1024).toBeLessThan(1024);
  }, 120_000);
});
