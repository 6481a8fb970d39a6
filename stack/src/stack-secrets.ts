import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A secret made once and kept in `file` (mode 600), so tokens and webhooks survive restarts. */
export function readOrCreateSecret(file: string, make: () => string): string {
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept) return kept;
  }
  const secret = make();
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export const makeJwtSecret = () => randomBytes(48).toString('base64url');
export const makeWebhookSecret = () => `whsec_${randomBytes(24).toString('hex')}`;

/**
 * The stack's JWT and webhook secrets, in `<dataDir>/secrets` (mode 700; files 600): a folder no
 * server serves files from (the UI server serves only its build; the dev server denies `.data`).
 * Secrets an older version kept directly in the data dir are moved in, so tokens stay valid.
 */
export function stackSecrets(dataDir: string): { jwt: string; webhook: string } {
  const dir = join(dataDir, 'secrets');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  for (const name of ['jwt-secret', 'webhook-secret']) {
    const old = join(dataDir, name);
    if (existsSync(old) && !existsSync(join(dir, name))) renameSync(old, join(dir, name));
  }
  return {
    jwt: readOrCreateSecret(join(dir, 'jwt-secret'), makeJwtSecret),
    webhook: readOrCreateSecret(join(dir, 'webhook-secret'), makeWebhookSecret),
  };
}
