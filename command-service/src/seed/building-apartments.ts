import type { ApartmentDetails } from '@building/events/catalogue';

/** The building: blocks A-D, floors 1-7, one apartment per block and floor; numbers read floor, block, unit. */
export const blocks = [
  { block: 'A', room: '2 bed, 2 bath', baseRent: 14_000, colour: '#2f6f8f' },
  { block: 'B', room: '3 bed, 2 bath', baseRent: 20_000, colour: '#7a5c99' },
  { block: 'C', room: '3 bed, 3 bath', baseRent: 26_000, colour: '#3d7d5a' },
  { block: 'D', room: '4 bed, 3 bath', baseRent: 34_000, colour: '#a0573a' },
] as const;

export const floors = 7;

/** Higher floors cost more: a view and less street noise. */
const floorPremium = 1_000;

export const apartmentImageFile = (apartment: string) => `apartment-${apartment.toLowerCase()}.svg`;

export function buildingApartments(): ApartmentDetails[] {
  const apartments: ApartmentDetails[] = [];
  for (let floor = 1; floor <= floors; floor++) {
    for (const [index, b] of blocks.entries()) {
      const apartment = `${floor}${b.block}01`;
      apartments.push({
        si: (floor - 1) * blocks.length + index + 1,
        apartment,
        block: b.block,
        floor,
        room: b.room,
        rent: b.baseRent + (floor - 1) * floorPremium,
        image: `/images/apartments/${apartmentImageFile(apartment)}`,
      });
    }
  }
  return apartments;
}
