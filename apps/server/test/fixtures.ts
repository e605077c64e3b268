import { expect } from 'vitest';
import type { Wallet } from '../src/modules/wallet';
import type { TestServer } from './harness';
import { players, type RegisteredPlayer } from './players';
import { fund, walletOf } from './wallet-helpers';

/**
 * The setup the game tests share: players, their accounts and game sessions, all through
 * the API. Money comes from the sandbox funding account through the wallet module: no
 * player-facing API deposits without a payment provider.
 */
export function fixtures(t: TestServer, p: ReturnType<typeof players> = players(t), wallet: Wallet = walletOf(t)) {
  /** Launches a catalogue game (`POST /api/game/games/{identity}/play`); a guest without `accessToken`. */
  async function launch(identity: string, body: Record<string, unknown>, accessToken?: string) {
    const response = await p.post(`/api/game/games/${identity}/play`, body, accessToken ? { token: accessToken } : {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { token: string; gameUrl: string } }>().data;
  }

  /** The player's active account, as the wallet API lists it. */
  async function activeAccount(accessToken: string): Promise<{ id: string; currency: string }> {
    const response = await p.get('/api/wallet/accounts', { token: accessToken });
    expect(response.statusCode, response.body).toBe(200);
    const account = response
      .json<{ data: { id: string; currency: string; status: number }[] }>()
      .data.find((a) => a.status === 1);
    if (!account) throw new Error('no active account');
    return account;
  }

  /** Credits the player's active account with `amountMinor` from the sandbox; answers the account. */
  async function fundPlayer(player: RegisteredPlayer, amountMinor: bigint) {
    const account = await activeAccount(player.token);
    if (amountMinor > 0n) await fund(wallet, account.id, account.currency, amountMinor);
    return account;
  }

  return {
    p,
    wallet,
    launch,
    activeAccount,
    fundPlayer,

    /**
     * A USD player (`fields` added to the sign-up) with `fundMinor` cents and a session of
     * the catalogue game `identity`, real money unless `launchBody` says `demoMode: true`.
     * The launch comes first: it opens the player's account when it is the first.
     */
    async playerWithSession(
      identity: string,
      fundMinor: bigint,
      options: { fields?: Record<string, unknown>; launchBody?: Record<string, unknown> } = {},
    ) {
      const player = await p.registerByEmail({ currency: 'USD', ...options.fields });
      const { token, gameUrl } = await launch(identity, { demoMode: false, ...options.launchBody }, player.token);
      const account = await fundPlayer(player, fundMinor);
      return { player, session: token, gameUrl, accountId: account.id, headers: { 'x-game-session': token } };
    },
  };
}
