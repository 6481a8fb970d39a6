import type { JWTPayload } from 'jose';

/** The person a Firebase ID token vouches for. */
export interface VerifiedIdentity {
  uid: string;
  email: string;
  /** Google accounts are; email/password ones once the person opened the verification link. */
  emailVerified: boolean;
  name?: string;
  picture?: string;
}

/** Verifies a Firebase ID token (Google's signed ones, or the emulator's); injected into the app. */
export interface IdentityVerifier {
  verify(idToken: string): Promise<VerifiedIdentity>;
}

/** An ID token we must not trust; POST /jwt answers 401. */
export class InvalidIdToken extends Error {
  constructor(reason: string) {
    super(`invalid ID token: ${reason}`);
    this.name = 'InvalidIdToken';
  }
}

/** The identity provider could not be asked (network, JWKS fetch): not the client's fault. */
export class IdentityProviderUnavailable extends Error {
  constructor(cause: unknown) {
    super('the identity provider cannot be reached', { cause });
    this.name = 'IdentityProviderUnavailable';
  }
}

/** Clocks drift a little between Google and us. */
const skewSeconds = 30;

/**
 * The claim checks Firebase documents beyond signature, audience and issuer: issued and
 * authenticated in the past, not expired, a non-empty subject; we also need an email.
 */
export function identityFromClaims(payload: JWTPayload, now: Date): VerifiedIdentity {
  const seconds = Math.floor(now.getTime() / 1000);
  const authTime = payload.auth_time;
  if (typeof payload.exp !== 'number' || payload.exp <= seconds - skewSeconds)
    throw new InvalidIdToken('expired');
  if (typeof payload.iat !== 'number' || payload.iat > seconds + skewSeconds)
    throw new InvalidIdToken('issued in the future');
  if (typeof authTime !== 'number' || authTime > seconds + skewSeconds)
    throw new InvalidIdToken('authenticated in the future');
  if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 128)
    throw new InvalidIdToken('no subject');
  if (typeof payload.email !== 'string' || !payload.email.includes('@')) throw new InvalidIdToken('no email');
  return {
    uid: payload.sub,
    email: payload.email.trim().toLowerCase(),
    emailVerified: payload.email_verified === true,
    ...(typeof payload.name === 'string' ? { name: payload.name } : {}),
    ...(typeof payload.picture === 'string' ? { picture: payload.picture } : {}),
  };
}

export const firebaseIssuer = (projectId: string) => `https://securetoken.google.com/${projectId}`;
