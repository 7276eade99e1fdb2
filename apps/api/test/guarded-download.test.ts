/**
 * Download failures say what happened: a refused redirect names the target and the reason, a
 * deadline names the limit (even when the server had answered 200), a size cap names the limit.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAddressPolicy } from '@rigforge/outbound';
import { DownloadError, guardedDownload } from '../src/fetch/guarded-download';

let server: http.Server;
let base: string;
const open = new Set<http.ServerResponse>();
/** Bytes `/endless` managed to send before the reader hung up. */
const endless = { sent: 0 };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const port = (server.address() as AddressInfo).port;
    const redirect = (location: string) => res.writeHead(302, { location }).end();
    if (req.url === '/gopher') return redirect('gopher://example.com/1');
    if (req.url === '/file') return redirect('file:///etc/passwd');
    if (req.url === '/private') return redirect(`http://127.0.0.1:${port}/ok`);
    if (req.url === '/loop') return redirect('/loop');
    if (req.url === '/missing') return res.writeHead(404).end();
    if (req.url === '/declared-big') return res.writeHead(200, { 'content-length': '999999' }).end();
    if (req.url === '/big') {
      res.writeHead(200);
      return res.end(Buffer.alloc(5000));
    }
    if (req.url === '/endless') {
      // No length, and no end: only the reader's cap stops it (a safety cap stops a reader without one).
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024);
      const pump = () => {
        while (!res.destroyed && endless.sent < 256 * 1024 * 1024) {
          endless.sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      return pump();
    }
    if (req.url === '/stall') {
      // Headers and a first chunk, then nothing: the body is cut by the deadline.
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.write(Buffer.alloc(100));
      open.add(res);
      return;
    }
    res.writeHead(200).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  base = `http://localhost:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of open) res.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const options = { policy: createAddressPolicy('localhost'), maxBytes: 1000, timeoutMs: 1500 };

async function failure(path: string): Promise<DownloadError> {
  const error: unknown = await guardedDownload(`${base}${path}`, options).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DownloadError);
  return error as DownloadError;
}

test.each([
  ['/gopher', 'blocked', /redirected to gopher:\/\/example\.com\/1: a gopher: URL; only http and https/],
  ['/file', 'blocked', /redirected to file:\/\/\/etc\/passwd: a file: URL; only http and https/],
  ['/private', 'blocked', /redirected to http:\/\/127\.0\.0\.1:\d+\/ok: address 127\.0\.0\.1, which is not public/],
  ['/loop', 'failed', /redirected more than the limit of 5 times/],
  ['/missing', 'failed', /answered HTTP 404/],
  ['/declared-big', 'too_large', /999999 bytes .*more than the limit of 1000/],
  ['/big', 'too_large', /larger than the limit of 1000 bytes/],
  ['/stall', 'failed', /did not finish within the limit of 1500 ms \(100 bytes received\)/],
])('%s: %s with a message that says why', async (path, kind, message) => {
  const error = await failure(path);
  expect(error.kind).toBe(kind);
  expect(error.message).toMatch(message);
  expect(error.message).not.toMatch(/HTTP 30\d|HTTP 200/);
});

test('a URL that is not http(s) is refused before any request', async () => {
  const error: unknown = await guardedDownload('gopher://example.com/', options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DownloadError);
  expect((error as DownloadError).message).toMatch(/the URL is a gopher: URL; only http and https/);
});

test('an endless body (no length) is cut at the size cap and the connection closed', async () => {
  const error = await failure('/endless');
  expect(error.kind).toBe('too_large');
  expect(error.message).toMatch(/larger than the limit of 1000 bytes \(download stopped there\)/);
  expect(endless.sent).toBeLessThan(16 * 1024 * 1024);
});
