import {
  gameStartResponseSchema,
  gameWalletResponseSchema,
  type GameWalletResponse,
  type WalletAccount,
} from '@croupier/contract';
import { z } from 'zod';
import { SIGNATURE_HEADER, signBody } from '../signature';

/**
 * The two HTTP sides of the conformance kit: a third-party provider calling the wallet
 * callbacks with signed requests, and the player whose game session it plays (sign-up,
 * funding in the sandbox, game launch, the wallet as the player sees it).
 */

export type WalletCall = 'balance' | 'bet' | 'win' | 'rollback' | 'resettle' | 'end-round';

export interface ProviderCredentials {
  /** The provider identity in the catalogue (the `{provider}` path segment). */
  id: string;
  /** The HMAC-SHA256 key shared with the operator. */
  secret: string;
}

/** What a callback answered: the HTTP code and the parsed body (undefined when it is not a wallet answer). */
export interface CallbackResult {
  httpStatus: number;
  answer: GameWalletResponse | undefined;
  /** The body as received, for failure messages. */
  text: string;
}

/**
 * A provider's side: signed POSTs to `/api/game-wallet/{provider}/{call}`. `timeoutMs`
 * aborts a call that takes longer (the caller treats it as unanswered).
 */
export function createProviderClient(baseUrl: string, provider: ProviderCredentials, timeoutMs?: number) {
  return {
    provider,
    /**
     * Sends one callback. `signWith` signs with another key (the bad-signature case);
     * `signature: null` sends none.
     */
    async call(
      call: WalletCall,
      body: Record<string, unknown>,
      options: { signWith?: string; signature?: null } = {},
    ): Promise<CallbackResult> {
      const raw = JSON.stringify(body);
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (options.signature !== null) headers[SIGNATURE_HEADER] = signBody(options.signWith ?? provider.secret, raw);
      const response = await fetch(`${baseUrl}/api/game-wallet/${encodeURIComponent(provider.id)}/${call}`, {
        method: 'POST',
        headers,
        body: raw,
        ...(timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(timeoutMs) }),
      });
      const text = await response.text();
      const parsed = gameWalletResponseSchema.safeParse(safeJson(text));
      return { httpStatus: response.status, answer: parsed.success ? parsed.data : undefined, text };
    },
  };
}

export type ProviderClient = ReturnType<typeof createProviderClient>;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** An HTTP answer other than the expected one, with what the server said. */
export class HttpProblem extends Error {
  override readonly name = 'HttpProblem';
}

const authSchema = z.object({ accessToken: z.string(), profile: z.object({ id: z.string() }) });
const accountsSchema = z.object({
  data: z.array(z.object({ id: z.string(), currency: z.string(), status: z.number(), realBalance: z.number() })),
});
const freespinsSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      status: z.number(),
      result: z.number(),
      count: z.number(),
      usedCount: z.number(),
      wonAmount: z.number(),
      winningsBonusId: z.string().nullable(),
    }),
  ),
});
const currenciesSchema = z.object({ data: z.array(z.object({ code: z.string(), subunitToUnit: z.number() })) });

