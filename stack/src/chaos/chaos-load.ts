import { signAccessToken } from '@building/infra/auth/access-token';
import { streams } from '@building/events/streams';
import { chaosAdmin, chaosJwtSecret } from './chaos-stack.ts';
import { seededRandom } from './malformed-requests.ts';

/**
 * One command the load sent, and what became of it. `marker` names the one event it must write
 * (its type and what makes it unique), so the store can be asked how many times it was written.
 */
export interface SentCommand {
  kind: 'user' | 'announcement' | 'coupon' | 'toggle' | 'price' | 'deposit';
  /** The HTTP status, or 0 when the connection failed (the service was killed mid-request). */
  status: number;
  marker: { type: string; stream?: string; field?: 'title' | 'code' | 'reference'; value?: string };
  /** For a 2xx answer: the position the command-service said its event was stored at. */
  position?: number;
}

export const answered = (command: SentCommand) => command.status >= 200 && command.status < 300;

/**
 * A seeded stream of commands from several clients at once for `durationMs`: people registering,
 * the admin posting announcements, adding coupons and switching them off and on, setting the service
 * plan and the utilities' tariffs (one stream each, so they race), recording payments towards a
 * lease's deposit (one stream, racing) and, once the load ends, settling it. Every command's
 * event is unique (a new email, title or code; a toggle's answer names its position), so a lost or
 * doubled write shows in the store. No client retries: a failed command is just not answered.
 */
