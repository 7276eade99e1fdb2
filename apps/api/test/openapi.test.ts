import { API_ERROR_CODES, checkRigRequestSchema, createModelRequestSchema, createRigRequestSchema } from '@rigforge/contracts';
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
  expect(request.properties.rig_type.enum).toEqual(['biped', 'quadruped', 'hexapod', 'octopod', 'avian', 'serpentine', 'aquatic', 'others', 'auto']);
  expect(request.properties.rig_type.default).toBe('biped');
  expect(request.properties.skeleton_preset.enum).toEqual(['rigforge', 'mixamo', 'unity', 'unreal', 'vrm']);
  expect(request.properties.skeleton_preset.default).toBe('rigforge');
  expect(request.properties.output_format.enum).toEqual(['glb', 'fbx', 'vrm']);
  expect(doc.components.schemas.Error.properties.error.properties.code.enum).toEqual(API_ERROR_CODES);
  expect(doc.components.schemas.Job.required).toEqual(expect.arrayContaining(['id', 'object', 'operation', 'status', 'output', 'error', 'created_at']));
  // rig_type auto: the finished job says what was chosen, and the engine's warnings reach it.
  expect(Object.keys(doc.components.schemas.Job.properties)).toEqual(expect.arrayContaining(['rig_type_chosen', 'rig_type_confidence', 'warnings']));
  // Every $ref resolves inside the document.
  const refs = JSON.stringify(doc).match(/"\$ref":"#\/components\/schemas\/[^"]+"/g) ?? [];
  for (const ref of refs) {
    const name = ref.split('/').pop()!.replace('"', '');
    expect(doc.components.schemas[name]).toBeDefined();
  }
});

test('every operation has curl and JavaScript samples; every request sample is a valid request; webhooks are described', async () => {
  const doc = (await h.request.get('/v1/openapi.json')).body;
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>)) {
    for (const [method, entry] of Object.entries(methods)) {
      const samples = entry['x-codeSamples'] as { lang: string; source: string }[];
      expect({ at: `${method} ${path}`, langs: samples.map((x) => x.lang) }).toEqual({ at: `${method} ${path}`, langs: ['Shell', 'JavaScript'] });
      const body = (entry.requestBody as { content: Record<string, { example?: Record<string, unknown> }> } | undefined)?.content['application/json'];
      if (body) {
        expect(body.example).toBeDefined();
        // The sample sends exactly the example (one source, never all three).
        expect(samples[0]!.source).toContain(JSON.stringify(body.example));
      }
    }
  }
  // The examples are valid requests: the request schemas take them, with exactly one source each.
  const example = (path: string) => doc.paths[path].post.requestBody.content['application/json'].example;
  expect(createRigRequestSchema.safeParse(example('/v1/rigs')).success).toBe(true);
  expect(checkRigRequestSchema.safeParse(example('/v1/rigs/check')).success).toBe(true);
  expect(createModelRequestSchema.safeParse(example('/v1/models')).success).toBe(true);
  expect(Object.keys(example('/v1/rigs')).filter((k) => ['model_url', 'model_base64', 'from_job'].includes(k))).toHaveLength(1);
  expect(Object.keys(example('/v1/models')).filter((k) => ['image_url', 'image_base64'].includes(k))).toHaveLength(1);
  expect(Object.keys(doc.webhooks).sort()).toEqual(['job.failed', 'job.processing', 'job.succeeded']);
  const succeeded = doc.webhooks['job.succeeded'].post;
  expect(succeeded.requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/WebhookPayload');
  expect(succeeded.parameters.map((p: { name: string }) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
});
