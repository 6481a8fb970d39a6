import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apartmentSvg } from './apartment-svg.ts';
import { apartmentImageFile, blocks, buildingApartments } from './building-apartments.ts';
import { imagesDir } from './generate-apartment-images.ts';

describe('the seeded building', () => {
  const apartments = buildingApartments();

  it('has at least 24 apartments over blocks A-D and several floors, numbered by floor', () => {
    expect(apartments.length).toBeGreaterThanOrEqual(24);
    expect(new Set(apartments.map((a) => a.block))).toEqual(new Set(['A', 'B', 'C', 'D']));
    expect(new Set(apartments.map((a) => a.floor)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(apartments.map((a) => a.si)).size).toBe(apartments.length);
    for (const a of apartments) {
      expect(a.apartment.startsWith(String(a.floor))).toBe(true);
      expect(a.rent).toBeGreaterThanOrEqual(12_000);
      expect(a.rent).toBeLessThanOrEqual(45_000);
      expect(blocks.map((b) => b.room as string)).toContain(a.room);
    }
  });

  it('has a committed, small, self-contained SVG per apartment, as the generator writes it', () => {
    for (const a of apartments) {
      expect(a.image).toBe(`/images/apartments/${apartmentImageFile(a.apartment)}`);
      const committed = readFileSync(`${imagesDir}/${apartmentImageFile(a.apartment)}`, 'utf8');
      expect(committed).toBe(apartmentSvg(a));
      expect(committed.length).toBeLessThan(4096);
      expect(committed).not.toMatch(/href|url\(|<script/i);
      // Only the apartment's number is drawn: words are the card's, in the reader's language.
      const drawn = [...committed.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
      expect(drawn).toEqual([a.apartment]);
    }
  });
});
