import { describe, expect, it } from 'vitest';
import { sniffDocumentType } from './sniff';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe('sniffDocumentType', () => {
  it('recognises the accepted formats by their first bytes', () => {
    expect(sniffDocumentType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))?.contentType).toBe('image/jpeg');
    expect(sniffDocumentType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))?.contentType).toBe('image/png');
    expect(sniffDocumentType(bytes('%PDF-1.7\n'))?.contentType).toBe('application/pdf');
    expect(sniffDocumentType(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))?.contentType).toBe('image/webp');
    expect(sniffDocumentType(bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0]))?.contentType).toBe('image/heic');
    expect(sniffDocumentType(bytes([0, 0, 0, 24], 'ftypmif1'))?.extension).toBe('heic');
  });

  it('refuses everything else, including near misses', () => {
    for (const sample of [
      bytes(''),
      bytes('hello, I am a PNG'),
      bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      bytes('PK', [3, 4]),
      bytes('MZ'),
      bytes([0xff, 0xd8]),
      bytes([0x89], 'PNG'),
      bytes(' %PDF-1.4'),
      bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '),
      bytes([0, 0, 0, 24], 'ftypavif'),
      bytes([0, 0, 0, 24], 'ftypisom'),
    ]) {
      expect(sniffDocumentType(sample)).toBeUndefined();
    }
  });
});
