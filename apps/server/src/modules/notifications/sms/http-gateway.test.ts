import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpSmsSender, SmsGatewayError } from './http-gateway';

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** A local stand-in for an SMS gateway: records requests, answers as `respond` says. */
let received: Received[] = [];
let respond: (res: http.ServerResponse) => void = (res) => res.writeHead(200).end('{"id":"gw-1"}');
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
      });
      respond(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const message = { to: '14155552671', text: 'Your code is 123456', category: 'otp.registration' };

describe('HTTP SMS gateway adapter', () => {
  it('posts the message as JSON with the token and returns the gateway id', async () => {
    received = [];
    respond = (res) => res.writeHead(202, { 'content-type': 'application/json' }).end('{"messageId":42}');
    const sender = createHttpSmsSender({ url: `${baseUrl}/v1/sms`, token: 's3cret', sender: 'Croupier' });
    await expect(sender.send(message)).resolves.toEqual({ id: '42' });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/sms');
    expect(request?.headers.authorization).toBe('Bearer s3cret');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['x-croupier-category']).toBe('otp.registration');
    expect(request?.body).toMatchObject({ to: '+14155552671', from: 'Croupier', text: 'Your code is 123456' });
    expect((request?.body as { reference: string }).reference).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends no authorization header without a token and falls back to its own reference', async () => {
    received = [];
    respond = (res) => res.writeHead(200).end('accepted');
    const sender = createHttpSmsSender({ url: baseUrl, sender: 'Croupier' });
    const result = await sender.send(message);
    expect(received[0]?.headers.authorization).toBeUndefined();
    expect(result.id).toBe((received[0]?.body as { reference: string }).reference);
  });

  it('rejects when the gateway refuses the message', async () => {
    respond = (res) => res.writeHead(400).end('{"error":"invalid number"}');
    const sender = createHttpSmsSender({ url: baseUrl, sender: 'Croupier' });
    await expect(sender.send(message)).rejects.toThrow(SmsGatewayError);
    await expect(sender.send(message)).rejects.toThrow(/400.*invalid number/);
  });

  it('rejects when the gateway does not answer in time or cannot be reached', async () => {
    respond = () => {
      // never answers
    };
    const slow = createHttpSmsSender({ url: baseUrl, sender: 'Croupier', timeoutMs: 100 });
    await expect(slow.send(message)).rejects.toThrow(/unreachable/);
    // Port 1 on loopback: nothing listens there.
    const down = createHttpSmsSender({ url: 'http://127.0.0.1:1/', sender: 'Croupier' });
    await expect(down.send(message)).rejects.toThrow(SmsGatewayError);
  });
});
