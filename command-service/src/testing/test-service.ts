import { decodeEvent, type DecodedEvent } from '@building/events/decode-event';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { signAccessToken } from '@building/infra/auth/access-token';
import { createPostgresRevocationStore } from '@building/infra/auth/postgres-revocation-store';
import { watchRevokedTokens } from '@building/infra/auth/revoked-tokens';
import { PostgresEventStore } from '@building/infra/event-store/event-store';
import { migrateEventStore } from '@building/infra/event-store/schema';
import { createTestDatabase, type TestDatabase } from '@building/infra/testing/test-database';
import { createApp } from '../app.ts';
import type { CommandDeps } from '../command-deps.ts';
import { createGoogleIdentityVerifier } from '../auth/google-identity-verifier.ts';
import { migrateImages } from '../images/schema.ts';
import { createMemoryRateLimiter } from '@building/infra/rate-limit/memory-rate-limiter';
import { createLocalGoogleKeys, type LocalGoogleKeys } from './local-google-keys.ts';

export const jwtSecret = 'test-secret-test-secret-test-secret-0123';
export const adminEmail = 'admin@building.test';
const projectId = 'demo-building';
const roomy = { points: 100_000, windowSeconds: 60 };

export interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read whatever came back
  headers: Headers;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  /** Sent as is (malformed JSON, multipart): with `contentType`. */
  raw?: RequestInit['body'];
  contentType?: string;
  headers?: Record<string, string>;
}

export interface TestService {
  url: string;
  db: TestDatabase;
  store: PostgresEventStore;
  google: LocalGoogleKeys;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  /** Our access token for `email`, minted directly (no Firebase). */
  tokenFor(email: string): Promise<string>;
  /** Records the person through POST /users/:email; returns their token. */
  register(email: string, name?: string): Promise<string>;
  /** An admin lists a fresh apartment; returns its si. */
  listApartment(rent?: number): Promise<number>;
  /** Registers `email`, lists an apartment, requests and accepts it: `email` is then a member of it. */
  makeMember(email: string): Promise<{ token: string; si: number }>;
  /** A stream's events, validated and upcast. */
  eventsOf(stream: string): Promise<DecodedEvent[]>;
  close(): Promise<void>;
}

let counter = 0;
/** A number no other caller in this test file has had (unique emails, coupon codes). */
export const nextUnique = () => ++counter;
/** An email no other test has used: `<prefix>-<n>@building.test`. */
export const freshEmail = (prefix: string) => `${prefix}-${nextUnique()}@building.test`;

/** A command-service on its own database, listening on a free port, with roomy rate limits unless told. */
export async function startTestService(overrides: Partial<CommandDeps> = {}): Promise<TestService> {
  const db = await createTestDatabase('cmd');
  await migrateEventStore(db.db);
  await migrateImages(db.db);
  const store = new PostgresEventStore(db.db);
  const google = await createLocalGoogleKeys(projectId);
  const revokedTokens = await watchRevokedTokens(await createPostgresRevocationStore(db.db));
  const app = createApp({
    revokedTokens,
    store,
    identity: createGoogleIdentityVerifier({ projectId, keys: google.keys }),
    rateLimiter: createMemoryRateLimiter(),
    rateLimits: { signIn: roomy, writes: roomy, uploads: roomy },
    jwtSecret,
    jwtTtlSeconds: 600,
    adminEmails: [adminEmail],
    uiOrigins: ['http://ui.test'],
    publicUrl: 'http://command.test',
    log: () => {},
    ...overrides,
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const call: TestService['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: RequestInit['body'] = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    if (options.contentType) headers['content-type'] = options.contentType;
    const response = await fetch(`${url}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };
  const tokenFor = (email: string) =>
    signAccessToken({ email, uid: `uid-${email}`, emailVerified: true }, jwtSecret, 600);
  const expectOk = (reply: Reply, what: string) => {
    if (reply.status !== 200) throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply;
  };

  const register = async (email: string, name = email.split('@')[0]!) => {
    const token = await tokenFor(email);
    expectOk(await call('POST', `/users/${email}`, { token, body: { name, email } }), `register ${email}`);
    return token;
  };
  let adminToken: Promise<string> | undefined;
  const admin = () => (adminToken ??= register(adminEmail, 'Admin'));
  const listApartment = async (rent = 20_000) => {
    const reply = await call('POST', '/apartments', {
      token: await admin(),
      body: {
        apartment: '2B01',
        block: 'B',
        floor: 2,
        room: '3 bed, 2 bath',
        rent,
        image: '/images/apartments/x.svg',
      },
    });
    return Number(expectOk(reply, 'list an apartment').body.insertedId);
  };
  const makeMember = async (email: string) => {
    const token = await register(email);
    const si = await listApartment();
    expectOk(await call('POST', '/agreement', { token, body: { si } }), 'request');
    expectOk(await call('PUT', '/acceptAgreement', { token: await admin(), body: { si, email } }), 'accept');
    return { token, si };
  };

  return {
    url,
    db,
    store,
    google,
    call,
    tokenFor,
    register,
    listApartment,
    makeMember,
    eventsOf: async (stream) => (await store.readStream(stream)).map(decodeEvent),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await revokedTokens.stop();
      await db.drop();
    },
  };
}
