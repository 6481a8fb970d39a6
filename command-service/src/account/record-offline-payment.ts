import type { CommandMetadata } from '@building/events/envelope';
import type { OfflinePaymentRequest } from '@building/events/requests/account-requests';
import { streams } from '@building/events/streams';
import type { PostgresEventStore } from '@building/infra/event-store/event-store';
import { loadAggregate } from '../command-handling/aggregate.ts';
import { handleCommand } from '../command-handling/handle-command.ts';
import { apartmentLeasesAggregate } from './apartment-leases.ts';
import {
  decideOfflinePayment,
  paymentWithReference,
  type AccountMonth,
  type OfflinePaymentCommand,
  type Recorder,
} from './decide-offline-payment.ts';
import { monthAccountAggregate } from './month-account.ts';

/** The apartment's leases and the month's money, as an offline-payment decision reads them. */
const loadMonth = (store: PostgresEventStore, m: AccountMonth) => async () => ({
  leases: await loadAggregate(store, streams.agreement(m.si), apartmentLeasesAggregate),
  month: await loadAggregate(store, streams.payment(m.si, m.year, m.month), monthAccountAggregate),
});

const decideOn = (store: PostgresEventStore, command: OfflinePaymentCommand, meta: CommandMetadata) =>
  handleCommand(
    store,
    {
      load: loadMonth(store, command.data),
      decide: ({ leases, month }) =>
        decideOfflinePayment(command, { leases: leases.state, month: month.state }),
    },
    meta,
  );

/**
 * `POST /payments/offline`: records the payment, or finds the one the month already holds under the
 * same reference (a desk's double click, a retried request): either way its id comes back.
 */
export async function recordOfflinePayment(
  store: PostgresEventStore,
  request: OfflinePaymentRequest & { paymentId: string; by: Recorder },
  meta: CommandMetadata,
) {
  const { amount, by, ...rest } = request;
  const result = await decideOn(
    store,
    { type: 'RecordOfflinePayment', data: { ...rest, amountPoisha: amount, by, at: meta.now } },
    meta,
  );
  if (result.events.length > 0)
    return {
      paymentId: request.paymentId,
      insertedId: result.events[0]!.id,
      recorded: true,
      position: result.position,
    };
  const { month } = await loadMonth(store, request)();
  const existing = paymentWithReference(month.state, request.reference);
  return {
    paymentId: existing?.paymentId ?? request.paymentId,
    insertedId: null,
    recorded: false,
    position: result.position,
  };
}

/** `POST /payments/offline/reverse`: undoes a payment recorded in error, with the reason. */
export async function reverseOfflinePayment(
  store: PostgresEventStore,
  request: AccountMonth & { paymentId: string; reason: string; by: Recorder },
  meta: CommandMetadata,
) {
  const result = await decideOn(store, { type: 'ReversePayment', data: { ...request, at: meta.now } }, meta);
  return { modifiedCount: result.events.length, position: result.position };
}
