import { describe, expect, it } from 'vitest';
import { createS3DocumentStorage, type S3StorageSettings } from './s3-storage';
import { sha256Hex, signatureOf } from './sigv4';

const settings: S3StorageSettings = {
  endpoint: 'https://objects.example:8443',
  bucket: 'croupier-documents',
  region: 'eu-central-1',
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'a secret of the store',
  pathStyle: true,
  timeoutMs: 1000,
};
const NOW = new Date('2026-03-01T12:34:56.000Z');

interface Sent {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

/** A storage whose requests are recorded and answered with `status`. */
function recorded(overrides: Partial<S3StorageSettings> = {}, status = 200) {
  const sent: Sent[] = [];
  const storage = createS3DocumentStorage(
    { ...settings, ...overrides },
    {
      now: () => NOW,
      fetch: async (input, init) => {
        sent.push({
          url: new URL(input instanceof Request ? input.url : input),
          method: init?.method ?? 'GET',
          headers: Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>)),
          body: init?.body ? Buffer.from(init.body as Uint8Array) : undefined,
        });
        return new Response(status === 204 ? null : 'stored bytes', { status });
      },
    },
  );
  return { storage, sent };
}

describe('S3-compatible document storage', () => {
  it('puts under a random key with a signed, ACL-free request', async () => {
    const { storage, sent } = recorded();
    const bytes = Buffer.from('%PDF-1.7 a statement');
    const key = await storage.put(bytes);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const [put] = sent;
    expect(put?.method).toBe('PUT');
    expect(put?.url.href).toBe(`https://objects.example:8443/croupier-documents/${key}`);
    expect(put?.body?.equals(bytes)).toBe(true);
    expect(Object.keys(put?.headers ?? {}).sort()).toEqual(
      ['authorization', 'content-type', 'x-amz-content-sha256', 'x-amz-date'].sort(),
    );
    expect(put?.headers['x-amz-date']).toBe('20260301T123456Z');
    expect(put?.headers['x-amz-content-sha256']).toBe(sha256Hex(bytes));
    // The signature a store computes from what it receives, `host` included.
    const { authorization, ...signed } = put?.headers ?? {};
    const signature = signatureOf(
      {
        method: 'PUT',
        path: `/croupier-documents/${key}`,
        headers: { ...signed, host: 'objects.example:8443' },
        payloadSha256: sha256Hex(bytes),
      },
      settings.secretAccessKey,
      { region: 'eu-central-1', service: 's3', amzDate: '20260301T123456Z' },
    );
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20260301/eu-central-1/s3/aws4_request, ' +
        `SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=${signature}`,
    );
  });

  it('addresses the bucket as a host name when path style is off', async () => {
    const { storage, sent } = recorded({ pathStyle: false, endpoint: 'https://s3.eu-central-1.amazonaws.com' });
    await storage.get('00000000-0000-4000-8000-000000000000');
    expect(sent[0]?.url.href).toBe(
      'https://croupier-documents.s3.eu-central-1.amazonaws.com/00000000-0000-4000-8000-000000000000',
    );
    expect(sent[0]?.headers['x-amz-content-sha256']).toBe(sha256Hex(''));
  });

  it('reads a missing object as none and names the store’s error code otherwise', async () => {
    expect(await recorded({}, 404).storage.get('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    await recorded({}, 404).storage.remove('00000000-0000-4000-8000-000000000000');
    await recorded({}, 204).storage.remove('00000000-0000-4000-8000-000000000000');
    const failing = createS3DocumentStorage(settings, {
      fetch: async () => new Response('<Error><Code>AccessDenied</Code><Message>no</Message></Error>', { status: 403 }),
    });
    await expect(failing.put(Buffer.from('x'))).rejects.toThrow('document store answered 403 (AccessDenied) to PUT');
    await expect(failing.get('00000000-0000-4000-8000-000000000000')).rejects.toThrow(/403/);
  });

  it('refuses keys that are not its own ids', async () => {
    const { storage, sent } = recorded();
    for (const key of ['../other-bucket/secret', 'passport.jpg', '']) {
      await expect(storage.get(key)).rejects.toThrow(/not a document storage key/);
    }
    expect(sent).toEqual([]);
  });
});
