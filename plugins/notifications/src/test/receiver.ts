import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP receiver on loopback: records every request and answers with the next status of
 * `statuses` (the last one repeats).
 */
export class Receiver {
  readonly received: Received[] = [];
  private server: Server | null = null;
  statuses: number[];

  constructor(statuses: number[] = [200]) {
    this.statuses = [...statuses];
  }

  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        this.received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
        const status = this.statuses.length > 1 ? this.statuses.shift()! : (this.statuses[0] ?? 200);
        res.writeHead(status, { 'content-type': 'text/plain' }).end(String(status));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  get port(): number {
    return (this.server!.address() as AddressInfo).port;
  }

  async waitFor(count: number, timeoutMs = 15_000): Promise<Received[]> {
    const until = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > until) throw new Error(`expected ${count} request(s), got ${this.received.length}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    return this.received;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
