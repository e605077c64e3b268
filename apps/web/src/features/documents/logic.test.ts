import type { DocumentFile } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_GROUPS,
  formatFileSize,
  groupDocuments,
  isAcceptedFile,
  isTooLarge,
  statusName,
  typeKey,
  uploadFailure,
} from './logic';

const doc = (id: string, type: DocumentFile['type'], status = 2): DocumentFile => ({
  id,
  type,
  status,
  fileName: `${id}.jpg`,
  createdAt: '2026-01-01T00:00:00.000Z',
  rejectReason: status === 3 ? 'Blurred' : null,
});

describe('groupDocuments', () => {
  it('puts passport sides together and both payment sides together, keeping the order', () => {
    const groups = groupDocuments([
      doc('a', 'payment_back'),
      doc('b', 'identity_back'),
      doc('c', 'identity_front'),
      doc('d', 'payment'),
      doc('e', 'other'),
    ]);
    const byId = Object.fromEntries(groups.map(({ group, documents }) => [group.id, documents.map((d) => d.id)]));
    expect(byId).toEqual({ identity: ['b', 'c'], selfie: [], address: [], payment: ['a', 'd'], other: ['e'] });
  });

  it('covers every document type exactly once', () => {
    const types = DOCUMENT_GROUPS.flatMap((group) => group.types);
    expect(new Set(types).size).toBe(types.length);
    expect(types).toHaveLength(7);
  });
});

describe('names', () => {
  it('maps types to their content keys and statuses to their names', () => {
    expect(typeKey('identity_selfie_id')).toBe('identitySelfieId');
    expect(typeKey('payment_back')).toBe('paymentBack');
    expect(typeKey('address')).toBe('address');
    expect([1, 2, 3, 0].map(statusName)).toEqual(['approved', 'pending', 'declined', 'pending']);
  });
});

describe('uploads', () => {
  it('checks a file by its first bytes before sending it', () => {
    expect(isAcceptedFile(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(isAcceptedFile(new TextEncoder().encode('%PDF-1.4'))).toBe(true);
    expect(isAcceptedFile(new TextEncoder().encode('plain text named photo.png'))).toBe(false);
    expect(isAcceptedFile(new Uint8Array())).toBe(false);
  });

  it('tells a file too large, the pending limit, a lost connection and anything else apart', () => {
    expect(uploadFailure({ status: 413 })).toBe('tooLarge');
    expect(uploadFailure({ status: 422, fields: { file: ['Too many waiting.'] } })).toBe('tooMany');
    expect(uploadFailure({ status: 422, fields: { type: ['Choose a type.'] } })).toBe('failed');
    expect(uploadFailure({ status: 0 })).toBe('offline');
    expect(uploadFailure(undefined)).toBe('offline');
    expect(uploadFailure({ status: 500 })).toBe('failed');
  });
});

describe('the size limit', () => {
  it('names the server’s limit in the locale’s words', () => {
    expect(formatFileSize(10 * 1024 * 1024, 'en')).toBe('10 MB');
    // French puts a narrow no-break space before its own unit.
    expect(formatFileSize(10 * 1024 * 1024, 'fr')).toMatch(/^10\sMo$/);
    expect(formatFileSize(2.5 * 1024 * 1024, 'de')).toBe('2,5 MB');
    // Never more than the limit: 1.99 MiB is "1.9 MB", not "2 MB".
    expect(formatFileSize(Math.floor(1.99 * 1024 * 1024), 'en')).toBe('1.9 MB');
    expect(formatFileSize(64 * 1024, 'en')).toBe('64 kB');
  });

  it('refuses a file over the limit before sending it', () => {
    expect(isTooLarge(5 * 1024 * 1024, 5 * 1024 * 1024)).toBe(false);
    expect(isTooLarge(5 * 1024 * 1024 + 1, 5 * 1024 * 1024)).toBe(true);
  });
});
