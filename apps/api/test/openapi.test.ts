import { API_ERROR_CODES } from '@rigforge/contracts';
import { startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

test('GET /v1/openapi.json: an OpenAPI 3.1 document of every endpoint, built from the contracts', async () => {
  const res = await h.request.get('/v1/openapi.json');
  expect(res.status).toBe(200);
  const doc = res.body;
  expect(doc.openapi).toBe('3.1.0');
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v1/rigs', '/v1/rigs/{id}', '/v1/jobs/{id}', '/v1/jobs']));
  const create = doc.paths['/v1/rigs'].post;
  expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['202', '400', '401', '402', '413', '429', '503']));
  const request = doc.components.schemas.CreateRigRequest;
  expect(request.additionalProperties).toBe(false);
  expect(request.properties.rig_type.enum).toEqual(['biped', 'quadruped', 'hexapod', 'octopod', 'avian', 'serpentine', 'aquatic', 'others']);
  expect(request.properties.rig_type.default).toBe('biped');
  expect(doc.components.schemas.Error.properties.error.properties.code.enum).toEqual(API_ERROR_CODES);
  expect(doc.components.schemas.Job.required).toEqual(expect.arrayContaining(['id', 'object', 'operation', 'status', 'output', 'error', 'created_at']));
  // Every $ref resolves inside the document.
  const refs = JSON.stringify(doc).match(/"\$ref":"#\/components\/schemas\/[^"]+"/g) ?? [];
  for (const ref of refs) {
    const name = ref.split('/').pop()!.replace('"', '');
    expect(doc.components.schemas[name]).toBeDefined();
  }
});
