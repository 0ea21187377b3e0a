/**
 * What counts as a menu image, decided by the file's first bytes and never by its name or its
 * declared type (both are whatever the sender says). Safe to import in the browser: the form
 * runs the same check before uploading, the upload route runs it again as the authority.
 */

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export interface ImageType {
  mime: 'image/jpeg' | 'image/png' | 'image/webp';
  ext: 'jpg' | 'png' | 'webp';
}

export const IMAGE_TYPES: readonly ImageType[] = [
  { mime: 'image/jpeg', ext: 'jpg' },
  { mime: 'image/png', ext: 'png' },
  { mime: 'image/webp', ext: 'webp' },
];

/** The `accept` attribute of the file input: a hint for the picker, not a check. */
export const IMAGE_ACCEPT = IMAGE_TYPES.map((t) => t.mime).join(',');

/** How many leading bytes `sniffImageType` needs. */
export const SNIFF_BYTES = 12;

export const NOT_AN_IMAGE_MESSAGE = 'The file must be a JPEG, PNG or WebP image.';

export function imageTooLargeMessage(size?: number): string {
  const limit = formatBytes(MAX_IMAGE_BYTES);
  return size === undefined ? `The image must be ${limit} or smaller.` : `The image is ${formatBytes(size)}; it must be ${limit} or smaller.`;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

/** The image type the bytes begin with, or null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, JPEG)) return IMAGE_TYPES[0]!;
  if (startsWith(bytes, PNG)) return IMAGE_TYPES[1]!;
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return IMAGE_TYPES[2]!;
  return null;
}

/** Rounded up, so a picture just over the limit never reads as exactly the limit. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${Math.ceil(bytes / (1024 * 1024 / 10)) / 10} MB`;
}
