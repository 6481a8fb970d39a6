import { monthNames } from '@building/events/catalogue';
import type { CommandMetadata, NewEvent } from '@building/events/envelope';
import type {
  AppendResult,
  AppendRequest,
  PostgresEventStore,
} from '@building/infra/event-store/event-store';
import { buildingHistory, type BuildingHistory } from '@building/projector/testing/building-history';

export interface SeedOptions {
  apartments: number;
  /** Histories written side by side (disjoint apartments and people), to seed faster. */
  wings?: number;
  /** Months of 2025 each first tenant pays (default 12; the payments are most of the log). */
  paidMonths?: number;
  onApartment?: (done: number) => void;
}

/**
 * A realistic building log written through the store, with the events the command side decides
 * (the projector tests' history writer), in the order it decides them per stream. Per apartment:
 * a listing; two applicants who register and request it; an accept (rejecting the rival,
 * promoting the tenant); a year of rent payments (June's with the SAVE10 coupon). Every fifth
 * tenant is demoted and the rival takes the apartment and pays half a year. Some profile updates,
 * a coupon per five apartments (some disabled), an announcement per ten: about 36 events per
 * apartment. To seed in seconds, each apartment's history is ONE transaction (see CommandBatch).
 */
export async function seedBuildingLog(store: PostgresEventStore, options: SeedOptions): Promise<number> {
  const wings = Math.min(options.wings ?? 8, options.apartments);
  const before = await store.lastPosition();
  let done = 0;
  const office = new CommandBatch(store);
  const officeHistory = buildingHistory(office.asStore());
  await officeHistory.register('admin@building.test', 'Ada Admin', { admin: true });
  await officeHistory.addCoupon('SAVE10', 10, 'Ten percent off');
  await office.flush();
  await Promise.all(
    Array.from({ length: wings }, async (_, wing) => {
      const batch = new CommandBatch(store);
      const h = buildingHistory(batch.asStore());
      for (let si = wing + 1; si <= options.apartments; si += wings) {
        await seedApartment(h, si, options.paidMonths ?? 12);
        await batch.flush();
        options.onApartment?.(++done);
      }
    }),
  );
  return (await store.lastPosition()) - before;
}

async function seedApartment(h: BuildingHistory, si: number, paidMonths: number): Promise<void> {
  const first = `tenant${si}a@bench.test`;
  const rival = `tenant${si}b@bench.test`;
  await h.list(si);
  await h.register(first, `Tenant ${si} A`);
  await h.register(rival, `Tenant ${si} B`);
  const request = await h.request(si, first);
  await h.request(si, rival); // rejected by the accept ('apartment-booked')
  await h.accept(request.requestId);
  if (si % 5 === 1) {
    const coupon = await h.addCoupon(`BENCH${si}`, 5 + (si % 20), `Bench coupon ${si}`);
    if (si % 3 === 0) await h.disableCoupon(coupon.couponId);
  }
  if (si % 10 === 0) await h.announce(`Notice ${si}`, `Maintenance on floor ${Math.ceil(si / 4)}`);
  for (const month of monthNames.slice(0, paidMonths)) {
    const coupon = month === 'June' ? { code: 'SAVE10', discount: 10 } : undefined;
    await h.pay(first, si, month, 2025, coupon);
  }
  if (si % 3 === 0) await h.updateProfile(first, `Tenant ${si} A (moved in)`);
  if (si % 5 === 0) {
    await h.demote(first);
    const again = await h.request(si, rival);
    await h.accept(again.requestId);
    for (const month of monthNames.slice(0, 6)) await h.pay(rival, si, month, 2026);
  }
}

/**
 * Stands in for the store under the history writer: collects its commands' events per stream
 * (checking their expected versions as the store would) and appends them in one transaction on
 * flush(). Seeding is then a few round trips per apartment instead of a few per event. The
 * transaction carries the last command's metadata; projections read their times from the data.
 * Streams are the seeder's own, so versions are tracked here and never re-read.
 */
class CommandBatch {
  private readonly versions = new Map<string, number>();
  private readonly committed = new Map<string, number>();
  private pending = new Map<string, NewEvent[]>();
  private meta: CommandMetadata | null = null;

  private readonly store: PostgresEventStore;

  constructor(store: PostgresEventStore) {
    this.store = store;
  }

  /** The history writer only calls streamVersion and append. */
  asStore(): PostgresEventStore {
    const subset: Pick<PostgresEventStore, 'streamVersion' | 'append'> = {
      streamVersion: (stream) => this.streamVersion(stream),
      append: (requests, meta) => this.append(requests, meta),
    };
    return subset as PostgresEventStore;
  }

  async streamVersion(stream: string): Promise<number> {
    return this.versions.get(stream) ?? 0;
  }

  async append(requests: AppendRequest[], meta: CommandMetadata): Promise<AppendResult> {
    for (const request of requests) {
      const version = this.versions.get(request.stream) ?? 0;
      if (request.expectedVersion !== version)
        throw new Error(`seed: ${request.stream} is at ${version}, not ${request.expectedVersion}`);
      this.versions.set(request.stream, version + request.events.length);
      this.pending.set(request.stream, [...(this.pending.get(request.stream) ?? []), ...request.events]);
    }
    this.meta = meta;
    return { events: [], position: 0 };
  }

  async flush(): Promise<void> {
    if (!this.meta || this.pending.size === 0) return;
    const requests = [...this.pending].map(([stream, events]) => ({
      stream,
      expectedVersion: this.committed.get(stream) ?? 0,
      events,
    }));
    await this.store.append(requests, this.meta);
    for (const [stream, version] of this.versions) this.committed.set(stream, version);
    this.pending = new Map();
  }
}
