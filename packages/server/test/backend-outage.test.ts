import { classifyBackendOutage } from '../src/backend-outage';

const withFields = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

test.each([
  // node-postgres
  ['pg: server shut down (57P01)', withFields('terminating connection due to administrator command', { code: '57P01' }), 'postgres'],
  ['pg: starting up (57P03)', withFields('the database system is starting up', { code: '57P03' }), 'postgres'],
  ['pg: connection failure (08006)', withFields('connection failure', { code: '08006' }), 'postgres'],
  ['pg: statement_timeout (57014)', withFields('canceling statement due to statement timeout', { code: '57014' }), 'postgres'],
  ['pg: connection dropped', new Error('Connection terminated unexpectedly'), 'postgres'],
  ['pg-pool: no connection in time', new Error('timeout exceeded when trying to connect'), 'postgres'],
  ['pg: no reply in time', new Error('Query read timeout'), 'postgres'],
  // Prisma, engine codes and the driver adapter's wrapped error
  ['prisma: P1001', withFields("Can't reach database server", { code: 'P1001' }), 'postgres'],
  ['prisma: P1017', withFields('Server has closed the connection.', { code: 'P1017' }), 'postgres'],
  ['prisma: P2024', withFields('Timed out fetching a new connection from the connection pool', { code: 'P2024' }), 'postgres'],
  [
    'prisma: P2010 wrapping DatabaseNotReachable',
    withFields('Raw query failed.', { code: 'P2010', meta: { driverAdapterError: withFields('DatabaseNotReachable', { cause: { kind: 'DatabaseNotReachable' } }) } }),
    'postgres',
  ],
  [
    'prisma: P2010 wrapping a 57P01',
    withFields('Raw query failed.', { code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'postgres', code: '57P01' } } } }),
    'postgres',
  ],
  // ioredis and BullMQ
  ['ioredis: closed', new Error('Connection is closed.'), 'redis'],
  ['ioredis: offline', new Error("Stream isn't writeable and enableOfflineQueue options is false"), 'redis'],
  ['ioredis: command timeout', new Error('Command timed out'), 'redis'],
  ['ioredis: retries spent', withFields('Reached the max retries per request limit (which is 1).', { name: 'MaxRetriesPerRequestError' }), 'redis'],
  ['redis: loading', new Error('LOADING Redis is loading the dataset in memory'), 'redis'],
  // bare sockets, also as a cause
  ['socket: refused', withFields('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' }), 'network'],
  ['socket: reset as a cause', new Error('request failed', { cause: withFields('read ECONNRESET', { code: 'ECONNRESET' }) }), 'network'],
])('%s', (_label, error, backend) => {
  expect(classifyBackendOutage(error)).toBe(backend);
});

test.each([
  ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ['a unique violation (P2002)', withFields('Unique constraint failed', { code: 'P2002' })],
  ['a pg syntax error', withFields('syntax error at or near "SELEC"', { code: '42601' })],
  ['a P2010 wrapping a constraint error', withFields('Raw query failed.', { code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'UniqueConstraintViolation' } } } })],
  ['a redis WRONGTYPE reply', new Error('WRONGTYPE Operation against a key holding the wrong kind of value')],
  ['not an error', 'string'],
  ['null', null],
])('%s is not an outage', (_label, error) => {
  expect(classifyBackendOutage(error)).toBeNull();
});

test('a cyclic cause chain terminates', () => {
  const a: Error & { cause?: unknown } = new Error('a');
  a.cause = a;
  expect(classifyBackendOutage(a)).toBeNull();
});
