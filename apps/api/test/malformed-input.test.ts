import { startHarness, type Harness, type SeededAccount } from './harness';

let h: Harness;
let account: SeededAccount;
beforeAll(async () => {
  h = await startHarness();
  account = await h.seedAccount();
});
afterAll(() => h.close());

const raw = (body: string | Buffer, type = 'application/json') =>
  h.request.post('/v1/rigs').set(account.auth).set('Content-Type', type).send(body);

describe('bad input is a 4xx with a code, never a 500', () => {
  test.each([
    ['{"model_base64": ', 'truncated JSON'],
    ['{model_base64: "x"}', 'unquoted key'],
    ['\u0000\u0001\u0002', 'binary junk'],
    ['"a string"', 'a JSON string'],
    ['123', 'a JSON number'],
    ['null', 'null'],
  ])('%p (%s): 400 invalid_request', async (body) => {
    const res = await raw(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
  });

  test('a JSON array or wrong types: 400 invalid_request', async () => {
    for (const body of ['[]', '[{"model_base64":"AAAA"}]', '{"model_base64": 12}', '{"model_base64": ["AAAA"]}', '{"rotation_y": "90", "model_base64": "AAAA"}', '{"rotation_y": 1e400, "model_base64": "AAAA"}', '{"model_base64": null}']) {
      const res = await raw(body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
    }
  });

  test('a body over the limit: 413 payload_too_large', async () => {
    const res = await raw(`{"model_base64": "${'A'.repeat(16 * 1024 * 1024)}"}`);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  test('model_base64 decoding past the 10 MB cap: 413 naming the field', async () => {
    const res = await raw(JSON.stringify({ model_base64: 'A'.repeat(14_000_000) }));
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'payload_too_large', param: 'model_base64' });
  });

  test.each(['AAA', 'A', 'AB=C', '====', 'YWJj\nZGVm', 'data:application/octet-stream;base64,AAAA'])(
    'bad base64 %p: 400',
    async (value) => {
      const res = await raw(JSON.stringify({ model_base64: value }));
      expect(res.status).toBe(400);
      expect(['invalid_request', 'unsupported_format']).toContain(res.body.error.code);
      expect(res.body.error.param).toBe('model_base64');
    },
  );

  test('random bytes as base64: 400 unsupported_format', async () => {
    for (let i = 0; i < 20; i++) {
      const bytes = Buffer.alloc(64 + i * 37);
      for (let j = 0; j < bytes.length; j++) bytes[j] = (j * 7919 + i * 104729) % 256;
      if (i % 2) bytes.write('glTF', 0); // a plausible magic with garbage behind it
      const res = await raw(JSON.stringify({ model_base64: bytes.toString('base64') }));
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('unsupported_format');
    }
  });

  test('form-encoded or text bodies do not pass as JSON', async () => {
    const res = await raw('model_base64=AAAA', 'application/x-www-form-urlencoded');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
  });
});
