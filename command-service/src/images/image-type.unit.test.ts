import { describe, expect, it } from 'vitest';
import { tinyPng } from '../testing/sample-images.ts';
import { imageTypeOf } from './image-type.ts';

describe('image types by magic bytes', () => {
  it('knows PNG, JPEG, WebP and GIF, and nothing else', () => {
    expect(imageTypeOf(tinyPng)).toBe('image/png');
    expect(imageTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(imageTypeOf(Buffer.from('RIFF\x24\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(imageTypeOf(Buffer.from('GIF89a\x01\x00', 'latin1'))).toBe('image/gif');
    expect(imageTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageTypeOf(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(imageTypeOf(Buffer.alloc(0))).toBeNull();
  });
});
