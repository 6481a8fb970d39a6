import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * A port free right now (for tests and the e2e stack, which must not use fixed ports), taken below
 * the range the OS hands out to outgoing connections: a port from that range (what `listen(0)`
 * gives) can be taken by any client socket of a parallel test between this check and the server's
 * bind, as the Auth emulator's once was ("port taken").
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const quiet = belowEphemeral();
  if (quiet) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = quiet.from + Math.floor(Math.random() * (quiet.to - quiet.from + 1));
      if (await isPortFree(port, host)) return port;
    }
  }
  return anyFreePort(host);
}

/** Ports from 10000 up to the OS's ephemeral range, where it says (Linux), else none. */
function belowEphemeral(): { from: number; to: number } | null {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 11_000 ? { from: 10_000, to: low - 1 } : null;
  } catch {
    return null;
  }
}

/** A port the OS says is free right now, from its ephemeral range. */
function anyFreePort(host: string): Promise<number> {
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
