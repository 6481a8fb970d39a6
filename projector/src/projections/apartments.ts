import { apartmentsView } from '@building/events/read-models/apartments';
import { defineProjection, type EventOf } from '../projection.ts';
import { column } from '../table-spec.ts';
import { occupancy, occupancyColumns } from './occupancy.ts';

/** The apartment listing (/apartment): the listed details plus available/booked. */
export const apartments = defineProjection(apartmentsView, {
  tables: {
    apartments: {
      key: 'si',
      columns: {
        ...occupancyColumns,
        apartment: column.text({ nullable: true }),
        block: column.text({ nullable: true }),
        floor: column.integer({ nullable: true }),
        room: column.text({ nullable: true }),
        rent: column.integer({ nullable: true }),
        image: column.text({ nullable: true }),
      },
    },
  },
  on: {
    ApartmentListed: (event) => occupancy.listed('apartments', event.data.si, listing(event)),
    ApartmentUpdated: (event) => occupancy.listed('apartments', event.data.si, listing(event)),
    AgreementAccepted: (event) => occupancy.booked('apartments', event),
    LeaseEnded: (event) => occupancy.freed('apartments', event),
  },
});

function listing({ data }: EventOf<'ApartmentListed' | 'ApartmentUpdated'>) {
  const { apartment, block, floor, room, rent, image } = data;
  return { apartment, block, floor, room, rent, image };
}
