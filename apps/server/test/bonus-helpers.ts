import {
  adminBonusSchema,
  depositResponseSchema,
  paginationMetaSchema,
  playerBonusSchema,
  type PlayerBonus,
} from '@croupier/contract';
import { expect } from 'vitest';
import { z } from 'zod';
import { ADMIN_KEY, adminRequest, fixtures, useGameProvider, useTestServer, type ProviderAnswer } from './fixtures';
import { dataOf, paymentsClient, sandboxPaymentId, usePaymentsServer, type Payer } from './payments-helpers';
import type { RegisteredPlayer } from './players';

/**
 * Helpers of the bonus tests (on the shared fixture in `fixtures.ts`): for wagering, a
 * server whose players bet through a third-party provider's signed wallet callbacks,
 * catalogue bonuses made through the operator API, and players with one issued and
 * activated; for deposit bonuses, the payments' server with the operator's and the
 * player's bonus calls.
 */

/** The provider whose games the wagering tests bet on, and its slot. */
export const PROVIDER = 'northern-lights';
export const SLOT = 'aurora-wilds';

/** A wallet callback's answer, with the bonus balance (minor units). */
export interface WageringAnswer extends ProviderAnswer {
  bonusBalance: number;
}

/**
 * The file's server (see `useTestServer`) with the operator key, `PROVIDER` calling the
 * game wallet from its own address with callbacks signed with `secret`, and the helpers
 * on them.
 */
export function useWageringServer(secret: string) {
  const t = useTestServer({ ADMIN_API_KEY: ADMIN_KEY, RATE_LIMIT_PER_MINUTE: '100000' });
  const provider = useGameProvider(t, PROVIDER, secret, { ip: '10.9.9.9' });
  const f = fixtures(t);
  const { p } = f;

  /** A signed callback of the provider (`bet`, `win`, `rollback`, …). */
  const call = (path: string, body: Record<string, unknown>) => provider.call<WageringAnswer>(path, body);

  let counter = 0;
  /** A transaction or round id of its own. */
  const id = (label: string) => `${label}-${Date.now()}-${++counter}`;

  /** A manual cash bonus of the catalogue; `body` adds to or overrides the type and trigger. */
  async function createBonus(body: Record<string, unknown>) {
    const response = await adminRequest(t, 'POST', '/api/admin/bonuses', {
      body: { type: 1, trigger: 'manual', ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return z.object({ data: adminBonusSchema }).parse(response.json()).data;
  }

  /** Issues the catalogue bonus `bonusId` to the player in USD and activates it; answers the player bonus's id. */
  async function activateBonus(player: RegisteredPlayer, bonusId: string): Promise<string> {
    const issued = await adminRequest(t, 'POST', `/api/admin/players/${player.id}/bonuses`, {
      body: { bonusId, currency: 'USD' },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const bonus = z.object({ data: playerBonusSchema }).parse(issued.json()).data;
    const activated = await p.put(`/api/game/player-bonuses/${bonus.id}/activate`, undefined, { token: player.token });
    expect(activated.statusCode, activated.body).toBe(200);
    return bonus.id;
  }

  /** A USD player with `realMinor` cents and a session of `game`, given `bonusId` and having activated it. */
  async function playerWithBonus(realMinor: bigint, bonusId: string, game = SLOT) {
    const { player, session, accountId } = await f.playerWithSession(game, realMinor);
    return { player, token: session, accountId, bonusId: await activateBonus(player, bonusId) };
  }

  /** The player's bonus as the player's list shows it. */
  async function bonusOf(player: { token: string }, bonusId: string): Promise<PlayerBonus> {
    const response = await p.get('/api/game/player-bonuses?perPage=100', { token: player.token });
    expect(response.statusCode, response.body).toBe(200);
    const list = z.object({ data: z.array(playerBonusSchema), meta: paginationMetaSchema }).parse(response.json()).data;
    const found = list.find((b) => b.id === bonusId);
    if (!found) throw new Error('bonus not listed');
    return found;
  }

  return { t, provider, f, p, call, id, createBonus, activateBonus, playerWithBonus, bonusOf };
}

/**
 * The file's server for deposit bonuses (see `usePaymentsServer`), its payments client, and
 * the operator's and the player's bonus calls on them.
 */
export function useBonusPaymentsServer() {
  const t = usePaymentsServer();
  const c = paymentsClient(t);
  const { p } = c;

  /** A call of the operator API with the operator key. */
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, body?: Record<string, unknown>) =>
    adminRequest(t, method, url, body ? { body } : {});

  /** A catalogue bonus made through the operator API, `body` as posted. */
  async function createBonus(body: Record<string, unknown>) {
    const response = await admin('POST', '/api/admin/bonuses', body);
    expect(response.statusCode, response.body).toBe(201);
    return z.object({ data: adminBonusSchema }).parse(response.json()).data;
  }

  /** A page of the player's bonuses; `query` is the URL's query string (with its `?`). */
  async function playerBonuses(player: { token: string }, query = '') {
    const response = await p.get(`/api/game/player-bonuses${query}`, { token: player.token });
    expect(response.statusCode, response.body).toBe(200);
    return z.object({ data: z.array(playerBonusSchema), meta: paginationMetaSchema }).parse(response.json());
  }

  /** A card deposit through the sandbox's page, paid; `choice` names its bonus or declines one. */
  async function cardDeposit(
    player: Payer,
    amount: number,
    choice: { bonusId: string | null; isBonusDecline: boolean },
  ) {
    const response = await c.deposit(player, { method: 'sandbox.card', amount, fields: {}, ...choice });
    const started = dataOf(response, depositResponseSchema);
    const payment = sandboxPaymentId(started.action || started.qr || started.fields.sandboxUrl);
    expect((await c.sandboxChoose(payment, 'succeed')).statusCode).toBe(303);
    return started;
  }

  return { t, c, p, admin, createBonus, playerBonuses, cardDeposit };
}
