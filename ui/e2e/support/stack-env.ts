import { z } from 'zod';

const account = z.object({
  email: z.string(),
  password: z.string(),
  displayName: z.string(),
  role: z.enum(['admin', 'member', 'user']),
});

const stackEnv = z.object({
  E2E_UI_URL: z.string().url(),
  E2E_COMMAND_URL: z.string().url(),
  E2E_QUERY_URL: z.string().url(),
  E2E_AUTH_HOST: z.string().min(1),
  E2E_SANDBOX_URL: z.string().url(),
  E2E_MAILBOX_URL: z.string().url(),
  E2E_DATA_DIR: z.string().min(1),
  E2E_ACCOUNTS: z.string().transform((json) => z.array(account).parse(JSON.parse(json))),
});

export type E2eAccount = z.infer<typeof account>;

/** The stack the e2e global set-up started (start-stack.ts), read back from the environment. */
export function e2eStack() {
  const env = stackEnv.parse(process.env);
  const accountFor = (role: E2eAccount['role']) => env.E2E_ACCOUNTS.find((a) => a.role === role)!;
  return {
    uiUrl: env.E2E_UI_URL,
    commandUrl: env.E2E_COMMAND_URL,
    queryUrl: env.E2E_QUERY_URL,
    authHost: env.E2E_AUTH_HOST,
    sandboxUrl: env.E2E_SANDBOX_URL,
    mailboxUrl: env.E2E_MAILBOX_URL,
    dataDir: env.E2E_DATA_DIR,
    accounts: { admin: accountFor('admin'), member: accountFor('member'), user: accountFor('user') },
  };
}
