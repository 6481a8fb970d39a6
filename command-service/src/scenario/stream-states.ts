import type { DomainEvent } from '@building/events/catalogue';
import { categoryOfStream, type Category } from '@building/events/streams';
import { depositAggregate } from '../account/deposit.ts';
import { meterAggregate } from '../account/meter.ts';
import { tariffAggregate } from '../account/tariff.ts';
import { agreementAggregate } from '../agreement/agreement.ts';
import { announcementAggregate } from '../announcement/announcement.ts';
import { apartmentAggregate } from '../apartment/apartment.ts';
import type { Aggregate } from '../command-handling/aggregate.ts';
import { couponAggregate } from '../coupon/coupon.ts';
import { maintenanceAggregate } from '../maintenance/maintenance.ts';
import { paymentAggregate } from '../payments/payment.ts';
import { userAggregate } from '../user/user.ts';

const aggregates: Record<Category, Aggregate<unknown>> = {
  user: userAggregate as Aggregate<unknown>,
  apartment: apartmentAggregate as Aggregate<unknown>,
  agreement: agreementAggregate as Aggregate<unknown>,
  coupon: couponAggregate as Aggregate<unknown>,
  announcement: announcementAggregate as Aggregate<unknown>,
  payment: paymentAggregate as Aggregate<unknown>,
  maintenance: maintenanceAggregate as Aggregate<unknown>,
  tariff: tariffAggregate as Aggregate<unknown>,
  meter: meterAggregate as Aggregate<unknown>,
  deposit: depositAggregate as Aggregate<unknown>,
};

/** The aggregate that folds a stream, by its category. */
export const aggregateOfStream = (stream: string): Aggregate<unknown> => aggregates[categoryOfStream(stream)];

/** Each stream's state as its own aggregate folds it, in memory. */
export class StreamStates {
  private readonly states = new Map<string, unknown>();

  state<S>(stream: string): S {
    return (this.states.get(stream) ?? aggregateOfStream(stream).initialState()) as S;
  }

  evolve(stream: string, event: DomainEvent): void {
    this.states.set(stream, aggregateOfStream(stream).evolve(this.state(stream), event));
  }
}
