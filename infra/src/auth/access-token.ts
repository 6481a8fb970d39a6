import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/**
 * The product's own short-lived access token (HS256), minted by the command-service after it has
 * verified a Firebase ID token, and checked by both services. It names the user, not the role:
 * roles are looked up on each request, so a demotion takes effect at once.
 */
export interface AccessClaims {
  email: string;
  uid: string;
  /** The identity provider vouched that the person owns the address (admin rights need it). */
  emailVerified?: boolean;
}

/** A verified token's claims, with what signing out needs: its id and expiry. */
export interface VerifiedAccess extends AccessClaims {
  jti: string;
  expiresAt: Date;
}

/** What verification asks about signed-out tokens (see revoked-tokens.ts). */
export interface RevocationCheck {
  has(jti: string): boolean;
}

const issuer = 'building';
const audience = 'building-api';

export async function signAccessToken(
  claims: AccessClaims,
  secret: string,
  ttlSeconds: number,
  now = new Date(),
): Promise<string> {
  return new SignJWT({ email: claims.email, email_verified: claims.emailVerified === true })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.uid)
    .setJti(randomUUID())
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + ttlSeconds)
    .sign(new TextEncoder().encode(secret));
}

/**
 * Tokens already verified, until they expire: a signed-in person sends the same token with every
 * request, and checking its HMAC again (WebCrypto, async) was the largest CPU cost of a command.
 * Only valid tokens are kept, the oldest dropped beyond `maxVerified`; the key holds the secret, so
 * a new secret verifies afresh. A signed-out token is refused even when it is kept here.
 */
const verified = new Map<string, VerifiedAccess>();
const maxVerified = 10_000;

/** The claims of a valid token, or null for a forged, expired, malformed or signed-out one. */
export async function verifyAccessToken(
  token: string,
  secret: string,
  revoked?: RevocationCheck,
): Promise<VerifiedAccess | null> {
  const key = `${secret}\0${token}`;
  let claims = verified.get(key) ?? null;
  if (claims && Date.now() >= claims.expiresAt.getTime()) {
    verified.delete(key);
    claims = null;
  }
  claims ??= await checkSignature(token, secret);
  if (!claims) return null;
  if (!verified.has(key)) {
    verified.set(key, claims);
    if (verified.size > maxVerified) verified.delete(verified.keys().next().value!);
  }
  return revoked?.has(claims.jti) ? null : claims;
}

async function checkSignature(token: string, secret: string): Promise<VerifiedAccess | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      issuer,
      audience,
      algorithms: ['HS256'],
    });
    if (typeof payload.email !== 'string' || !payload.sub || typeof payload.exp !== 'number') return null;
    // A token without an id could not be signed out: refused outright (we mint none such).
    if (typeof payload.jti !== 'string' || payload.jti.length === 0) return null;
    return {
      email: payload.email.toLowerCase(),
      uid: payload.sub,
      emailVerified: payload.email_verified === true,
      jti: payload.jti,
      expiresAt: new Date(payload.exp * 1000),
    };
  } catch {
    return null;
  }
}

/** The bearer token of an Authorization header, if any. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1]! : null;
}
