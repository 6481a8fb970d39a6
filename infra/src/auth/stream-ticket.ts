import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { RevocationCheck, VerifiedAccess } from './access-token.ts';

/**
 * A live-update stream ticket: EventSource cannot send headers, and an access token in an address
 * ends up in proxies' and servers' access logs. So the UI trades its token (sent as a header) for a
 * ticket that opens one stream, once, within `streamTicketTtlSeconds`, and is good for nothing else
 * (its own audience). It names the access token it was bought with: the stream it opens ends when
 * that token expires or is signed out.
 */
export interface StreamTicket {
  email: string;
  /** The access token's id and expiry. */
  accessJti: string;
  accessExpiresAt: Date;
}

export const streamTicketTtlSeconds = 30;

const issuer = 'building';
const audience = 'building-stream';

export interface StreamTickets {
  issue(access: VerifiedAccess): Promise<string>;
  /** The ticket's grant, once; null for a forged, expired, used or signed-out one. */
  redeem(ticket: string): Promise<StreamTicket | null>;
}

/**
 * Tickets signed with the access tokens' secret. "Once" holds per instance (the used ids are kept
 * in memory until they expire); across instances behind a balancer a ticket could open one stream
 * on each within its 30 s, for the same person.
 */
export function streamTickets(secret: string, revoked?: RevocationCheck): StreamTickets {
  const key = new TextEncoder().encode(secret);
  const used = new Map<string, number>(); // ticket id -> expiry (ms)
  const forgetExpired = (now: number) => {
    for (const [id, expiresAt] of used) if (expiresAt <= now) used.delete(id);
  };
  return {
    async issue(access) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ email: access.email, tok: access.jti, tokExp: access.expiresAt.getTime() })
        .setProtectedHeader({ alg: 'HS256' })
        .setJti(randomUUID())
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(now)
        .setExpirationTime(
          Math.min(now + streamTicketTtlSeconds, Math.floor(access.expiresAt.getTime() / 1000)),
        )
        .sign(key);
    },
    async redeem(ticket) {
      let payload;
      try {
        ({ payload } = await jwtVerify(ticket, key, { issuer, audience, algorithms: ['HS256'] }));
      } catch {
        return null;
      }
      const { jti, exp, email, tok, tokExp } = payload;
      if (!jti || typeof exp !== 'number' || typeof email !== 'string') return null;
      if (typeof tok !== 'string' || !tok || typeof tokExp !== 'number') return null;
      forgetExpired(Date.now());
      if (used.has(jti) || revoked?.has(tok)) return null;
      used.set(jti, exp * 1000);
      return { email, accessJti: tok, accessExpiresAt: new Date(tokExp) };
    },
  };
}
