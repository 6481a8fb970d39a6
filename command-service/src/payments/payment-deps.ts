import type { PostgresEventStore } from '@building/infra/event-store/event-store';
import type { PaymentProvider } from './payment-provider.ts';

/** What the payment commands need: the event store and the card payment provider. */
export interface PaymentDeps {
  store: PostgresEventStore;
  provider: PaymentProvider;
  log?: (line: string) => void;
}
