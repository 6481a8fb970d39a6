import { z } from 'zod/mini';
import { command } from '../../../lib/api-client.ts';

const registeredSchema = z.object({
  insertedId: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  position: z.optional(z.number()),
});

export interface UserProfile {
  name: string;
  email: string;
  photoURL: string;
}

/** POST /users/:email after sign-up and Google sign-in; the server decides the role. */
export async function registerUser(profile: UserProfile) {
  return registeredSchema.parse(
    await command('POST', `/users/${encodeURIComponent(profile.email)}`, profile),
  );
}
