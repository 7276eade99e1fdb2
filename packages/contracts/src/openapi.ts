/**
 * The OpenAPI 3.1 document, built from the same zod schemas that validate requests and shape
 * responses, so the description cannot drift from the behaviour. 3.1 uses JSON Schema 2020-12,
 * which is what zod emits natively.
 */
import { z } from 'zod';
import { API_ERROR_STATUS, errorBodySchema, JOB_ERROR_CODES } from './errors';
import { JOB_LIST_DEFAULT_LIMIT, JOB_LIST_MAX_LIMIT, jobListSchema, jobSchema, JOB_OPERATIONS, JOB_STATUSES, type JobOperation } from './job';
import { createModelRequestSchema, createModelResponseSchema } from './model';
import { checkRigRequestSchema, checkRigResponseSchema, createRigRequestSchema, createRigResponseSchema } from './rig';
import { webhookAttemptListSchema, webhookPayloadSchema, WEBHOOK_EVENTS } from './webhook';
import { OPERATION_ENGINES, type OperationEngine } from './operations';

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
  /** A valid request body, shown as the sample (checked against `requestSchema` when registered). */
  requestExample?: Record<string, unknown>;
  /**
   * The call in `@rigforge/client` that makes this request, for the JavaScript sample: `BODY`
   * stands for `requestExample`, `ID` for a job id. The curl sample is built from the rest.
   */
  clientCall?: string;
  /** Query parameters shown in the samples. */
  exampleQuery?: Record<string, string>;
  responses: {
    status: number;
    description: string;
    schema?: { name: string; schema: z.ZodType };
    /** Default application/json. */
    contentType?: string;
    headers?: Record<string, JsonObject>;
  }[];
  errors: (keyof typeof API_ERROR_STATUS)[];
  noAuth?: boolean;
}

const OPERATIONS: OpenApiOperation[] = [];

export function registerOpenApiOperation(operation: OpenApiOperation): void {
  // A sample that is not a valid request would teach the wrong thing: refuse it at load.
  if (operation.requestExample && operation.requestSchema) operation.requestSchema.schema.parse(operation.requestExample);
  OPERATIONS.push(operation);
}

/** The id the samples use wherever a path takes a job id. */
export const EXAMPLE_JOB_ID = '6f1c1f5e-2f4b-4b8e-9a51-0d7a4b1f2c3d';

