import { z } from 'zod';
import { safeText } from '@building/infra/http/safe-text';

/**
 * Field schemas shared by the command routes: what a client may send, normalised. Every string
 * field starts from safeText (no NUL, no lone surrogate).
 */
export const emailField = safeText.trim().toLowerCase().email().max(254);

/** Integers arrive as JSON numbers, or as digit strings from forms and paths. */
const integer = (min: number, max: number) =>
  z
    .union([
      z.number(),
      safeText
        .trim()
        .regex(/^\d{1,9}$/, 'expected an integer')
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));

export const siField = integer(1, 10_000_000);
export const discountField = integer(1, 100);
export const rentField = integer(1, 10_000_000);
export const floorField = integer(0, 200);

export const idField = safeText.pipe(z.uuid());

/** A calendar date that exists (2026-02-30 does not). */
export const dateField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date, YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'no such date');

/** Only web links: a `javascript:` or `data:` URL must never reach another user's page. */
export const webUrlField = safeText
  .trim()
  .max(2000)
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'expected an http(s) URL');

/** An image is a seeded path served by the query-service, or a web link (an upload's display_url). */
export const imageField = z.union([safeText.trim().regex(/^\/images\/[\w./-]{1,200}$/), webUrlField]);

/** Control characters other than tab and line breaks. */
const hasControlCharacters = (value: string) =>
  [...value].some((c) => {
    const code = c.charCodeAt(0);
    return (code < 0x20 && c !== '\t' && c !== '\n' && c !== '\r') || code === 0x7f;
  });

/** Free text a person types: trimmed, no control characters. */
export const textField = (min: number, max: number) =>
  safeText
    .trim()
    .min(min)
    .max(max)
    .refine((value) => !hasControlCharacters(value), 'contains control characters');
