/** Publishes the OpenAPI document built from the contracts, so the description cannot drift from the code. */
import type { IRouter } from 'express';
import { buildOpenApiDocument } from '@rigforge/contracts';

/** GET /v1/openapi.json: the API description, public, built once from the zod contracts. */
export function registerOpenApiGet(router: IRouter): void {
  let document: unknown;
  router.get('/v1/openapi.json', (_req, res) => {
    document ??= buildOpenApiDocument();
    res.json(document);
  });
}
