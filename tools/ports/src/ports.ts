import { createServer } from 'node:net';

/** A port the OS says is free right now (for tests and the e2e stack, which must not use fixed ports). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Whether nothing listens on `port` now. */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** Fails fast, naming every taken port and the variable that moves it, before anything starts. */
export async function assertPortsFree(
  ports: Array<{ name: string; port: number; envVar: string }>,
  host = '127.0.0.1',
) {
  const taken = [];
  for (const entry of ports) if (!(await isPortFree(entry.port, host))) taken.push(entry);
  if (taken.length > 0) {
    const list = taken.map((t) => `${t.port} (${t.name}; set ${t.envVar} to use another)`).join(', ');
    throw new Error(`port${taken.length > 1 ? 's' : ''} already in use: ${list}`);
  }
}
