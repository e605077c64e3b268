import { DocumentStatus, sniffDocumentType, type DocumentFile, type DocumentType } from '@croupier/contract';

export { SNIFF_BYTES } from '@croupier/contract';

/**
 * The documents page's rules, apart from React: how types are grouped, what a status is
 * called, and which text an upload's failure shows.
 */

/** A group of the page: one card with an upload row per type (passport = front + back, payment = both sides). */
export interface DocumentGroup {
  id: 'identity' | 'selfie' | 'address' | 'payment' | 'other';
  types: readonly DocumentType[];
}

export const DOCUMENT_GROUPS: readonly DocumentGroup[] = [
  { id: 'identity', types: ['identity_front', 'identity_back'] },
  { id: 'selfie', types: ['identity_selfie_id'] },
  { id: 'address', types: ['address'] },
  { id: 'payment', types: ['payment', 'payment_back'] },
  { id: 'other', types: ['other'] },
];

/** The content key of a type's name (`global-components` `documents.{key}`). */
export function typeKey(type: DocumentType): string {
  return type.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

/** Each group with its documents, newest first (the list arrives newest first). */
export function groupDocuments(
  documents: readonly DocumentFile[],
): { group: DocumentGroup; documents: DocumentFile[] }[] {
  return DOCUMENT_GROUPS.map((group) => ({
    group,
    documents: documents.filter((document) => group.types.includes(document.type)),
  }));
}

export type StatusName = 'approved' | 'pending' | 'declined';

/** The status's name (`global-components` `statuses.document.{name}`); unknown values count as pending. */
export function statusName(status: number): StatusName {
  if (status === DocumentStatus.APPROVE) return 'approved';
  if (status === DocumentStatus.CANCELED) return 'declined';
  return 'pending';
}

/** Files the picker offers; the server decides by content whatever the picker lets through. */
export const ACCEPTED_FILES =
  '.jpg,.jpeg,.png,.pdf,.webp,.heic,image/jpeg,image/png,application/pdf,image/webp,image/heic';

/**
 * A size limit for the texts: megabytes (binary, as the server counts) to one decimal, or
 * kilobytes below one, in the locale's words (`10 MB`, `10 Mo`).
 */
export function formatFileSize(bytes: number, locale: string): string {
  const megabytes = bytes / (1024 * 1024);
  const [value, unit] = megabytes >= 1 ? [megabytes, 'megabyte'] : [bytes / 1024, 'kilobyte'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(
    Math.floor(value * 10) / 10,
  );
}

/** Whether the browser should refuse a file before sending it (the server would answer 413). */
export const isTooLarge = (sizeBytes: number, maxFileBytes: number): boolean => sizeBytes > maxFileBytes;

export type UploadFailure = 'fileType' | 'tooLarge' | 'tooMany' | 'failed' | 'offline';

/**
 * Whether a file may be sent: its first bytes must be a format the server accepts
 * (the server checks again; this only spares the player a useless upload).
 */
export function isAcceptedFile(head: Uint8Array): boolean {
  return sniffDocumentType(head) !== undefined;
}

/**
 * What an upload's failure says (a key under `profile.documents.errors`). A file the
 * browser found acceptable and the server refused on `file` met the pending limit of its type.
 */
export function uploadFailure(error: { status: number; fields?: Record<string, string[]> } | undefined): UploadFailure {
  if (!error || error.status === 0) return 'offline';
  if (error.status === 413) return 'tooLarge';
  if (error.status === 422 && error.fields?.file) return 'tooMany';
  return 'failed';
}
