import { UnsecuredJWT } from 'jose';
import { z } from 'zod';
import {
  firebaseIssuer,
  identityFromClaims,
  IdentityProviderUnavailable,
  InvalidIdToken,
  type IdentityVerifier,
} from './identity-verifier.ts';

export interface EmulatorVerifierOptions {
  /** FIREBASE_AUTH_EMULATOR_HOST, e.g. `127.0.0.1:9099`. Only then are unsigned tokens accepted. */
  host: string;
  projectId: string;
  clock?: () => Date;
}

const lookupAnswer = z.object({
  users: z
    .array(
      z.object({ localId: z.string(), email: z.string().optional(), emailVerified: z.boolean().optional() }),
    )
    .min(1),
});

/**
 * The Auth emulator signs nothing (alg none), so a token proves nothing by itself: besides the
 * claim checks, the account must exist in the emulator, which we ask through its REST API.
 */
export function createEmulatorIdentityVerifier(options: EmulatorVerifierOptions): IdentityVerifier {
  const clock = options.clock ?? (() => new Date());
  const lookupUrl = `http://${options.host}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=emulator`;
  return {
    async verify(idToken) {
      const now = clock();
      let payload;
      try {
        payload = UnsecuredJWT.decode(idToken, {
          audience: options.projectId,
          issuer: firebaseIssuer(options.projectId),
          currentDate: now,
          clockTolerance: 30,
        }).payload;
      } catch (error) {
        throw new InvalidIdToken((error as { code?: string }).code ?? 'malformed');
      }
      const identity = identityFromClaims(payload, now);
      let response: Response;
      try {
        response = await fetch(lookupUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ idToken }),
          signal: AbortSignal.timeout(5000),
        });
      } catch (error) {
        throw new IdentityProviderUnavailable(error);
      }
      // Any answer but the account is a refusal: the emulator even answers 500 to some crafted tokens.
      const answer = lookupAnswer.safeParse(await response.json().catch(() => null));
      if (!response.ok || !answer.success) throw new InvalidIdToken('no such account in the emulator');
      const account = answer.data.users[0]!;
      if (account.localId !== identity.uid || account.email?.toLowerCase() !== identity.email)
        throw new InvalidIdToken('the account does not match the token');
      // The token is unsigned: only the emulator's own record says whether the address is verified.
      return { ...identity, emailVerified: account.emailVerified === true };
    },
  };
}
