import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freeRoundsCancelSchema, freeRoundsGrantSchema, type FreeRoundsGrant } from '@croupier/contract';
import { SIGNATURE_HEADER, signatureMatches } from '../signature';

/**
 * The provider's free-rounds endpoint as the conformance kit plays it: an HTTP listener (on
 * 127.0.0.1 unless told otherwise) taking the casino's signed grants (`POST /free-rounds`) and cancels
 * (`POST /free-rounds/cancel`), answering `{ status }` as a provider would. An unsigned or
 * badly signed call is refused (401) and not kept.
 */
export async function startFreeRoundsReceiver(options: { secret: string; port?: number; host?: string }) {
  const grants = new Map<string, FreeRoundsGrant>();
  const cancelled = new Set<string>();
  const waiters: (() => void)[] = [];
  let refused = 0;

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      request.on('error', reject);
    });

  const server = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      const answer = (status: number, body: { status: string }) => {
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      if (request.method !== 'POST') return answer(405, { status: 'WRONG_SYNTAX' });
      if (!signatureMatches(options.secret, raw, request.headers[SIGNATURE_HEADER])) {
        refused += 1;
        return answer(401, { status: 'INVALID_SIGNATURE' });
      }
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        return answer(400, { status: 'WRONG_SYNTAX' });
      }
      if (request.url === '/free-rounds') {
        const grant = freeRoundsGrantSchema.safeParse(json);
        if (!grant.success) return answer(400, { status: 'WRONG_SYNTAX' });
        if (!grants.has(grant.data.freeRoundsId)) grants.set(grant.data.freeRoundsId, grant.data);
      } else if (request.url === '/free-rounds/cancel') {
        const cancel = freeRoundsCancelSchema.safeParse(json);
        if (!cancel.success) return answer(400, { status: 'WRONG_SYNTAX' });
        cancelled.add(cancel.data.freeRoundsId);
      } else {
        return answer(404, { status: 'WRONG_SYNTAX' });
      }
      answer(200, { status: 'OK' });
      for (const wake of waiters.splice(0)) wake();
    })();
  });
  // Loopback unless told otherwise (a remote server under test needs to reach it).
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    /** What the casino is configured with as the provider's free-rounds URL. */
    url: `http://127.0.0.1:${port}/free-rounds`,
    grants,
    cancelled,
    /** Calls refused for their signature. */
    refusedCount: () => refused,
    /** Resolves at the next call taken (or after `timeoutMs`). */
    nextCall: (timeoutMs: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FreeRoundsReceiver = Awaited<ReturnType<typeof startFreeRoundsReceiver>>;
