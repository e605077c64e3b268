import type { DocumentContentType } from './schemas';

/**
 * What a file is, from its first bytes: the upload's name and declared type are the
 * sender's word, so they decide nothing. Only the formats a document may be in are
 * recognised; anything else (text, archives, executables, SVG) is unknown.
 */
export interface SniffedType {
  contentType: DocumentContentType;
  /** The extension the stored name gets, whatever the uploaded name said. */
  extension: string;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF = ascii('%PDF-');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const FTYP = ascii('ftyp');
/** Major brands of HEIF files holding HEVC images (the iPhone camera's format). */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1']);

/** How many leading bytes `sniffDocumentType` needs (the browser reads only these before an upload). */
export const SNIFF_BYTES = 16;

export function sniffDocumentType(bytes: Uint8Array): SniffedType | undefined {
  if (startsWith(bytes, JPEG)) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, PNG)) return { contentType: 'image/png', extension: 'png' };
  if (startsWith(bytes, PDF)) return { contentType: 'application/pdf', extension: 'pdf' };
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return { contentType: 'image/webp', extension: 'webp' };
  if (startsWith(bytes, FTYP, 4)) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (HEIC_BRANDS.has(brand)) return { contentType: 'image/heic', extension: 'heic' };
  }
  return undefined;
}
