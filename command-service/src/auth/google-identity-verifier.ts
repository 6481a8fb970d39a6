import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import {
  firebaseIssuer,
  identityFromClaims,
  IdentityProviderUnavailable,
  InvalidIdToken,
  type IdentityVerifier,
} from './identity-verifier.ts';

export const googleSecureTokenJwks =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

export interface GoogleVerifierOptions {
  projectId: string;
  /** Google's published keys by default; tests pass a local JWKS (createLocalJWKSet). */
  keys?: JWTVerifyGetKey;
  clock?: () => Date;
}

/** Production: Firebase ID tokens signed by Google (RS256), for our project only. */
export function createGoogleIdentityVerifier(options: GoogleVerifierOptions): IdentityVerifier {
  const keys = options.keys ?? createRemoteJWKSet(new URL(googleSecureTokenJwks));
  const clock = options.clock ?? (() => new Date());
  return {
    async verify(idToken) {
      const now = clock();
      try {
        const { payload } = await jwtVerify(idToken, keys, {
          algorithms: ['RS256'],
          audience: options.projectId,
          issuer: firebaseIssuer(options.projectId),
          currentDate: now,
          clockTolerance: 30,
        });
        return identityFromClaims(payload, now);
      } catch (error) {
        if (error instanceof InvalidIdToken) throw error;
        // A token the keys reject is the client's problem; failing to fetch the keys is ours.
        if (error instanceof errors.JOSEError && !(error instanceof errors.JWKSTimeout))
          throw new InvalidIdToken(error.code);
        throw new IdentityProviderUnavailable(error);
      }
    },
  };
}
