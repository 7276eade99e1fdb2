/**
 * The operations table is the one place an engine is declared: a row added to it (here a test
 * engine) gets its queue, its price and estimate settings, and its OpenAPI entry with no other edit.
 */
import { z } from 'zod';
import { buildOpenApiDocument, OPERATION_ENGINES, queueNamesOf, type OperationEngine } from '@rigforge/contracts';
import { QUEUE_NAMES } from '@rigforge/queue';
import { operationEnvShape } from '../src/env';

const ULTRA: OperationEngine = {
  operation: 'rig',
  engine: 'ultra',
  queue: 'rig.ultra',
  price: { env: 'PRICE_RIG_ULTRA', default: 40 },
  estimate: { env: 'ESTIMATED_SECONDS_RIG_ULTRA', default: 9 },
  plan: 'pro',
  clips: false,
  summary: 'a test engine on very fine grids',
};
const table = [...OPERATION_ENGINES, ULTRA];

type Schema = { properties: Record<string, { enum?: string[]; description?: string }> };

describe('a new engine is one row of the operations table', () => {
  test('it gets its own queue', () => {
    expect(queueNamesOf(table)).toEqual([...QUEUE_NAMES, 'rig.ultra']);
  });

  test('its price and estimate are settings with the row as default', () => {
    const env = z.object(operationEnvShape(table));
    expect(env.parse({})).toMatchObject({ PRICE_RIG_ULTRA: 40, ESTIMATED_SECONDS_RIG_ULTRA: 9, PRICE_RIG_FAST: 10 });
    expect(env.parse({ PRICE_RIG_ULTRA: '55' })).toMatchObject({ PRICE_RIG_ULTRA: 55 });
  });

  test('the OpenAPI document offers it on POST /v1/rigs, with its price and plan', () => {
    const doc = buildOpenApiDocument({ engines: table }) as {
      components: { schemas: Record<string, Schema> };
      paths: Record<string, { post?: { description?: string } }>;
    };
    const engine = doc.components.schemas.CreateRigRequest!.properties.engine!;
    expect(engine.enum).toEqual(['fast', 'pro', 'ultra']);
    expect(engine.description).toContain('ultra: a test engine on very fine grids; 40 credits by default (PRICE_RIG_ULTRA); needs a plan with pro engines');
    expect(doc.paths['/v1/rigs']!.post!.description).toContain('ultra');
    // The other operation's submission does not list it.
    expect(doc.paths['/v1/models']!.post!.description).not.toContain('ultra');
  });

  test('the real table: the request schema, the queues and the document agree', () => {
    const doc = buildOpenApiDocument() as { components: { schemas: Record<string, Schema> } };
    expect(doc.components.schemas.CreateRigRequest!.properties.engine!.enum).toEqual(['fast', 'pro']);
    expect(QUEUE_NAMES).toEqual(['rig.fast', 'rig.pro', 'generate_model']);
  });
});
