/**
 * A TCP proxy a test controls, in front of the shared Postgres or Redis, so a test can simulate an
 * outage of its own without touching the shared servers other test runs use:
 *  - `refuse`: drop every open connection and stop listening (new connects get ECONNREFUSED);
 *  - `blackhole`: stop forwarding on open connections and accept new ones without ever answering
 *    (a partition or a frozen host: nothing is refused or reset, replies just never come);
 *  - `restore`: listen and forward again on the same port.
 */
import net from 'node:net';

export type ProxyMode = 'forward' | 'refuse' | 'blackhole';

export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  private mode: ProxyMode = 'forward';
  port = 0;

  constructor(
    readonly targetHost: string,
    readonly targetPort: number,
  ) {}

  /** Starts listening on a free port (or the port used before, after `refuse`). */
  async start(): Promise<number> {
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (address && typeof address === 'object') this.port = address.port;
    this.server = server;
    return this.port;
  }

  /** Rewrites a URL's host and port to this proxy's. */
  url(target: string): string {
    const url = new URL(target);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  async set(mode: ProxyMode): Promise<void> {
    this.mode = mode;
    if (mode === 'blackhole') {
      for (const [client, upstream] of this.pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
      if (!this.server) await this.start();
      return;
    }
    this.dropAll();
    if (mode === 'refuse') {
      await this.stopListening();
    } else if (!this.server) {
      await this.start();
    }
  }

  async close(): Promise<void> {
    this.dropAll();
    await this.stopListening();
  }

  private accept(client: net.Socket): void {
    this.sockets.add(client);
    client.on('close', () => this.sockets.delete(client));
    client.on('error', () => undefined);
    if (this.mode !== 'forward') return; // blackhole: hold the connection, never answer
    const upstream = net.connect(this.targetPort, this.targetHost);
    this.sockets.add(upstream);
    upstream.on('close', () => {
      this.sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    const pair: [net.Socket, net.Socket] = [client, upstream];
    this.pairs.add(pair);
    client.on('close', () => {
      upstream.destroy();
      this.pairs.delete(pair);
    });
    client.pipe(upstream);
    upstream.pipe(client);
  }

  private dropAll(): void {
    // resetAndDestroy sends RST, as a crashed server or a broken network would.
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
    this.pairs.clear();
  }

  private async stopListening(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
