import { signAccessToken } from '@building/infra/auth/access-token';
import { streams } from '@building/events/streams';
import { chaosAdmin, chaosJwtSecret } from './chaos-stack.ts';
import { seededRandom } from './malformed-requests.ts';

/**
 * One command the load sent, and what became of it. `marker` names the one event it must write
 * (its type and what makes it unique), so the store can be asked how many times it was written.
 */
export interface SentCommand {
  kind: 'user' | 'announcement' | 'coupon' | 'toggle' | 'price';
  /** The HTTP status, or 0 when the connection failed (the service was killed mid-request). */
  status: number;
  marker: { type: string; stream?: string; field?: 'title' | 'code'; value?: string };
  /** For a 2xx answer: the position the command-service said its event was stored at. */
  position?: number;
}

export const answered = (command: SentCommand) => command.status >= 200 && command.status < 300;

/**
 * A seeded stream of commands from several clients at once for `durationMs`: people registering,
 * the admin posting announcements, adding coupons and switching them off and on, setting the service
 * plan and the utilities' tariffs (one stream each, so they race). Every command's
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
  return sent;
}
