import { afterAll } from 'vitest';
import { startFreeRoundsReceiver, type FreeRoundsReceiver } from '../src/modules/game-wallet/conformance';
import { ADMIN_KEY, useTestServer } from './fixtures';
import type { TestServer } from './harness';

/**
 * Helpers of the tests of third-party providers' free rounds (the conformance kit's and
 * the game wallet's): a server whose providers `northern-lights` and `golden-koi` sign
 * their calls, the first taking free rounds at the kit's receiver.
 */

/**
 * The file's server (see `useTestServer`) with the operator key, `northern-lights` signing
 * with `secret` and delivering free rounds to the kit's receiver (started before the server
 * that calls it, closed with it), and `golden-koi` signing with `otherSecret`; `env` adds
 * to the environment.
 */
export function useFreeRoundsServer(
  secrets: { secret: string; otherSecret: string },
  env: Record<string, string> = {},
): { t: TestServer; receiver: () => FreeRoundsReceiver } {
  let receiver: FreeRoundsReceiver | undefined;
  const t = useTestServer(async () => {
    receiver = await startFreeRoundsReceiver({ secret: secrets.secret });
    return {
      ADMIN_API_KEY: ADMIN_KEY,
      RATE_LIMIT_ALLOW_IPS: '127.0.0.1',
      GAME_PROVIDERS: 'northern-lights, golden-koi',
      GAME_PROVIDER_NORTHERN_LIGHTS_SECRET: secrets.secret,
      GAME_PROVIDER_NORTHERN_LIGHTS_FREE_ROUNDS_URL: receiver.url,
      GAME_PROVIDER_GOLDEN_KOI_SECRET: secrets.otherSecret,
      ...env,
    };
  });
  afterAll(async () => {
    await receiver?.close();
  });
  return {
    t,
    receiver: () => {
      if (!receiver) throw new Error('the free-rounds receiver is not started');
      return receiver;
    },
  };
}

/** The enabled, unrestricted catalogue games of a provider, by identity. */
export async function playableGames(t: TestServer, provider: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('games')
    .innerJoin('game_providers', 'game_providers.id', 'games.provider_id')
    .select(['games.identity', 'games.restricted_countries'])
    .where('game_providers.identity', '=', provider)
    .where('games.is_enabled', '=', true)
    .orderBy('games.identity')
    .execute();
  return rows.filter((row) => row.restricted_countries.length === 0).map((row) => row.identity);
}
