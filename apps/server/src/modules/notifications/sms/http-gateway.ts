import { randomUUID } from 'node:crypto';
import type { SmsSender } from './types';

/** A code that arrives after a minute is useless; fail fast so the player can retry. */
export const DEFAULT_SMS_TIMEOUT_MS = 10_000;

export class SmsGatewayError extends Error {
  override name = 'SmsGatewayError';
}

/**
 * The real adapter: one JSON POST per message to `SMS_GATEWAY_URL`,
 *
 *     { "to": "+14155552671", "from": "Croupier", "text": "…", "reference": "<uuid>" }
 *
 * with `Authorization: Bearer <SMS_GATEWAY_TOKEN>` when a token is set. Any 2xx answer
 * means accepted; its JSON `id` (or `messageId`) is the gateway's message id, else the
 * reference is. Most SMS providers (or a small relay in front of one) take this shape.
 */
export function createHttpSmsSender(options: {
  url: string;
  token?: string | undefined;
  sender: string;
  timeoutMs?: number;
}): SmsSender {
  const timeoutMs = options.timeoutMs ?? DEFAULT_SMS_TIMEOUT_MS;
  return {
    transport: 'http-gateway',
    async send(message) {
      const reference = randomUUID();
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'x-croupier-category': message.category,
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: JSON.stringify({ to: `+${message.to}`, from: options.sender, text: message.text, reference }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new SmsGatewayError('SMS gateway unreachable', { cause: error });
      }
      const body = await response.text().catch(() => '');
      if (!response.ok) {
        // The gateway's own text may help the operator; it is logged, never shown to players.
        throw new SmsGatewayError(`SMS gateway answered ${response.status}: ${body.slice(0, 200)}`);
      }
      return { id: gatewayMessageId(body) ?? reference };
    },
  };
}

function gatewayMessageId(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const record = parsed as Record<string, unknown>;
    const id = record.id ?? record.messageId;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
  } catch {
    return undefined;
  }
}
