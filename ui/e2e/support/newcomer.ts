import type { E2eAccount } from './stack-env.ts';

/**
 * A journey's own new person (a user, not yet signed up): a fresh address each run, so the other
 * journeys' accounts are left as they are.
 */
export const newcomerAccount = (prefix: string, displayName: string): E2eAccount => ({
  email: `${prefix}-${Date.now().toString(36)}@building.test`,
  password: `${prefix}-pass-1`,
  displayName,
  role: 'user',
});
