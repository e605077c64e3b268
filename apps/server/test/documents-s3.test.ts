import { documentFileSchema, documentSettingsSchema, type DocumentFile } from '@croupier/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createS3DocumentStorage } from '../src/modules/documents/s3-storage';
import { ADMIN_KEY, adminRequest, useTestServer } from './fixtures';
import { players, type RegisteredPlayer } from './players';
import { startS3TestServer, type S3TestServer } from './s3-test-server';

/**
 * Documents kept in an S3-compatible object store (docs/player-protection.md, "Documents"):
 * the API's upload, the operator's download and the player's delete go through a store
 * that checks every request's Signature Version 4.
 */

let store: S3TestServer | undefined;
const s3 = () => {
  if (!store) throw new Error('the S3 test server is not started');
  return store;
};
afterAll(async () => store?.close());

const MAX_FILE_BYTES = 32 * 1024;
const t = useTestServer(async () => {
  store = await startS3TestServer();
  return {
    ADMIN_API_KEY: ADMIN_KEY,
    DOCUMENTS_MAX_FILE_BYTES: String(MAX_FILE_BYTES),
    DOCUMENTS_S3_ENDPOINT: store.url,
    DOCUMENTS_S3_BUCKET: store.bucket,
    DOCUMENTS_S3_REGION: store.region,
    DOCUMENTS_S3_ACCESS_KEY_ID: store.accessKeyId,
    DOCUMENTS_S3_SECRET_ACCESS_KEY: store.secretAccessKey,
    RATE_LIMIT_PER_MINUTE: '100000',
  };
});
const p = players(t);

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a bill')]);

async function upload(player: RegisteredPlayer, bytes: Buffer): Promise<DocumentFile> {
  const boundary = 'croupier-s3-test';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="type"\r\n\r\naddress\r\n`),
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="bill.png"\r\n` +
        'content-type: image/png\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await p.post('/api/player/documents', body, {
    token: player.token,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return z.object({ data: documentFileSchema }).parse(response.json()).data;
}

describe('documents in an S3-compatible store', () => {
  it('uploads through the API into the bucket, lets the operator download it, and deletes it', async () => {
    const player = await p.registerByEmail();
    const document = await upload(player, PNG);
    expect(document).toMatchObject({ fileName: 'bill.png', type: 'address', status: 2 });

    // One object, under a random key, holding exactly the bytes sent; no ACL was asked for.
    expect(s3().objects.size).toBe(1);
    const [key = ''] = s3().objects.keys();
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(s3().objects.get(key)?.equals(PNG)).toBe(true);
    expect(s3().requests).toEqual([`PUT /${s3().bucket}/${key} 200`]);

    const download = await adminRequest(t, 'GET', `/api/admin/documents/${document.id}/file`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect(s3().requests.at(-1)).toBe(`GET /${s3().bucket}/${key} 200`);

    const deleted = await t.app.server.inject({
      method: 'DELETE',
      url: `/api/player/documents/${document.id}`,
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(s3().objects.size).toBe(0);
    expect(s3().requests.at(-1)).toBe(`DELETE /${s3().bucket}/${key} 204`);
    expect((await adminRequest(t, 'GET', `/api/admin/documents/${document.id}/file`)).statusCode).toBe(404);
  });

  it('tells the page the configured size limit', async () => {
    const player = await p.registerByEmail();
    const response = await p.get('/api/player/documents/settings', { token: player.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(z.object({ data: documentSettingsSchema }).parse(response.json()).data).toEqual({
      maxFileBytes: MAX_FILE_BYTES,
    });
    expect((await t.app.server.inject({ url: '/api/player/documents/settings' })).statusCode).toBe(401);
  });

  it('is refused by the store with a wrong secret, and reads a missing object as none', async () => {
    const settings = {
      endpoint: s3().url,
      bucket: s3().bucket,
      region: s3().region,
      accessKeyId: s3().accessKeyId,
      pathStyle: true,
      timeoutMs: 5000,
    };
    const wrong = createS3DocumentStorage({ ...settings, secretAccessKey: 'not the secret at all' });
    await expect(wrong.put(PNG)).rejects.toThrow(/answered 403 \(SignatureDoesNotMatch\) to PUT/);
    const wrongRegion = createS3DocumentStorage({
      ...settings,
      region: 'us-west-2',
      secretAccessKey: s3().secretAccessKey,
    });
    await expect(wrongRegion.put(PNG)).rejects.toThrow(/403/);
    // A request signed 20 minutes ago is a replay to the store.
    const late = createS3DocumentStorage(
      { ...settings, secretAccessKey: s3().secretAccessKey },
      { now: () => new Date(Date.now() - 20 * 60_000) },
    );
    await expect(late.put(PNG)).rejects.toThrow(/answered 403 \(RequestTimeTooSkewed\)/);
    expect(s3().objects.size).toBe(0);

    const right = createS3DocumentStorage({ ...settings, secretAccessKey: s3().secretAccessKey });
    expect(await right.get('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    await right.remove('00000000-0000-4000-8000-000000000000');
    await expect(right.get('../other-bucket/x')).rejects.toThrow(/not a document storage key/);
    const key = await right.put(PNG);
    expect((await right.get(key))?.equals(PNG)).toBe(true);
    await right.remove(key);
    expect(s3().objects.has(key)).toBe(false);
  });
});
