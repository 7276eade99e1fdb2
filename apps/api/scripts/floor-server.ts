/**
 * The latency floor of bench-api.ts's half peak (issue 25, twentieth wave): a server that does no
 * work at all, run like the others (its own process and session, started through tsx), driven by the
 * same open-loop generator at the API's half-peak rate in the same rotated rounds. It reads each
 * request's body and answers at once, without Postgres, Redis or a file, so its p99 is what the
 * machine alone adds to any server's at that moment: the scheduler's wait for a core, loopback and
 * the generator. When its worst round is over the bar, that round could not have met it with any
 * server code; the bench's verdict does not change for it (the bar holds for the API as measured).
 * Not part of the service; never deploy it.
 *
 * Env: PORT.
 */
import { createServer } from 'node:http';

const PORT = Number(process.env.PORT ?? 3200);
// About the size of the API's 202 (an id, a status, a few links): the answer's bytes are not the point.
const ANSWER = JSON.stringify({ id: '00000000-0000-4000-8000-000000000000', object: 'job', status: 'queued', floor: true });

const server = createServer((req, res) => {
  // The whole body is read first, as every real server reads it before it answers.
  req.on('data', () => undefined);
  req.on('end', () => {
    res.writeHead(req.method === 'POST' ? 202 : 200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(ANSWER) });
    res.end(ANSWER);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(PORT, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
