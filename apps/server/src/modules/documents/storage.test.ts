import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalDocumentStorage } from './storage';

const root = mkdtempSync(path.join(tmpdir(), 'croupier-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('local document storage', () => {
  it('keeps bytes under random keys in a private folder it creates, and removes them', async () => {
    const directory = path.join(root, 'documents');
    const storage = createLocalDocumentStorage(directory);
    const first = await storage.put(Buffer.from('one'));
    const second = await storage.put(Buffer.from('two'));
    expect(first).not.toBe(second);
    expect(readdirSync(directory).sort()).toEqual([first, second].sort());
    expect(statSync(directory).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(directory, first)).mode & 0o777).toBe(0o600);
    expect((await storage.get(first))?.toString()).toBe('one');
    await storage.remove(first);
    await storage.remove(first);
    expect(await storage.get(first)).toBeUndefined();
    expect(readdirSync(directory)).toEqual([second]);
  });

  it('refuses keys that are not its own ids, so no name can point elsewhere', async () => {
    const storage = createLocalDocumentStorage(path.join(root, 'other'));
    for (const key of ['../secret', 'passport.jpg', '/etc/passwd', '']) {
      await expect(storage.get(key)).rejects.toThrow(/not a document storage key/);
      await expect(storage.remove(key)).rejects.toThrow(/not a document storage key/);
    }
  });
});