/** Redoc's `x-codeSamples`: curl and JavaScript for an operation, from its own request example. */
function codeSamples(op: OpenApiOperation): JsonObject[] {
  const path = op.path.replace('{id}', EXAMPLE_JOB_ID);
  const query = op.exampleQuery ? `?${new URLSearchParams(op.exampleQuery).toString()}` : '';
  const url = `http://localhost:3000${path}${query}`;
  const curl = [
    `curl -s${op.method === 'post' ? ' -X POST' : ''} "${url}"`,
    ...(op.noAuth ? [] : ['-H "Authorization: Bearer $RIGFORGE_API_KEY"']),
    ...(op.requestExample ? ['-H "Content-Type: application/json"', `-d '${JSON.stringify(op.requestExample)}'`] : []),
  ].join(' \\\n  ');
  const samples: JsonObject[] = [{ lang: 'Shell', label: 'curl', source: curl }];
  if (op.clientCall) {
    const call = op.clientCall.replace('BODY', JSON.stringify(op.requestExample ?? {}, null, 2).replace(/\n/g, '\n')).replace('ID', `'${EXAMPLE_JOB_ID}'`);
    samples.push({
      lang: 'JavaScript',
      label: '@rigforge/client',
      source:
        "import { RigforgeClient } from '@rigforge/client';\n\n" +
        "const client = new RigforgeClient({ baseUrl: 'http://localhost:3000', apiKey: process.env.RIGFORGE_API_KEY });\n" +
        `const result = await ${call};\n`,
    });
  }
  return samples;
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

/** A list's page parameters, `limit` (1..maxLimit) and `offset`, as the list's query schema bounds them. */
export function pageParameters(maxLimit: number, defaultLimit: number): JsonObject[] {
  return [
    { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: maxLimit, default: defaultLimit } },
    { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
  ];
}

/** What a request naming a job by id may be refused with. */
const JOB_BY_ID_ERRORS: OpenApiOperation['errors'] = ['invalid_request', 'unauthorized', 'not_found', 'rate_limited'];

const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the same key (per account, kept 24 h) with the same body answers the original job again ' +
    '(Idempotent-Replayed: true) and creates and charges nothing; another body is 422 idempotency_key_reused; ' +
    'while the first request runs, 409 idempotency_key_in_use. A request that created no job keeps no key.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};
const preferWaitParameter = {
  name: 'Prefer',
  in: 'header',
  required: false,
  description: 'wait=N (0-60): hold the answer until the job is terminal or N seconds pass; answered with Preference-Applied: wait=N.',
  schema: { type: 'string', example: 'wait=30' },
};
const waitHeaders = {
  'Preference-Applied': { description: 'wait=N when a Prefer: wait was honoured', schema: { type: 'string' } },
};
const submissionHeaders = {
  ...waitHeaders,
  'Idempotent-Replayed': { description: 'true when this is the stored answer of an earlier request with the same Idempotency-Key', schema: { type: 'string' } },
};

registerOpenApiOperation({
  method: 'post',
  path: '/v1/rigs',
  operationId: 'createRig',
  tags: ['rigs'],
  summary: 'Create a rig job',
  description:
    'Exactly one of model_url, model_base64, from_job. The input is captured and checked at submission; ' +
    'credits (the rig plus one retarget per clip) are reserved at acceptance and refunded if the job fails. ' +
    'Send an Idempotency-Key header to make a retry safe (the same key answers the first job and charges nothing twice).',
  parameters: [idempotencyKeyParameter, preferWaitParameter],
  requestSchema: { name: 'CreateRigRequest', schema: createRigRequestSchema },
  requestExample: { model_url: 'https://example.com/models/knight.glb', rig_type: 'biped', output_format: 'glb', skeleton_preset: 'mixamo' },
  clientCall: 'client.createRig(BODY)',
  responses: [{ status: 202, description: 'Accepted; poll poll_url', schema: { name: 'CreateRigResponse', schema: createRigResponseSchema }, headers: submissionHeaders }],
  errors: ['invalid_request', 'unsupported_format', 'unauthorized', 'subscription_required', 'insufficient_credits', 'plan_required', 'idempotency_key_in_use', 'payload_too_large', 'idempotency_key_reused', 'rate_limited', 'backend_unavailable'],
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
  requestExample: { model_url: 'https://example.com/models/knight.glb' },
  clientCall: 'client.checkRig(BODY)',
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
    'with GET /v1/jobs/{id}. Its output model can be rigged with POST /v1/rigs {"from_job": id}. Send an ' +
    'Idempotency-Key header to make a retry safe.',
  parameters: [idempotencyKeyParameter, preferWaitParameter],
  requestSchema: { name: 'CreateModelRequest', schema: createModelRequestSchema },
  requestExample: { image_url: 'https://example.com/images/hero.png', thickness: 0.6, height: 1.8 },
  clientCall: 'client.createModel(BODY)',
  responses: [{ status: 202, description: 'Accepted; poll poll_url', schema: { name: 'CreateModelResponse', schema: createModelResponseSchema }, headers: submissionHeaders }],
  errors: ['invalid_request', 'unsupported_format', 'unauthorized', 'subscription_required', 'insufficient_credits', 'idempotency_key_in_use', 'payload_too_large', 'idempotency_key_reused', 'rate_limited', 'backend_unavailable'],
});
/** GET /v1/jobs/{id}, also served as GET /v1/rigs/{id}: the same read under two paths. */
const readJob = {
  method: 'get',
  clientCall: 'client.getJob(ID)',
  parameters: [idParameter, preferWaitParameter],
  responses: [{ status: 200, description: 'The job', schema: { name: 'Job', schema: jobSchema }, headers: waitHeaders }],
  errors: JOB_BY_ID_ERRORS,
} satisfies Partial<OpenApiOperation>;
registerOpenApiOperation({
  ...readJob,
  path: '/v1/rigs/{id}',
  operationId: 'getRig',
  tags: ['rigs'],
  summary: 'Retrieve a rig job (alias of GET /v1/jobs/{id})',
});
registerOpenApiOperation({
  ...readJob,
  path: '/v1/jobs/{id}',
  operationId: 'getJob',
  tags: ['jobs'],
  summary: 'Retrieve a job of any operation and status',
});
registerOpenApiOperation({
  method: 'post',
  path: '/v1/jobs/{id}/cancel',
  operationId: 'cancelJob',
  clientCall: 'client.cancelJob(ID)',
  tags: ['jobs'],
  summary: 'Cancel a queued or processing job',
  description:
    'The job becomes failed with error.code canceled at once and its credits are refunded; a running engine is stopped. ' +
    'A succeeded or failed job is 409 job_not_cancelable.',
  parameters: [idParameter],
  responses: [{ status: 200, description: 'The canceled job', schema: { name: 'Job', schema: jobSchema } }],
  errors: ['invalid_request', 'unauthorized', 'not_found', 'job_not_cancelable', 'rate_limited'],
});
registerOpenApiOperation({
  method: 'get',
  path: '/v1/jobs/{id}/events',
  operationId: 'streamJobEvents',
  clientCall: 'Array.fromAsync(client.events(ID))',
  tags: ['jobs'],
  summary: 'Server-sent events of a job: the job now, then one event per status change; ends after the terminal one',
  description: 'Each event is `data: <job object JSON>`. A `: keep-alive` comment comes every 15 s.',
  parameters: [idParameter],
  responses: [{ status: 200, description: 'text/event-stream of job objects', schema: { name: 'Job', schema: jobSchema }, contentType: 'text/event-stream' }],
  errors: JOB_BY_ID_ERRORS,
});
registerOpenApiOperation({
  method: 'get',
  path: '/v1/jobs/{id}/webhooks',
  operationId: 'listJobWebhookAttempts',
  clientCall: 'client.listJobWebhookAttempts(ID)',
  tags: ['jobs'],
  summary: "The job's webhook delivery attempts, oldest first",
  description:
    `Webhooks (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature v1 HMAC-SHA256 with the account's whsec_ secret) ` +
    `carry a WebhookPayload; events: ${WEBHOOK_EVENTS.join(', ')}. Failed deliveries are retried with exponential backoff for over 24 h.`,
  parameters: [idParameter],
  responses: [{ status: 200, description: 'The attempts', schema: { name: 'WebhookAttemptList', schema: webhookAttemptListSchema } }],
  errors: JOB_BY_ID_ERRORS,
});
registerOpenApiOperation({
  method: 'get',
  path: '/v1/jobs',
  operationId: 'listJobs',
  clientCall: "client.listJobs({ operation: 'rig', status: 'succeeded', limit: 20 })",
  exampleQuery: { operation: 'rig', status: 'succeeded', limit: '20' },
  tags: ['jobs'],
  summary: 'List your jobs, newest first',
  parameters: [
    { name: 'operation', in: 'query', schema: { type: 'string', enum: [...JOB_OPERATIONS] } },
    { name: 'status', in: 'query', schema: { type: 'string', enum: [...JOB_STATUSES] } },
    ...pageParameters(JOB_LIST_MAX_LIMIT, JOB_LIST_DEFAULT_LIMIT),
  ],
  responses: [{ status: 200, description: 'A page of jobs', schema: { name: 'JobList', schema: jobListSchema } }],
  errors: ['invalid_request', 'unauthorized', 'rate_limited'],
});

/** The submission of each operation, by operationId, that its engines are described on. */
const SUBMISSIONS = { rig: 'createRig', generate_model: 'createModel' } as const satisfies Record<JobOperation, string>;

/** One line per engine of an operation, from its row of the operations table. */
function engineLines(table: readonly OperationEngine[], operation: JobOperation): string {
  return table
    .filter((row) => row.operation === operation)
    .map(
      (row, i) =>
        `${row.engine}${i === 0 ? ' (default)' : ''}: ${row.summary}; ${row.price.default} credits by default (${row.price.env})` +
        `${row.plan === 'pro' ? '; needs a plan with pro engines' : ''}${row.clips ? '; takes animation clips' : ''}`,
    )
    .join('. ');
}

/**
 * Writes the engines of the operations table into the document: the `engine` request field's
 * values (where the request has one) and a line per engine on the operation's submission.
 */
function describeEngines(table: readonly OperationEngine[], paths: Record<string, Record<string, JsonObject>>, components: JsonObject): void {
  for (const operation of JOB_OPERATIONS) {
    const lines = engineLines(table, operation);
    for (const methods of Object.values(paths)) {
      for (const entry of Object.values(methods)) {
        if (entry.operationId !== SUBMISSIONS[operation]) continue;
        entry.description = `${typeof entry.description === 'string' ? `${entry.description} ` : ''}Engines: ${lines}.`;
        const ref = (((entry.requestBody as JsonObject | undefined)?.content as JsonObject | undefined)?.['application/json'] as JsonObject | undefined)?.schema as JsonObject | undefined;
        const name = typeof ref?.$ref === 'string' ? ref.$ref.replace('#/components/schemas/', '') : undefined;
        const engineField = ((name ? components[name] : undefined) as { properties?: Record<string, JsonObject> } | undefined)?.properties?.engine;
        if (engineField) {
          engineField.enum = table.filter((row) => row.operation === operation).map((row) => row.engine);
          engineField.description = lines;
        }
      }
    }
  }
}

/** Standard Webhooks' headers, as every delivery carries them. */
const WEBHOOK_HEADERS = [
  { name: 'webhook-id', in: 'header', required: true, description: 'The delivery id, the same on every retry of one delivery (deduplicate on it)', schema: { type: 'string' } },
  { name: 'webhook-timestamp', in: 'header', required: true, description: 'Unix seconds of this attempt; refuse one far from now (replay)', schema: { type: 'string' } },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      "`v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}` under the account's `whsec_` secret " +
      '(space-separated when several); verify with any Standard Webhooks library or verifyWebhook in @rigforge/client',
    schema: { type: 'string' },
  },
];

