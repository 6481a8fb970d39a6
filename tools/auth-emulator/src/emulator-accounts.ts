import { z } from 'zod';

/**
 * REST helpers against the Firebase Auth emulator (`host` = `127.0.0.1:<port>`). Admin calls use the
 * emulator's `Authorization: Bearer owner` credential; sign-in uses the public key-based endpoint,
 * as the browser SDK does.
 */
export interface EmulatorAccount {
  email: string;
  password: string;
  displayName?: string;
}

export class EmulatorAuthError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, status: number) {
    super(`auth emulator: ${code} (HTTP ${status})`);
    this.code = code;
    this.status = status;
    this.name = 'EmulatorAuthError';
  }
}

const errorBody = z.object({ error: z.object({ message: z.string() }) });
const createdBody = z.object({ localId: z.string() });
const signInBody = z.object({ idToken: z.string(), localId: z.string() });
const lookupBody = z.object({
  users: z
    .array(
      z.object({ localId: z.string(), email: z.string().optional(), displayName: z.string().optional() }),
    )
    .optional(),
});

const admin = { Authorization: 'Bearer owner' };
const apiKey = 'demo-key';

async function call(
  host: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const send = () =>
    fetch(`http://${host}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  let response: Response;
  try {
    response = await send();
  } catch (error) {
    // A kept-alive socket the emulator closed just then: the request never reached it, so once more.
    if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
    response = await send();
  }
  const json: unknown = await response.json().catch(() => ({}));
  if (!response.ok) {
    const parsed = errorBody.safeParse(json);
    throw new EmulatorAuthError(parsed.success ? parsed.data.error.message : 'UNKNOWN', response.status);
  }
  return json;
}

/** Creates an email/password account; throws EmulatorAuthError('EMAIL_EXISTS') when it exists. */
export async function createAccount(
  host: string,
  projectId: string,
  account: EmulatorAccount,
): Promise<{ localId: string }> {
  const json = await call(
    host,
    'POST',
    `/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts`,
    account,
    admin,
  );
  return createdBody.parse(json);
}

/** Creates the account unless one with that email exists (its password is left as it is). */
export async function ensureAccount(
  host: string,
  projectId: string,
  account: EmulatorAccount,
): Promise<{ localId: string; created: boolean }> {
  const existing = await lookupAccount(host, projectId, account.email);
  if (existing) return { localId: existing.localId, created: false };
  return { ...(await createAccount(host, projectId, account)), created: true };
}

export async function lookupAccount(
  host: string,
  projectId: string,
  email: string,
): Promise<{ localId: string; email?: string; displayName?: string } | undefined> {
  const json = await call(
    host,
    'POST',
    `/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:lookup`,
    { email: [email] },
    admin,
  );
  return lookupBody.parse(json).users?.[0];
}

/** Sets an account's password (admin call). */
export async function setPassword(
  host: string,
  projectId: string,
  localId: string,
  password: string,
): Promise<void> {
  await call(
    host,
    'POST',
    `/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
    { localId, password },
    admin,
  );
}

/** Signs in with email and password; returns the emulator's (unsigned, alg none) Firebase ID token. */
export async function signIn(host: string, email: string, password: string): Promise<string> {
  const json = await call(
    host,
    'POST',
    `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${apiKey}`,
    {
      email,
      password,
      returnSecureToken: true,
    },
  );
  return signInBody.parse(json).idToken;
}

export async function clearAccounts(host: string, projectId: string): Promise<void> {
  await call(host, 'DELETE', `/emulator/v1/projects/${projectId}/accounts`);
}
