import { i18next } from '../i18n/i18n.ts';

/** The server keeps photos up to 5 MB, of these kinds (it checks the bytes, not the name). */
export const maxPhotoBytes = 5 * 1024 * 1024;

/** The longest side of a photo the browser had to shrink or convert: plenty for an avatar. */
const maxSide = 1600;

const signatures: Array<{ type: string; matches: (b: Uint8Array) => boolean }> = [
  {
    type: 'image/png',
    matches: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((x, i) => b[i] === x),
  },
  { type: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', matches: (b) => ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a' },
  { type: 'image/webp', matches: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
];

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** The first bytes of a file (FileReader: every browser has it, and so has jsdom). */
function readHead(file: Blob, length: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(new PhotoError(i18next.t('auth.photoReadAgain')));
    reader.readAsArrayBuffer(file.slice(0, length));
  });
}

/** What the file really is, from its first bytes, when it is a kind the server keeps. */
async function storableType(file: Blob): Promise<string | null> {
  const head = await readHead(file, 12);
  return signatures.find((s) => s.matches(head))?.type ?? null;
}

export class PhotoError extends Error {}

/** Draws the photo at most `maxSide` wide or high and encodes it as JPEG. */
async function shrinkToJpeg(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    if (typeof createImageBitmap !== 'function') throw new Error('no image decoder');
    bitmap = await createImageBitmap(file);
  } catch {
    throw new PhotoError(i18next.t('auth.photoUnreadable'));
  }
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  if (!jpeg || jpeg.size > maxPhotoBytes) throw new PhotoError(i18next.t('auth.photoTooLarge'));
  return new File([jpeg], file.name.replace(/\.[^.]*$/, '') + '.jpg', { type: 'image/jpeg' });
}

/**
 * The photo as the server will take it, checked before any account is made: PNG, JPEG, WebP and
 * GIF up to 5 MB go as they are; a larger photo or another kind a phone produces (HEIC) is
 * converted in the browser when it can decode it. SVG is refused: it is a document, not a photo.
 */
export async function preparePhoto(file: File): Promise<File> {
  if (file.type === 'image/svg+xml' || /\.svgz?$/i.test(file.name)) {
    throw new PhotoError(i18next.t('auth.svgRefused'));
  }
  if ((await storableType(file)) && file.size <= maxPhotoBytes) return file;
  return shrinkToJpeg(file);
}
