import type { SniffedType } from '@croupier/contract';

const MAX_NAME_LENGTH = 255;

/**
 * The name shown for a stored file: the uploaded name without any folder part or control
 * characters, its extension replaced by the one of the recognised type (a PDF sent as
 * `scan.jpg` is `scan.pdf`). Display only: files are stored under random ids.
 */
export function documentFileName(uploaded: string | undefined, sniffed: SniffedType): string {
  const base = (uploaded ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const dot = clean.lastIndexOf('.');
  const stem = (dot > 0 ? clean.slice(0, dot) : clean).trim() || 'document';
  const suffix = `.${sniffed.extension}`;
  return `${stem.slice(0, MAX_NAME_LENGTH - suffix.length)}${suffix}`;
}
