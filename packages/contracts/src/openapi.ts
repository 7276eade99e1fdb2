/**
 * The OpenAPI 3.1 document, built from the same zod schemas that validate requests and shape
 * responses, so the description cannot drift from the behaviour. 3.1 uses JSON Schema 2020-12,
 * which is what zod emits natively.
 */
import { z } from 'zod';
import { API_ERROR_STATUS, errorBodySchema, JOB_ERROR_CODES } from './errors';
import { jobListSchema, jobSchema, JOB_OPERATIONS, JOB_STATUSES } from './job';
import { createModelRequestSchema, createModelResponseSchema } from './model';
import { checkRigRequestSchema, checkRigResponseSchema, createRigRequestSchema, createRigResponseSchema } from './rig';

type JsonObject = Record<string, unknown>;

/** Extra operations contributed by other contract modules (models, assets). */
export interface OpenApiOperation {
  method: 'get' | 'post';
  path: string;
  summary: string;
  description?: string;
  operationId: string;
  tags: string[];
  parameters?: JsonObject[];
  requestSchema?: { name: string; schema: z.ZodType };
  responses: { status: number; description: string; schema?: { name: string; schema: z.ZodType } }[];
  errors: (keyof typeof API_ERROR_STATUS)[];
  noAuth?: boolean;
}

const OPERATIONS: OpenApiOperation[] = [];

export function registerOpenApiOperation(operation: OpenApiOperation): void {
  OPERATIONS.push(operation);
}

function toComponent(schema: z.ZodType, io: 'input' | 'output', components: JsonObject): JsonObject {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonObject;
  const defs = (json.$defs ?? {}) as Record<string, JsonObject>;
  delete json.$defs;
  delete json.$schema;
  const rewrite = (value: JsonObject): JsonObject =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonObject;
  for (const [id, def] of Object.entries(defs)) {
    components[id] = rewrite(def);
  }
  return rewrite(json);
}

const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };

