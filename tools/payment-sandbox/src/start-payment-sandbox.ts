import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import {
  createPaymentSandbox,
  type PaymentSandbox,
  type PaymentSandboxOptions,
} from './create-payment-sandbox.ts';

export const defaultPaymentSandboxPort = 12111;

export interface StartPaymentSandboxOptions extends PaymentSandboxOptions {
  /** 0 picks a free port (tests). */
  port?: number;
  host?: string;
}

export interface RunningPaymentSandbox {
  /** e.g. `http://127.0.0.1:12111`: the Stripe API host for the SDK, and `${url}/js/v3` for the browser. */
  url: string;
  port: number;
  sandbox: PaymentSandbox;
  stop(): Promise<void>;
}

export async function startPaymentSandbox(
  options: StartPaymentSandboxOptions = {},
): Promise<RunningPaymentSandbox> {
  const { port = defaultPaymentSandboxPort, host = '127.0.0.1', ...sandboxOptions } = options;
  const sandbox = createPaymentSandbox(sandboxOptions);
  const server = sandbox.app.listen(port, host);
  await once(server, 'listening');
  const bound = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${bound}`;
  return {
    url,
    port: bound,
    sandbox,
    async stop() {
      sandbox.close();
      const closed = new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      server.closeAllConnections();
      await closed;
    },
  };
}
