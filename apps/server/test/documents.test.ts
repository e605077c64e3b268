import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  adminDocumentSchema,
  channels,
  DocumentStatus,
  documentFileSchema,
  type DocumentFile,
} from '@croupier/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN_KEY, adminRequest, useTestServer } from './fixtures';
import { recordPublications } from './payments-helpers';
import { errorOf, players, type RegisteredPlayer } from './players';
import { eventually } from './realtime-helpers';

/** Players' documents (docs/player-protection.md, "Documents"): uploads by content, private storage, the review. */

const directory = mkdtempSync(path.join(tmpdir(), 'croupier-documents-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const MAX_FILE_BYTES = 64 * 1024;
const t = useTestServer({
  ADMIN_API_KEY: ADMIN_KEY,
  DOCUMENTS_DIR: directory,
  DOCUMENTS_MAX_FILE_BYTES: String(MAX_FILE_BYTES),
  DOCUMENTS_MAX_PENDING_PER_TYPE: '2',
  RATE_LIMIT_PER_MINUTE: '100000',
});
const p = players(t);

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF photo of a passport')]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');
const TEXT = Buffer.from('just some words, not an image');

interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart/form-data body as a browser's FormData sends it. */
function form(parts: (FilePart | { name: string; value: string })[]) {
  const boundary = `----croupier${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
            `content-type: ${part.contentType}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function uploadRaw(player: RegisteredPlayer, type: string | undefined, file?: Partial<FilePart>) {
  const { body, contentType } = form([
    ...(type === undefined ? [] : [{ name: 'type', value: type }]),
    ...(file ? [{ name: 'file', filename: 'passport.jpg', contentType: 'image/jpeg', bytes: JPEG, ...file }] : []),
  ]);
  return p.post('/api/player/documents', body, { token: player.token, headers: { 'content-type': contentType } });
}

async function upload(player: RegisteredPlayer, type: string, file: Partial<FilePart> = {}): Promise<DocumentFile> {
  const response = await uploadRaw(player, type, file);
  expect(response.statusCode, response.body).toBe(200);
  return z.object({ data: documentFileSchema }).parse(response.json()).data;
}

async function list(player: RegisteredPlayer): Promise<DocumentFile[]> {
  const response = await p.get('/api/player/documents', { token: player.token });
  expect(response.statusCode, response.body).toBe(200);
  return z.object({ data: z.array(documentFileSchema) }).parse(response.json()).data;
}

const remove = (player: RegisteredPlayer, id: string) =>
  t.app.server.inject({
    method: 'DELETE',
    url: `/api/player/documents/${id}`,
    headers: { authorization: `Bearer ${player.token}` },
  });

const storedFiles = () => readdirSync(directory);

describe('player documents', () => {
  it('stores an upload privately under a random name and lists it as pending', async () => {
    const player = await p.registerByEmail();
    const before = storedFiles().length;
    const document = await upload(player, 'identity_front');
    expect(document).toMatchObject({
      fileName: 'passport.jpg',
      status: DocumentStatus.PENDING,
      type: 'identity_front',
      rejectReason: null,
    });
    expect(await list(player)).toEqual([document]);
    const files = storedFiles();
    expect(files).toHaveLength(before + 1);
    expect(files.every((name) => /^[0-9a-f-]{36}$/.test(name))).toBe(true);

    // Only the operator reads the bytes back.
    const download = await adminRequest(t, 'GET', `/api/admin/documents/${document.id}/file`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.headers['content-disposition']).toContain('passport.jpg');
    expect(download.rawPayload.equals(JPEG)).toBe(true);
    expect((await adminRequest(t, 'GET', `/api/admin/documents/${document.id}/file`, { key: null })).statusCode).toBe(
      401,
    );
    const guest = await t.app.server.inject({ url: '/api/player/documents' });
    expect(guest.statusCode).toBe(401);
  });

  it('goes by the content, not the name: a PDF named .jpg is a PDF, a text file named .png is refused', async () => {
    const player = await p.registerByEmail();
    const pdf = await upload(player, 'address', { filename: 'bill.jpg', contentType: 'image/jpeg', bytes: PDF });
    expect(pdf.fileName).toBe('bill.pdf');
    const queued = await adminRequest(t, 'GET', `/api/admin/documents?playerId=${player.id}`);
    const [stored] = z.object({ data: z.array(adminDocumentSchema) }).parse(queued.json()).data;
    expect(stored).toMatchObject({ id: pdf.id, contentType: 'application/pdf', sizeBytes: PDF.length });

    const before = storedFiles().length;
    const text = await uploadRaw(player, 'address', { filename: 'photo.png', contentType: 'image/png', bytes: TEXT });
    expect(text.statusCode).toBe(422);
    expect(errorOf(text).fields?.file?.[0]).toMatch(/JPG, PNG, PDF/);
    const empty = await uploadRaw(player, 'address', { bytes: Buffer.alloc(0) });
    expect(errorOf(empty).fields?.file).toBeDefined();
    const noType = await uploadRaw(player, 'passport', {});
    expect(noType.statusCode).toBe(422);
    expect(errorOf(noType).fields?.type).toBeDefined();
    const noFile = await uploadRaw(player, 'other');
    expect(errorOf(noFile).fields?.file).toBeDefined();
    const json = await p.post('/api/player/documents', { type: 'other' }, { token: player.token });
    expect(json.statusCode).toBe(415);
    expect(storedFiles()).toHaveLength(before);
    expect(await list(player)).toHaveLength(1);
  });

  it('refuses a file over the size limit with 413', async () => {
    const player = await p.registerByEmail();
    const big = Buffer.concat([JPEG, Buffer.alloc(MAX_FILE_BYTES)]);
    const response = await uploadRaw(player, 'other', { bytes: big });
    expect(response.statusCode).toBe(413);
    expect(errorOf(response).code).toBe(1008);
    expect(await list(player)).toEqual([]);
  });

  it('keeps at most the configured number pending per type', async () => {
    const player = await p.registerByEmail();
    await upload(player, 'payment');
    await upload(player, 'payment');
    const third = await uploadRaw(player, 'payment', {});
    expect(third.statusCode).toBe(422);
    expect(errorOf(third).fields?.file?.[0]).toMatch(/waiting for review/);
    await upload(player, 'payment_back');
    expect(await list(player)).toHaveLength(3);
  });

  it('deletes the player’s own pending documents only; another player’s id is not found', async () => {
    const [owner, other] = [await p.registerByEmail(), await p.registerByEmail()];
    const kept = await upload(owner, 'identity_front');
    const doomed = await upload(owner, 'identity_back');
    const before = storedFiles().length;

    for (const id of [doomed.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const response = await remove(other, id);
      expect(response.statusCode, id).toBe(404);
    }
    const deleted = await remove(owner, doomed.id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(z.object({ data: z.array(documentFileSchema) }).parse(deleted.json()).data).toEqual([kept]);
    expect(storedFiles()).toHaveLength(before - 1);
    expect((await remove(owner, doomed.id)).statusCode).toBe(404);

    // Reviewed documents stay.
    expect((await adminRequest(t, 'POST', `/api/admin/documents/${kept.id}/approve`)).statusCode).toBe(200);
    expect((await remove(owner, kept.id)).statusCode).toBe(409);
  });

  it('lets the operator approve and reject, and tells the player in realtime', async () => {
    const player = await p.registerByEmail();
    const front = await upload(player, 'identity_front');
    const back = await upload(player, 'identity_back');
    const recorder = recordPublications(t);
    try {
      expect((await adminRequest(t, 'GET', '/api/admin/documents?status=2', { key: 'wrong' })).statusCode).toBe(401);
      const queue = z
        .object({ data: z.array(adminDocumentSchema) })
        .parse((await adminRequest(t, 'GET', '/api/admin/documents?status=2')).json()).data;
      expect(queue.map((d) => d.id)).toEqual(expect.arrayContaining([front.id, back.id]));
      expect(queue.every((d) => d.status === DocumentStatus.PENDING)).toBe(true);

      const approved = await adminRequest(t, 'POST', `/api/admin/documents/${front.id}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(adminDocumentSchema.parse(approved.json<{ data: unknown }>().data)).toMatchObject({
        status: DocumentStatus.APPROVE,
        playerId: player.id,
      });
      const noReason = await adminRequest(t, 'POST', `/api/admin/documents/${back.id}/reject`, {
        body: { reason: ' ' },
      });
      expect(noReason.statusCode).toBe(422);
      const rejected = await adminRequest(t, 'POST', `/api/admin/documents/${back.id}/reject`, {
        body: { reason: 'The photo is blurred.' },
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect((await adminRequest(t, 'POST', `/api/admin/documents/${back.id}/approve`)).statusCode).toBe(409);
      expect(
        (await adminRequest(t, 'POST', '/api/admin/documents/00000000-0000-4000-8000-000000000000/approve')).statusCode,
      ).toBe(404);

      const channel = channels.documents(player.id);
      await eventually('both events', () => recorder.seen.filter((s) => s.channel === channel).length === 2);
      expect(recorder.seen.filter((s) => s.channel === channel).map((s) => s.data)).toEqual([
        { event: 'player.document.updated', document: { ...front, status: DocumentStatus.APPROVE } },
        {
          event: 'player.document.updated',
          document: { ...back, status: DocumentStatus.CANCELED, rejectReason: 'The photo is blurred.' },
        },
      ]);
      const mine = await list(player);
      expect(mine.find((d) => d.id === back.id)).toMatchObject({ status: 3, rejectReason: 'The photo is blurred.' });
    } finally {
      recorder.stop();
    }
  });
});
