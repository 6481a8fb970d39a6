import { randomBytes } from 'node:crypto';
import { pngOf } from './solid-png.ts';

/** A PNG of random pixels: it does not compress, so a phone-sized photo is several megabytes. */
export function noisyPng(width: number, height: number): Buffer {
  return pngOf(width, height, () => randomBytes(width * 3));
}