/** A player of the server under test, signed in over its public API. */
export async function createPlayer(baseUrl: string, options: { label: string }) {
  async function request(method: string, path: string, body: unknown, token?: string): Promise<unknown> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new HttpProblem(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
    return safeJson(text);
  }

  // A password of the kind sign-up accepts; the account is a throwaway of this run.
  const password = `Kit-${crypto.randomUUID()}`;
  const email = `${options.label}.${Date.now().toString(36)}.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const registered = await request('POST', '/api/player/register', {
    email,
    password,
    password_confirmation: password,
    agreements: 1,
  });
  const auth = authSchema.parse(z.object({ data: z.unknown() }).parse(registered).data);
  const token = auth.accessToken;

  async function account(): Promise<Pick<WalletAccount, 'id' | 'currency' | 'realBalance'>> {
    const accounts = accountsSchema.parse(await request('GET', '/api/wallet/accounts', undefined, token)).data;
    const active = accounts.find((a) => a.status === 1);
    if (!active) throw new HttpProblem('the new player has no active wallet account');
    return active;
  }
  const first = await account();
  const currencies = currenciesSchema.parse(await request('GET', '/api/settings/currencies', undefined)).data;
  const subunit = currencies.find((c) => c.code === first.currency)?.subunitToUnit;
  if (subunit === undefined) throw new HttpProblem(`currency ${first.currency} is not listed by the server`);

  return {
    id: auth.profile.id,
    /** The player's bearer token (their own API calls). */
    token,
    accountId: first.id,
    currency: first.currency,
    /** Credits play money through the sandbox funding route (servers outside production). */
    async fund(amountMajor: number): Promise<void> {
      await request('POST', `/api/dev/wallet/accounts/${first.id}/fund`, { amount: amountMajor }, token);
    },
    /** The real balance the player's own wallet shows, in minor units. */
    async walletBalanceMinor(): Promise<number> {
      return Math.round((await account()).realBalance * subunit);
    },
    /** The player's free spins as their own bonus page lists them, with what they won in minor units. */
    async freespins() {
      const answer = await request('GET', '/api/game/player-freespins?perPage=100', undefined, token);
      return freespinsSchema
        .parse(answer)
        .data.map(({ wonAmount, ...grant }) => ({ ...grant, wonMinor: Math.round(wonAmount * subunit) }));
    },
    /** Activates one of the player's issued free spins, as on their bonus page. */
    async activateFreespins(id: string): Promise<void> {
      await request('PUT', `/api/game/player-freespins/${encodeURIComponent(id)}/activate`, undefined, token);
    },
    /** Starts a real-money game as an aggregator's lobby would: the session token of the launch. */
    async launch(gameId: string): Promise<{ token: string; gameUrl: string }> {
      const answer = await request(
        'POST',
        `/api/game/games/${encodeURIComponent(gameId)}/play`,
        { demoMode: false, accountId: first.id },
        token,
      );
      return gameStartResponseSchema.parse(answer).data;
    },
  };
}

export type KitPlayer = Awaited<ReturnType<typeof createPlayer>>;

const createdSchema = z.object({ data: z.object({ id: z.string() }) });

/**
 * The operator's side the kit needs for free rounds, over the operator API (`X-Admin-Key`):
 * a free-spins bonus on the provider's game, given to the kit's player (issued).
 */
export function createOperator(baseUrl: string, adminKey: string) {
  async function post(path: string, body: unknown): Promise<unknown> {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-admin-key': adminKey },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new HttpProblem(`POST ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
    return safeJson(text);
  }
  return {
    /** Gives `rounds` free rounds of one major unit's twentieth on `gameId` in `currency`. */
    async grantFreeRounds(input: { playerId: string; gameId: string; currency: string; rounds: number }) {
      const response = await fetch(`${baseUrl}/api/settings/currencies`, { headers: { accept: 'application/json' } });
      const subunit = currenciesSchema
        .parse(safeJson(await response.text()))
        .data.find((c) => c.code === input.currency)?.subunitToUnit;
      if (subunit === undefined) throw new HttpProblem(`currency ${input.currency} is not listed by the server`);
      const betMinor = Math.max(1, Math.round(subunit / 20));
      const bonus = createdSchema.parse(
        await post('/api/admin/bonuses', {
          name: `Conformance kit: ${input.rounds} free rounds`,
          type: 3,
          trigger: 'manual',
          freespins: {
            gameId: input.gameId,
            count: input.rounds,
            betValues: [{ currency: input.currency, amount: betMinor / subunit }],
          },
          wagerCasino: 1,
          perPlayerLimit: null,
        }),
      ).data;
      const given = createdSchema.parse(
        await post(`/api/admin/players/${input.playerId}/bonuses`, { bonusId: bonus.id, currency: input.currency }),
      ).data;
      return { freeRoundsId: given.id, betMinor };
    },
  };
}
