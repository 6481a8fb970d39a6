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
  /** As if the person had opened the verification link. */
  emailVerified?: boolean;
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
      z.object({
        localId: z.string(),
        email: z.string().optional(),
        displayName: z.string().optional(),
        emailVerified: z.boolean().optional(),
      }),
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
  const response = await sendRetryingRefusals(send, `${method} http://${host}${path}`);
  const json: unknown = await response.json().catch(() => ({}));
  if (!response.ok) {
    const parsed = errorBody.safeParse(json);
    throw new EmulatorAuthError(parsed.success ? parsed.data.error.message : 'UNKNOWN', response.status);
  }
  return json;
}

const refusalWindowMs = 15_000;

/**
 * Sends once more when the request never reached the emulator: a kept-alive socket it closed just
 * then (ECONNRESET), or, for a bounded while, a refused connection (a loaded machine has been seen
 * to refuse one just after the emulator answered its readiness probe). Else names the address.
 */
async function sendRetryingRefusals(send: () => Promise<Response>, what: string): Promise<Response> {
  const deadline = Date.now() + refusalWindowMs;
  let resets = 0;
  for (;;) {
    try {
      return await send();
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      const again =
        (code === 'ECONNRESET' && resets++ === 0) || (code === 'ECONNREFUSED' && Date.now() < deadline);
      if (!again)
        throw new Error(`auth emulator unreachable: ${what} (${code ?? 'no code'})`, { cause: error });
      if (code === 'ECONNREFUSED') await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
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

/**
 * Creates the account unless one with that email exists (its password is left as it is, but an
 * account meant to be verified is marked so).
 */
export async function ensureAccount(
  host: string,
  projectId: string,
  account: EmulatorAccount,
): Promise<{ localId: string; created: boolean }> {
  const existing = await lookupAccount(host, projectId, account.email);
  if (!existing) return { ...(await createAccount(host, projectId, account)), created: true };
  if (account.emailVerified && !existing.emailVerified) await markVerified(host, projectId, existing.localId);
  return { localId: existing.localId, created: false };
}

export async function lookupAccount(
  host: string,
  projectId: string,
  email: string,
): Promise<{ localId: string; email?: string; displayName?: string; emailVerified?: boolean } | undefined> {
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

/** Marks an account's address verified (admin call), as the verification link would. */
export async function markVerified(host: string, projectId: string, localId: string): Promise<void> {
  await call(
    host,
    'POST',
    `/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
    { localId, emailVerified: true },
    admin,
  );
}

/** Asks for the verification email of the signed-in account, as the browser SDK does. */
export async function sendVerificationEmail(host: string, idToken: string): Promise<void> {
  await call(host, 'POST', `/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=${apiKey}`, {
    requestType: 'VERIFY_EMAIL',
    idToken,
  });
}

const oobCodesBody = z.object({
  oobCodes: z.array(z.object({ email: z.string(), oobCode: z.string(), requestType: z.string() })),
});

/**
 * Opens the newest verification link the emulator "sent" to `email` (it keeps them instead of
 * mailing them), as the person would by clicking it.
 */
export async function openVerificationLink(host: string, projectId: string, email: string): Promise<void> {
  const { oobCodes } = oobCodesBody.parse(
    await call(host, 'GET', `/emulator/v1/projects/${projectId}/oobCodes`),
  );
  const code = oobCodes.filter((c) => c.requestType === 'VERIFY_EMAIL' && c.email === email).at(-1);
  if (!code) throw new Error(`auth emulator: no verification link for ${email}`);
  await call(host, 'POST', `/identitytoolkit.googleapis.com/v1/accounts:update?key=${apiKey}`, {
    oobCode: code.oobCode,
  });
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