export async function sendLoad(options: {
  commandUrl: string;
  run: number;
  seed: number;
  durationMs: number;
  clients: number;
}): Promise<SentCommand[]> {
  const random = seededRandom(options.seed);
  const admin = await signAccessToken(
    { email: chaosAdmin, uid: 'chaos-admin', emailVerified: true },
    chaosJwtSecret,
    3600,
  );
  const sent: SentCommand[] = [];
  const coupons: string[] = [];
  let next = 0;
  const until = Date.now() + options.durationMs;
  const send = async (method: string, path: string, token: string, body?: unknown) => {
    try {
      const response = await fetch(`${options.commandUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await response.text();
      const json = (response.ok ? JSON.parse(text) : {}) as Record<string, unknown>;
      return { status: response.status, json };
    } catch {
      // The service is down (killed, restarting): wait a little rather than spin on refusals.
      await new Promise((resolve) => setTimeout(resolve, 200));
      return { status: 0, json: {} };
    }
  };
  const token = (email: string, uid: string) =>
    signAccessToken({ email, uid, emailVerified: true }, chaosJwtSecret, 3600);
  const deposit = await depositLease(send, admin, token, options.run);
  const client = async () => {
    while (Date.now() < until) {
      const n = next++;
      const roll = random();
      const tag = `${options.run}-${n}`;
      if (roll < 0.25) {
        const email = `u${tag}@chaos.test`;
        const token = await signAccessToken(
          { email, uid: `uid-${tag}`, emailVerified: true },
          chaosJwtSecret,
          3600,
        );
        const { status, json } = await send('POST', `/users/${email}`, token, { name: `Chaos ${tag}` });
        const marker = { type: 'UserRegistered', stream: streams.user(email) };
        sent.push({ kind: 'user', status, marker, position: json.position as number | undefined });
      } else if (roll < 0.5) {
        const title = `chaos ${tag}`;
        const { status, json } = await send('POST', '/anouncement', admin, {
          title,
          description: 'chaos load',
        });
        const stream = json.insertedId ? streams.announcement(json.insertedId as string) : undefined;
        const marker = { type: 'AnnouncementPosted', stream, field: 'title' as const, value: title };
        sent.push({ kind: 'announcement', status, marker, position: json.position as number | undefined });
      } else if (roll < 0.58) {
        // A new price each time (n only grows): a 2xx must have written exactly one event.
        const utility = (['service', 'electricity', 'gas', 'water'] as const)[n % 4]!;
        const price = 1000 + n;
        const [path, body, type] =
          utility === 'service'
            ? ['/charge-plans/service', { byBlock: { A: price, B: price + 1 } }, 'ChargePlanSet']
            : [`/tariffs/${utility}`, { perUnit: price / 100, fixed: 50 }, 'TariffSet'];
        const { status, json } = await send('PUT', path, admin, body);
        if (status >= 200 && status < 300 && json.modifiedCount === 0) continue;
        const marker = { type, stream: streams.tariff(utility) };
        sent.push({ kind: 'price', status, marker, position: json.position as number | undefined });
      } else if (roll < 0.64 && deposit) {
        // A new reference each time: a 2xx must have written exactly one DepositPaid.
        const reference = `D${tag}`;
        const body = { si: deposit.si, email: deposit.email, method: 'cash', reference, amount: 1 };
        const { status, json } = await send('POST', '/deposits/payments', admin, body);
        const marker = {
          type: 'DepositPaid',
          stream: deposit.stream,
          field: 'reference' as const,
          value: reference,
        };
        sent.push({ kind: 'deposit', status, marker, position: json.position as number | undefined });
      } else if (roll < 0.7 || coupons.length === 0) {
        const code = `C${tag}`;
        const { status, json } = await send('POST', '/addCoupon', admin, { code, discount: 10 });
        const stream = json.insertedId ? streams.coupon(json.insertedId as string) : undefined;
        if (json.insertedId) coupons.push(json.insertedId as string);
        const marker = { type: 'CouponAdded', stream, field: 'code' as const, value: code };
        sent.push({ kind: 'coupon', status, marker, position: json.position as number | undefined });
      } else {
        const id = coupons[Math.floor(random() * coupons.length)]!;
        const off = random() < 0.5;
        const { status, json } = await send(
          'PATCH',
          `/${off ? 'couponUnavailable' : 'couponAvailable'}/${id}`,
          admin,
        );
        // Switching a coupon to the state it is in writes nothing: only a change is checked.
        if (status >= 200 && status < 300 && json.modifiedCount === 0) continue;
        const marker = { type: off ? 'CouponDisabled' : 'CouponEnabled', stream: streams.coupon(id) };
        sent.push({ kind: 'toggle', status, marker, position: json.position as number | undefined });
      }
    }
  };
  await Promise.all(Array.from({ length: options.clients }, client));
  if (deposit) {
    // The lease ends and its deposit is settled, once, with a deduction: the rest is returned.
    await send('PATCH', `/memberRemove/${deposit.email}`, admin);
    const body = {
      ...{ si: deposit.si, email: deposit.email, method: 'bank', reference: `R${options.run}` },
      deductions: [{ reason: 'Keys not returned', amount: 1 }],
    };
    const { status, json } = await send('POST', '/deposits/settle', admin, body);
    const marker = { type: 'DepositSettled', stream: deposit.stream };
    sent.push({ kind: 'deposit', status, marker, position: json.position as number | undefined });
  }
  return sent;
}

type Send = (
  method: string,
  path: string,
  token: string,
  body?: unknown,
) => Promise<{ status: number; json: Record<string, unknown> }>;

/**
 * A lease that owes its deposit, made before the load: an apartment listed, a tenant's request
 * accepted. Null when a step was not answered (a fault came early): the run has no deposit commands.
 */
async function depositLease(
  send: Send,
  admin: string,
  token: (email: string, uid: string) => Promise<string>,
  run: number,
) {
  const email = `tenant${run}@chaos.test`;
  const tenant = await token(email, `uid-tenant-${run}`);
  const listed = await send('POST', '/apartments', admin, {
    ...{ apartment: `CH${run}`, block: 'A', floor: 1, room: '2 bed', rent: 30_000 },
    image: '/images/apartments/a.svg',
  });
  const si = listed.json.insertedId as number | undefined;
  if (si === undefined) return null;
  if ((await send('POST', `/users/${email}`, tenant, { name: `Tenant ${run}` })).status !== 200) return null;
  const requested = await send('POST', '/agreement', tenant, { si });
  const requestId = requested.json.insertedId as string | undefined;
  if (!requestId || (await send('PUT', '/acceptAgreement', admin, { si, email })).status !== 200) return null;
  return { si, email, stream: streams.deposit(requestId) };
}
