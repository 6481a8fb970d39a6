import type { ApartmentDetails } from '@building/events/catalogue';
import { blocks, floors } from './building-apartments.ts';

/**
 * A small self-contained picture of the apartment: its block's tower with the apartment's floor lit,
 * and its number. No external references, so it renders offline and cannot leak requests. No words
 * either: the card beside it says the block, floor and rooms in the reader's language, and English
 * drawn into the picture stood out on the Bangla listing.
 */
export function apartmentSvg(apartment: ApartmentDetails): string {
  const colour = blocks.find((b) => b.block === apartment.block)?.colour ?? '#555555';
  const floorHeight = 28;
  const top = 40;
  const windows: string[] = [];
  for (let floor = 1; floor <= floors; floor++) {
    const y = top + (floors - floor) * floorHeight + 8;
    const lit = floor === apartment.floor;
    for (let column = 0; column < 4; column++) {
      windows.push(
        `<rect x="${252 + column * 26}" y="${y}" width="16" height="14" fill="${lit ? '#ffd166' : '#dfe7ee'}"/>`,
      );
    }
  }
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300">',
    `<title>Apartment ${apartment.apartment}, block ${apartment.block}, floor ${apartment.floor}</title>`,
    '<rect width="400" height="300" fill="#eaf3fb"/>',
    '<rect y="250" width="400" height="50" fill="#9bb59b"/>',
    `<rect x="240" y="${top - 8}" width="124" height="${floors * floorHeight + 18}" rx="4" fill="${colour}"/>`,
    ...windows,
    `<rect x="234" y="${top + (floors - apartment.floor) * floorHeight + 4}" width="136" height="22" fill="none" stroke="#ffd166" stroke-width="3" rx="3"/>`,
    `<text x="24" y="64" font-family="sans-serif" font-size="30" font-weight="bold" fill="${colour}">${apartment.apartment}</text>`,
    '</svg>',
    '',
  ].join('\n');
}
