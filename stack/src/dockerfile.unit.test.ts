import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

describe('the image of the distributed mode', () => {
  it("copies every workspace's package.json before npm ci, so the install knows each of them", () => {
    const workspaces = (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
    const dockerfile = read('Dockerfile');
    const install = dockerfile.indexOf('RUN npm ci');
    expect(install).toBeGreaterThan(0);
    const copied = [...dockerfile.slice(0, install).matchAll(/^COPY (\S+)\/package\.json /gm)].map(
      (m) => m[1],
    );
    expect(copied.sort()).toEqual([...workspaces].sort());
  });
});
