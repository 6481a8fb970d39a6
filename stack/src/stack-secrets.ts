import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

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
