import { freeRoundsAnswerSchema, type FreeRoundsCancel, type FreeRoundsGrant } from '@croupier/contract';
import type { GameProviderAccess } from './routes';
import { SIGNATURE_HEADER, signBody } from './signature';

/**
 * The casino's calls to providers about free rounds (docs/bonuses.md, "Free spins"): a
 * free-spins grant on a third-party game is sent to its provider, which then plays the
 * rounds and reports each one as a win naming the grant. The calls are signed like the
 * callbacks (HMAC-SHA256 of the raw body with the provider's secret). A call that is not
 * answered `OK` throws; the caller (a durable job) retries it, and the provider keeps one
 * grant per id, so a repeat changes nothing.
 */

/** Where the built-in sandbox provider takes grants, on this server. */
export const SANDBOX_FREE_ROUNDS_PATH = '/api/dev/game-provider/free-rounds';

export function createFreeRoundsClient(deps: {
  accessOf: (provider: string) => GameProviderAccess | undefined;
  /** This server's own address (the sandbox provider listens on it). */
  selfUrl: () => string;
  /** The in-house provider: its games play free spins themselves, with no call. */
  inHouseProvider: string;
  timeoutMs: number;
}) {
  function endpointOf(provider: string): { url: string; secret: string } | undefined {
    const access = deps.accessOf(provider);
    if (!access) return undefined;
    if (access.sandbox) return { url: `${deps.selfUrl()}${SANDBOX_FREE_ROUNDS_PATH}`, secret: access.secret };
    return access.freeRoundsUrl ? { url: access.freeRoundsUrl, secret: access.secret } : undefined;
  }

  async function send(provider: string, path: '' | '/cancel', body: FreeRoundsGrant | FreeRoundsCancel) {
    const endpoint = endpointOf(provider);
    if (!endpoint) throw new Error(`provider ${provider} takes no free rounds (no free-rounds URL)`);
    const raw = JSON.stringify(body);
    const response = await fetch(`${endpoint.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        [SIGNATURE_HEADER]: signBody(endpoint.secret, raw),
      },
      body: raw,
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const answer = freeRoundsAnswerSchema.safeParse(parsed);
    if (!response.ok || !answer.success || answer.data.status !== 'OK') {
      throw new Error(
        `provider ${provider} answered free rounds${path} with HTTP ${response.status}: ${text.slice(0, 200)}`,
      );
    }
  }

  return {
    /** Whether the provider's games play free spins through free-round calls (every provider but the in-house one). */
    isExternal: (provider: string): boolean => provider !== deps.inHouseProvider,
    /** Whether free spins can be given on the provider's games: in-house, or a provider that takes grants. */
    canGrant: (provider: string): boolean => provider === deps.inHouseProvider || endpointOf(provider) !== undefined,
    grant: (provider: string, grant: FreeRoundsGrant) => send(provider, '', grant),
    cancel: (provider: string, cancel: FreeRoundsCancel) => send(provider, '/cancel', cancel),
  };
}

export type FreeRoundsClient = ReturnType<typeof createFreeRoundsClient>;
