import { request } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { e2eStack } from './support/stack-env.ts';

/**
 * No server of the started product hands out a secret file, by any path form: the dev server's
 * `/@fs/...?raw` (how the JWT secret once leaked), relative and encoded climbs, the data dir's
 * own layout, and the older place the secrets were kept.
 */
describe('the secrets, asked of every server', () => {
  const stack = e2eStack();
  const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
  const servers = {
    ui: stack.uiUrl,
    'command-service': stack.commandUrl,
    'query-service': stack.queryUrl,
    'payment sandbox': stack.sandboxUrl,
    'auth emulator': `http://${stack.authHost}`,
  };
  const secretFiles = ['jwt-secret', 'webhook-secret'].map((name) => join(stack.dataDir, 'secrets', name));

  function pathForms(file: string): string[] {
    const fromRoot = relative(repoRoot, file);
    const name = file.split('/').at(-1)!;
    return [
      `/@fs${file}?raw`,
      `/@fs${file}`,
      `/@fs${file}?import&raw`,
      `/${fromRoot}`,
      `/${fromRoot}?raw`,
      `/../../../../../..${file}`,
      `/..%2f..%2f..%2f..%2f..%2f..${encodeURIComponent(file)}`,
      `/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e${file}`,
      `//${file}`,
      `/.data/secrets/${name}`,
      `/.data/${name}`,
      `/secrets/${name}`,
      `/${name}`,
      `/@fs/${stack.dataDir}/${name}?raw`,
    ];
  }

  it('are where no server serves files from, readable by their owner only', () => {
    const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
    expect(mode(join(stack.dataDir, 'secrets')), 'the secrets folder').toBe('700');
    for (const file of secretFiles) {
      expect(mode(file), file).toBe('600');
      expect(readFileSync(file, 'utf8').trim().length).toBeGreaterThan(20);
    }
  });

  for (const [server, url] of Object.entries(servers)) {
    it(`${server} never answers with a secret`, async () => {
      const secrets = secretFiles.map((file) => readFileSync(file, 'utf8').trim());
      for (const file of secretFiles) {
        for (const path of pathForms(file)) {
          const body = await rawGet(url, path);
          for (const secret of secrets) expect(body, `${server} ${path}`).not.toContain(secret);
        }
      }
    });
  }
});

/** GET with the path sent exactly as written (fetch would resolve `..` before sending). */
function rawGet(base: string, path: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'GET' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
    req.once('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`${base}${path} timed out`)));
    req.end();
  });
}
