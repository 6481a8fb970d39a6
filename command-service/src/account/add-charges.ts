import type { CommandMetadata } from '@building/events/envelope';
import type { AddChargeRequest } from '@building/events/requests/account-requests';
import { streams } from '@building/events/streams';
import type { PostgresEventStore } from '@building/infra/event-store/event-store';
import { loadAggregate, type Loaded } from '../command-handling/aggregate.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { apartmentLeasesAggregate, type ApartmentLeasesState } from './apartment-leases.ts';
import { decideCharge, type ChargeCommand, type ChargeContext } from './decide-charge.ts';
import type { AccountMonth, Recorder } from './decide-offline-payment.ts';
import { monthAccountAggregate, type MonthAccountState } from './month-account.ts';

/** Every apartment ever leased (of a block): read off the log, the deciders then ask each for its month. */
export async function leasedApartments(store: PostgresEventStore, block?: string): Promise<number[]> {
  const query = store
    .db('events')
    .where({ type: 'AgreementAccepted' })
    .distinct(store.db.raw(`(data->>'si')::int as si`));
  if (block !== undefined) query.whereRaw(`data->>'block' = ?`, [block]);
  const rows: Array<{ si: number }> = await query;
  return rows.map((r) => r.si).sort((a, b) => a - b);
}

type Streams = Record<string, Loaded<ApartmentLeasesState> | Loaded<MonthAccountState>>;

/** Each apartment's leases and month, loaded side by side: one decision appends to all of them at once. */
const loadApartments =
  (store: PostgresEventStore, sis: number[], m: Omit<AccountMonth, 'si'>) => async () => {
    const loaded: Streams = {};
    for (const si of sis) {
      loaded[`leases-${si}`] = await loadAggregate(store, streams.agreement(si), apartmentLeasesAggregate);
      loaded[`month-${si}`] = await loadAggregate(
        store,
        streams.payment(si, m.year, m.month),
        monthAccountAggregate,
      );
    }
    return loaded;
  };

const contextOf = (sis: number[], loaded: Streams): ChargeContext => ({
  apartments: Object.fromEntries(
    sis.map((si) => [
      si,
      {
        leases: loaded[`leases-${si}`]!.state as ApartmentLeasesState,
        month: loaded[`month-${si}`]!.state as MonthAccountState,
      },
    ]),
  ),
});

export async function decideCharges(
  store: PostgresEventStore,
  sis: number[],
  command: ChargeCommand,
  meta: CommandMetadata,
) {
  return handleCommand(
    store,
    {
      load: loadApartments(store, sis, command.data),
      decide: (loaded) => decideCharge(command, contextOf(sis, loaded)),
    },
    meta,
  );
}

/** `POST /charges`: the target's apartments, each its own charge for the month (all or none recorded). */
export async function addCharges(
  store: PostgresEventStore,
  request: AddChargeRequest & { by: Recorder },
  newId: () => string,
  meta: CommandMetadata,
) {
  const { target, month, year, kind, amount, description, by } = request;
  const named = typeof target === 'object' && 'si' in target;
  const sis = named
    ? [target.si]
    : await leasedApartments(store, target === 'all' ? undefined : target.block);
  const charges = sis.map((si) => ({
    si,
    chargeId: newId(),
    kind,
    amountPoisha: amount,
    description,
    origin: 'admin' as const,
  }));
  const result = await decideCharges(
    store,
    sis,
    { type: 'AddCharges', data: { month, year, charges, named, by, at: meta.now } },
    meta,
  );
  return {
    insertedIds: result.events.flatMap((e) =>
      e.type === 'ChargeAdded' ? [(e.data as { chargeId: string }).chargeId] : [],
    ),
    apartments: result.events.length,
    position: result.position,
  };
}

/** `POST /charges/cancel`: an unpaid charge taken back, with the reason. */
export async function cancelCharge(
  store: PostgresEventStore,
  request: AccountMonth & { chargeId: string; reason: string; by: Recorder },
  meta: CommandMetadata,
) {
  const result = await decideCharges(
    store,
    [request.si],
    { type: 'CancelCharge', data: { ...request, at: meta.now } },
    meta,
  );
  return { modifiedCount: result.events.length, position: result.position };
}
