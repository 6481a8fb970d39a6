import { z } from 'zod';
import type { StoredEvent } from '@building/events/envelope';
import { decodeEvent } from '@building/events/decode-event';
import { streams } from '@building/events/streams';
import {
  EmulatorAuthError,
  ensureAccount,
  setPassword,
  signIn,
} from '@building/auth-emulator/emulator-accounts';
import type { PostgresEventStore } from '@building/infra/event-store/event-store';

export interface DemoAccount {
  email: string;
  password: string;
  displayName: string;
  role: 'admin' | 'member' | 'user';
}

/** Printed at every start; local only (the auth emulator), so fixed passwords are fine. */
export const demoAccounts: readonly DemoAccount[] = [
  { email: 'admin@building.test', password: 'admin-demo-1', displayName: 'Ayesha Admin', role: 'admin' },
  { email: 'member@building.test', password: 'member-demo-1', displayName: 'Mahmud Member', role: 'member' },
  { email: 'user@building.test', password: 'user-demo-1', displayName: 'Urmi User', role: 'user' },
];

export interface SeedDemoDeps {
  authHost: string;
  projectId: string;
  commandUrl: string;
  /** Read only, to skip what a previous start already did; every change goes through the commands. */
  store: PostgresEventStore;
  log: (line: string) => void;
}

const tokenAnswer = z.object({ token: z.string().min(1) });
const positionAnswer = z.object({ position: z.number().int().positive() }).partial().passthrough();

/**
 * Signs the demo accounts up in the emulator and registers them through the real command path:
 * sign in at the emulator -> POST /jwt -> POST /users/:email; the member requests an apartment
 * and the admin accepts it. Skips whatever exists, so it runs at every start. Returns the highest
 * position its commands wrote (0 when nothing was written).
 */
export async function seedDemoAccounts(deps: SeedDemoDeps): Promise<{ position: number }> {
  let position = 0;
  const tokens = new Map<string, string>();
  for (const account of demoAccounts) {
    // Verified, as their owners would have: ADMIN_EMAILS grants admin to verified addresses only.
    const { created, localId } = await ensureAccount(deps.authHost, deps.projectId, {
      ...account,
      emailVerified: true,
    });
    if (created) deps.log(`signed ${account.email} up in the auth emulator`);
    const idToken = await signIn(deps.authHost, account.email, account.password).catch(async (error) => {
      // Someone changed it in the UI: the printed password is the one that must work.
      if (!(error instanceof EmulatorAuthError && error.code === 'INVALID_PASSWORD')) throw error;
      await setPassword(deps.authHost, deps.projectId, localId, account.password);
      deps.log(`reset the password of ${account.email} to the demo one`);
      return signIn(deps.authHost, account.email, account.password);
    });
    const { token } = tokenAnswer.parse(await command(deps, 'POST', '/jwt', { idToken }));
    tokens.set(account.role, token);
    // As the UI does after a sign-up: POST /jwt registered the person, this records the profile.
    if (created) {
      const body = { name: account.displayName, email: account.email, role: 'user' };
      position = Math.max(
        position,
        await positionOf(command(deps, 'POST', `/users/${account.email}`, body, token)),
      );
      deps.log(`recorded the profile of ${account.email}`);
    }
  }

  const member = demoAccounts.find((a) => a.role === 'member')!;
  if (isMember(await events(deps.store, streams.user(member.email)))) return { position };
  const apartment = await pickApartment(deps.store, member.email);
  if (!apartment) {
    deps.log('no free apartment left for the demo member: skipped making them a member');
    return { position };
  }
  if (!apartment.requestedByMember) {
    const request = {
      si: apartment.details.si,
      user_name: member.displayName,
      user_email: member.email,
      floor: apartment.details.floor,
      block: apartment.details.block,
      apartment: apartment.details.apartment,
      rent: apartment.details.rent,
      status: 'pending',
      room: apartment.details.room,
      timestamp: Date.now(),
    };
    position = Math.max(
      position,
      await positionOf(command(deps, 'POST', '/agreement', request, tokens.get('member'))),
    );
  }
  const accept = { si: apartment.details.si, email: member.email };
  position = Math.max(
    position,
    await positionOf(command(deps, 'PUT', '/acceptAgreement', accept, tokens.get('admin'))),
  );
  deps.log(`made ${member.email} a member (apartment ${apartment.details.apartment})`);
  return { position };
}

async function command(
  deps: SeedDemoDeps,
  method: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<unknown> {
  const response = await fetch(`${deps.commandUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  }).catch((error: unknown) => {
    throw new Error(`seeding: ${method} ${deps.commandUrl}${path} failed`, { cause: error });
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`seeding: ${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : {};
}

async function positionOf(answer: Promise<unknown>): Promise<number> {
  return positionAnswer.parse(await answer).position ?? 0;
}

async function events(store: PostgresEventStore, stream: string) {
  return (await store.readStream(stream)).map((raw: StoredEvent) => decodeEvent(raw));
}

function isMember(history: Array<{ type: string }>): boolean {
  const last = history.filter((e) => e.type === 'MemberPromoted' || e.type === 'MemberDemoted').at(-1);
  return last?.type === 'MemberPromoted';
}

/** The first listed apartment nobody leases; one the member already asked for wins. */
async function pickApartment(store: PostgresEventStore, memberEmail: string) {
  const listed = [];
  for await (const batch of store.readAll({ types: ['ApartmentListed'] }))
    listed.push(...batch.map(decodeEvent));
  const free = [];
  for (const event of listed) {
    if (event.type !== 'ApartmentListed') continue;
    let booked = false;
    const pending = new Set<string>();
    for (const e of await events(store, streams.agreement(event.data.si))) {
      if (e.type === 'AgreementAccepted') booked = true;
      if (e.type === 'LeaseEnded') booked = false;
      if (e.type === 'AgreementRequested' && e.data.userEmail === memberEmail) pending.add(e.data.requestId);
      if (e.type === 'AgreementAccepted' || e.type === 'AgreementRejected') pending.delete(e.data.requestId);
    }
    if (!booked) free.push({ details: event.data, requestedByMember: pending.size > 0 });
  }
  return free.find((a) => a.requestedByMember) ?? free[0];
}