/** OpenAPI 3.1 `webhooks`: what the service POSTs to a job's webhook_url, one entry per event. */
function webhookEntries(): JsonObject {
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((event) => [
      event,
      {
        post: {
          tags: ['webhooks'],
          // Sent by the service to the receiver: no API key (the signature proves the sender).
          security: [],
          summary: `${event}: the job, when it ${event === 'job.processing' ? 'starts processing (only when asked for in webhook_events)' : event === 'job.succeeded' ? 'succeeds' : 'fails'}`,
          description: 'Any 2xx acknowledges it; anything else is retried with exponential backoff (5 s doubling, capped at 6 h, 17 attempts).',
          parameters: WEBHOOK_HEADERS,
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookPayload' } } } },
          responses: { '2XX': { description: 'Delivered' } },
        },
      },
    ]),
  );
}

/** `engines` is the operations table (a test passes one with an extra row). */
export function buildOpenApiDocument(options: { serverUrl?: string; engines?: readonly OperationEngine[] } = {}): JsonObject {
  const components: JsonObject = {};
  const paths: Record<string, Record<string, JsonObject>> = {};
  const errorRef = { $ref: '#/components/schemas/Error' };
  toComponent(errorBodySchema, 'output', components);
  // Not an answer of any path (it is what the service sends to webhook receivers), listed so clients can type it.
  toComponent(webhookPayloadSchema, 'output', components);
  for (const op of OPERATIONS) {
    const responses: Record<string, JsonObject> = {};
    for (const r of op.responses) {
      const content = r.schema
        ? { [r.contentType ?? 'application/json']: { schema: toComponent(r.schema.schema, 'output', components) } }
        : undefined;
      responses[String(r.status)] = { description: r.description, ...(content ? { content } : {}), ...(r.headers ? { headers: r.headers } : {}) };
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
      'x-codeSamples': codeSamples(op),
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
        content: {
          'application/json': {
            schema: toComponent(op.requestSchema.schema, 'input', components),
            ...(op.requestExample ? { example: op.requestExample } : {}),
          },
        },
      };
    }
    (paths[op.path] ??= {})[op.method] = operation;
  }
  describeEngines(options.engines ?? OPERATION_ENGINES, paths, components);
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
    // The order Redoc shows them in: the operations a client calls, then what the service sends.
    tags: ['rigs', 'uploads', 'models', 'jobs', 'assets', 'account', 'webhooks'].map((name) => ({ name })),
    paths,
    webhooks: webhookEntries(),
    components: {
      schemas: components,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'API key, sk_...' } },
    },
  };
}
