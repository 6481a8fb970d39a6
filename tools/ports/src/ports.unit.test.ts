import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, isPortFree } from './ports.ts';

const rangeFile = '/proc/sys/net/ipv4/ip_local_port_range';

describe('freePort', () => {
  it('gives a port nothing listens on, that a server can then take', async () => {
    const port = await freePort();
    expect(await isPortFree(port)).toBe(true);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    expect(await isPortFree(port)).toBe(false);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it.skipIf(!existsSync(rangeFile))(
    "takes its ports below the OS's range for outgoing connections, which any client socket may take",
    async () => {
      const low = Number(readFileSync(rangeFile, 'utf8').trim().split(/\s+/)[0]);
      const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
      for (const port of ports) expect(port).toBeLessThan(low);
    },
  );
});
