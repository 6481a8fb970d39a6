import { defineProjection, type EventOf } from '../projection.ts';
import { occupancy, occupancyColumns } from './occupancy.ts';

/** The apartment listing (/apartment): the listed details plus available/booked. */
export const apartments = defineProjection({
  view: 'apartments',
  version: 1,
  audience: 'public',
  tables: {
    apartments: (t) => `create table if not exists ${t} (
      ${occupancyColumns},
      apartment text, block text, floor integer, room text, rent integer, image text
    )`,
  },
  on: {
    ApartmentListed: (trx, event, t) => occupancy.listed(trx, t.apartments, event.data.si, listing(event)),
    ApartmentUpdated: (trx, event, t) => occupancy.listed(trx, t.apartments, event.data.si, listing(event)),
    AgreementAccepted: (trx, event, t) => occupancy.booked(trx, t.apartments, event),
    LeaseEnded: (trx, event, t) => occupancy.freed(trx, t.apartments, event),
  },
});

function listing({ data }: EventOf<'ApartmentListed' | 'ApartmentUpdated'>) {
  const { apartment, block, floor, room, rent, image } = data;
  return { apartment, block, floor, room, rent, image };
}
