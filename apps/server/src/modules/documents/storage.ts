import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where document bytes are kept. They are private: only the operator API reads them back,
 * and nothing serves them as files. Keys are random ids the storage chooses, never a
 * player's file name: the local directory (the default) or an S3-compatible object store
 * (`s3-storage.ts`), chosen by configuration.
 */
export interface DocumentStorage {
  /** Stores the bytes and answers their new key. */
  put(bytes: Buffer): Promise<string>;
  /** The bytes under `key`, or undefined when none are stored. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the bytes under `key` (nothing when none are stored). */
  remove(key: string): Promise<void>;
}

/** The keys both storages make: random UUIDs. */
export const DOCUMENT_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A directory of its own (DOCUMENTS_DIR), readable by the server's user only. Files are
 * named by their key alone, so a name from outside can never point elsewhere.
 */
export function createLocalDocumentStorage(directory: string): DocumentStorage {
  let ready: Promise<unknown> | undefined;
  const fileOf = (key: string) => {
    if (!DOCUMENT_KEY.test(key)) throw new Error(`not a document storage key: ${JSON.stringify(key)}`);
    return path.join(directory, key);
  };
  return {
    async put(bytes) {
      ready ??= mkdir(directory, { recursive: true, mode: 0o700 });
      await ready;
      const key = randomUUID();
      // `wx`: a key is never reused, so an existing file would be a fault, not an overwrite.
      await writeFile(fileOf(key), bytes, { flag: 'wx', mode: 0o600 });
      return key;
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
