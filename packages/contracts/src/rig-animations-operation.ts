/** GET /v1/rigs/animations in the OpenAPI document (the schemas: rig-animations.ts). */
import { registerOpenApiOperation } from './openapi';
import { rigAnimationsListSchema } from './rig-animations';

registerOpenApiOperation({
  method: 'get',
  path: '/v1/rigs/animations',
  operationId: 'listRigAnimations',
  clientCall: 'client.listRigAnimations()',
  tags: ['rigs'],
  summary: 'The ready clips POST /v1/rigs can add, per rig_type (free)',
  description:
    'Names to pass in POST /v1/rigs animations: each clip is made for the fitted skeleton (gaits from its own leg ' +
    'lengths, planted feet kept still) and billed like one retarget. Uses no credits.',
  responses: [{ status: 200, description: 'The clips per rig_type', schema: { name: 'RigAnimations', schema: rigAnimationsListSchema } }],
  errors: ['invalid_request', 'unauthorized', 'rate_limited'],
});
