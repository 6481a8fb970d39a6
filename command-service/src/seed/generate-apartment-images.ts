import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apartmentSvg } from './apartment-svg.ts';
import { apartmentImageFile, buildingApartments } from './building-apartments.ts';

/** Writes the seeded apartments' SVGs into infra/assets/apartments/ (run once; the files are committed). */
export const imagesDir = fileURLToPath(new URL('../../../infra/assets/apartments/', import.meta.url));

export function generateApartmentImages(dir = imagesDir): number {
  mkdirSync(dir, { recursive: true });
  const apartments = buildingApartments();
  for (const apartment of apartments)
    writeFileSync(`${dir}/${apartmentImageFile(apartment.apartment)}`, apartmentSvg(apartment));
  return apartments.length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`wrote ${generateApartmentImages()} apartment images to ${imagesDir}`);
}
