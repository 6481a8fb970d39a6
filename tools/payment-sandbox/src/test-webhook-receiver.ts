import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  rawBody: string;
  signature: string | undefined;
}

/** A webhook endpoint for tests: keeps each raw body and signature; `failFirst` answers 500 that many times. */
export async function startWebhookReceiver(options: { failFirst?: number } = {}) {
  const received: ReceivedWebhook[] = [];
  let failuresLeft = options.failFirst ?? 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        rawBody: Buffer.concat(chunks).toString('utf8'),
        signature: req.headers['stripe-signature'] as string | undefined,
      });
      res.statusCode = failuresLeft-- > 0 ? 500 : 200;
      res.end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    received,
    /** Resolves once `count` deliveries have arrived (the test's own timeout bounds the wait). */
    async waitFor(count: number): Promise<ReceivedWebhook[]> {
      while (received.length < count) await new Promise((resolve) => setTimeout(resolve, 10));
      return received.slice(0, count);
    },
    async stop(): Promise<void> {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