registerOpenApiOperation({
  method: 'post',
  path: '/v1/rigs',
  operationId: 'createRig',
  tags: ['rigs'],
  summary: 'Create a rig job',
  description:
    'Exactly one of model_url, model_base64, from_job. The input is captured and checked at submission; ' +
    'credits (the rig plus one retarget per clip) are reserved at acceptance and refunded if the job fails.',
  requestSchema: { name: 'CreateRigRequest', schema: createRigRequestSchema },
  responses: [{ status: 202, description: 'Accepted; poll poll_url', schema: { name: 'CreateRigResponse', schema: createRigResponseSchema } }],
  errors: ['invalid_request', 'unsupported_format', 'unauthorized', 'subscription_required', 'insufficient_credits', 'plan_required', 'payload_too_large', 'rate_limited', 'backend_unavailable'],
});
registerOpenApiOperation({
  method: 'post',
  path: '/v1/rigs/check',
  operationId: 'checkRig',
  tags: ['rigs'],
  summary: 'Check a mesh before rigging (free)',
  description:
    'Exactly one of model_url, model_base64, from_job. Answers at once (200) and uses no credits; counts against ' +
    'the rate limit. Reports whether the mesh can be rigged, its triangles, parts and watertightness, the up axis ' +
    'and facing found with the up_axis and rotation_y to pass to POST /v1/rigs, and the recommended rig_type with ' +
    'a confidence for each of the eight.',
  requestSchema: { name: 'CheckRigRequest', schema: checkRigRequestSchema },
  responses: [{ status: 200, description: 'The check', schema: { name: 'CheckRigResponse', schema: checkRigResponseSchema } }],
  errors: ['invalid_request', 'unsupported_format', 'unauthorized', 'payload_too_large', 'rate_limited'],
});
registerOpenApiOperation({
  method: 'post',
  path: '/v1/models',
  operationId: 'createModel',
  tags: ['models'],
  summary: 'Create a model from an image (operation generate_model)',
  description:
    'Exactly one of image_url, image_base64. The image is captured and decoded at submission; the job is polled ' +
    'with GET /v1/jobs/{id}. Its output model can be rigged with POST /v1/rigs {"from_job": id}.',
  requestSchema: { name: 'CreateModelRequest', schema: createModelRequestSchema },
  responses: [{ status: 202, description: 'Accepted; poll poll_url', schema: { name: 'CreateModelResponse', schema: createModelResponseSchema } }],
  errors: ['invalid_request', 'unsupported_format', 'unauthorized', 'subscription_required', 'insufficient_credits', 'payload_too_large', 'rate_limited', 'backend_unavailable'],
});
registerOpenApiOperation({
  method: 'get',
  path: '/v1/rigs/{id}',
  operationId: 'getRig',
  tags: ['rigs'],
  summary: 'Retrieve a rig job (alias of GET /v1/jobs/{id})',
  parameters: [idParameter],
  responses: [{ status: 200, description: 'The job', schema: { name: 'Job', schema: jobSchema } }],
  errors: ['invalid_request', 'unauthorized', 'not_found', 'rate_limited'],
});
registerOpenApiOperation({
  method: 'get',
  path: '/v1/jobs/{id}',
  operationId: 'getJob',
  tags: ['jobs'],
  summary: 'Retrieve a job of any operation and status',
  parameters: [idParameter],
  responses: [{ status: 200, description: 'The job', schema: { name: 'Job', schema: jobSchema } }],
  errors: ['invalid_request', 'unauthorized', 'not_found', 'rate_limited'],
});
registerOpenApiOperation({
  method: 'get',
  path: '/v1/jobs',
  operationId: 'listJobs',
  tags: ['jobs'],
  summary: 'List your jobs, newest first',
  parameters: [
    { name: 'operation', in: 'query', schema: { type: 'string', enum: [...JOB_OPERATIONS] } },
    { name: 'status', in: 'query', schema: { type: 'string', enum: [...JOB_STATUSES] } },
    { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
    { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
  ],
  responses: [{ status: 200, description: 'A page of jobs', schema: { name: 'JobList', schema: jobListSchema } }],
  errors: ['invalid_request', 'unauthorized', 'rate_limited'],
});

export function buildOpenApiDocument(options: { serverUrl?: string } = {}): JsonObject {
  const components: JsonObject = {};
  const paths: Record<string, Record<string, JsonObject>> = {};
  const errorRef = { $ref: '#/components/schemas/Error' };
  toComponent(errorBodySchema, 'output', components);
  for (const op of OPERATIONS) {
    const responses: Record<string, JsonObject> = {};
    for (const r of op.responses) {
      const content = r.schema
        ? { 'application/json': { schema: toComponent(r.schema.schema, 'output', components) } }
        : undefined;
      responses[String(r.status)] = { description: r.description, ...(content ? { content } : {}) };
    }
    for (const code of op.errors) {
      const status = String(API_ERROR_STATUS[code]);
      const existing = responses[status] as { description: string } | undefined;
      responses[status] = {
        description: existing ? `${existing.description}, ${code}` : code,
        content: { 'application/json': { schema: errorRef } },
      };
    }
    const operation: JsonObject = {
      operationId: op.operationId,
      summary: op.summary,
      tags: op.tags,
      ...(op.description ? { description: op.description } : {}),
      ...(op.parameters ? { parameters: op.parameters } : {}),
      ...(op.noAuth ? { security: [] } : {}),
      responses,
    };
    if (op.requestSchema) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: toComponent(op.requestSchema.schema, 'input', components) } },
      };
    }
    (paths[op.path] ??= {})[op.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rigforge job and asset service',
      version: '1.0.0',
      description:
        'Asynchronous jobs on 3D models (rig, generate_model), one polling endpoint, and a CC0 asset catalog. ' +
        'Errors are {"error":{"code","message","param"?}}. A job that fails after acceptance is a 200 job object ' +
        `with status failed and error.code one of: ${JOB_ERROR_CODES.join(', ')}; its credits are refunded.`,
    },
    servers: [{ url: options.serverUrl ?? '/' }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      schemas: components,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key, sk_...' } },
    },
  };
}
