import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { firebaseIssuer } from '../auth/identity-verifier.ts';

export interface LocalGoogleKeys {
  /** Stands in for Google's published JWKS. */
  keys: JWTVerifyGetKey;
  /** A Firebase-shaped ID token for `email`, signed like Google's; `claims` override any claim. */
  idToken(email: string, claims?: JWTPayload, now?: Date): Promise<string>;
}

/** An RS256 key pair generated here and a local JWKS, so the production verifier runs without Google. */
export async function createLocalGoogleKeys(projectId: string): Promise<LocalGoogleKeys> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const kid = 'local-test-key';
  const keys = createLocalJWKSet({
    keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }],
  });
  return {
    keys,
    async idToken(email, claims = {}, now = new Date()) {
      const seconds = Math.floor(now.getTime() / 1000);
      return new SignJWT({
        email,
        email_verified: true,
        name: email.split('@')[0],
        auth_time: seconds - 10,
        iss: firebaseIssuer(projectId),
        aud: projectId,
        sub: `uid-${email}`,
        iat: seconds - 10,
        exp: seconds + 3600,
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid })
        .sign(privateKey);
    },
  };
}
