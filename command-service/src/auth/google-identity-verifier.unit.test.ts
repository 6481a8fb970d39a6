import { describe, expect, it } from 'vitest';
import { SignJWT, UnsecuredJWT, generateKeyPair } from 'jose';
import { createLocalGoogleKeys } from '../testing/local-google-keys.ts';
import { createGoogleIdentityVerifier } from './google-identity-verifier.ts';
import { InvalidIdToken } from './identity-verifier.ts';

const projectId = 'building-prod';
const now = new Date('2026-11-01T10:00:00Z');
const seconds = Math.floor(now.getTime() / 1000);

describe('the Google (production) ID token verifier', async () => {
  const google = await createLocalGoogleKeys(projectId);
  const verifier = createGoogleIdentityVerifier({ projectId, keys: google.keys, clock: () => now });
  const refused = (token: string) => expect(verifier.verify(token)).rejects.toBeInstanceOf(InvalidIdToken);

  it('accepts a token Google signed for our project, and says who it names', async () => {
    const token = await google.idToken(
      'Rafi@Building.test',
      { name: 'Rafi', picture: 'https://img.test/r.png' },
      now,
    );
    await expect(verifier.verify(token)).resolves.toEqual({
      uid: 'uid-Rafi@Building.test',
      email: 'rafi@building.test',
      emailVerified: true,
      name: 'Rafi',
      picture: 'https://img.test/r.png',
    });
  });

  it('refuses another project’s token (audience or issuer)', async () => {
    await refused(await google.idToken('a@b.test', { aud: 'someone-else' }, now));
    await refused(
      await google.idToken('a@b.test', { iss: 'https://securetoken.google.com/someone-else' }, now),
    );
  });

  it('refuses expired tokens and tokens issued or authenticated in the future', async () => {
    await refused(await google.idToken('a@b.test', { exp: seconds - 120, iat: seconds - 4000 }, now));
    await refused(await google.idToken('a@b.test', { iat: seconds + 3600 }, now));
    await refused(await google.idToken('a@b.test', { auth_time: seconds + 3600 }, now));
    await refused(await google.idToken('a@b.test', { auth_time: 'yesterday' }, now));
  });

  it('refuses a token without a subject or an email', async () => {
    await refused(await google.idToken('a@b.test', { sub: '' }, now));
    await refused(await google.idToken('a@b.test', { email: undefined }, now));
  });

  it('refuses a token signed by another key, an unsigned one and garbage', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ email: 'a@b.test', auth_time: seconds })
      .setProtectedHeader({ alg: 'RS256', kid: 'local-test-key' })
      .setIssuer(`https://securetoken.google.com/${projectId}`)
      .setAudience(projectId)
      .setSubject('uid-a')
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + 600)
      .sign(privateKey);
    await refused(forged);
    const unsigned = new UnsecuredJWT({ email: 'a@b.test', auth_time: seconds })
      .setIssuer(`https://securetoken.google.com/${projectId}`)
      .setAudience(projectId)
      .setSubject('uid-a')
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + 600)
      .encode();
    await refused(unsigned);
    await refused('not.a.token');
  });
});
