import { randomBytes } from 'node:crypto';
import type { Seeds } from '@croupier/contract';
import { commitServerSeed, generateClientSeed, generateServerSeed, validateClientSeed } from '@croupier/games';
import { AppError } from '../../lib/errors';
import type { GameSession } from '../game-wallet';
import type { OriginalsRepository, SeedOwner, SeedPairRow } from './repository';

/**
 * The player's seed pairs: the active pair (created on first use), its client seed, and
 * the rotation that reveals the server seed and opens the next pair.
 */

/** A signed-in player's pairs follow the player; a guest's (demo) belong to the session. */
export const ownerOf = (session: GameSession): SeedOwner =>
  session.player_id ? { playerId: session.player_id } : { sessionId: session.id };

/** A rotation committed between reading the active pair and locking it (concurrent calls). */
export const seedsChanged = () => new AppError('CONFLICT', 'The seeds have just changed. Try again.');

/** A new pair's seeds: a fresh server seed with its commitment, the given or a random client seed. */
export function newSeeds(clientSeed?: string) {
  const serverSeed = generateServerSeed((n) => randomBytes(n));
  return {
    serverSeed,
    serverSeedHash: commitServerSeed(serverSeed),
    clientSeed: clientSeed ?? generateClientSeed((n) => randomBytes(n)),
  };
}

const pairView = (pair: SeedPairRow) => ({
  id: pair.id,
  serverSeedHash: pair.server_seed_hash,
  clientSeed: pair.client_seed,
  nonce: Number(pair.nonce),
});

function checkedClientSeed(value: unknown): string {
  const result = validateClientSeed(value);
  if (!result.ok) throw AppError.validation({ clientSeed: [result.error.message] }, result.error.message);
  return result.value;
}

export function createSeeds(repository: OriginalsRepository) {
  const { db } = repository;

  async function activePair(session: GameSession): Promise<SeedPairRow> {
    const owner = ownerOf(session);
    const found = await repository.findActivePair(db, owner);
    if (found) return found;
    await repository.ensureActivePair(db, owner, newSeeds());
    const created = await repository.findActivePair(db, owner);
    if (!created) throw new Error('seed pair vanished');
    return created;
  }

  return {
    activePair,
    /** The player's seed calls, as the service answers them. */
    api: {
      async seeds(session: GameSession): Promise<Seeds> {
        return { active: pairView(await activePair(session)), previous: null };
      },

      /** Changes the client seed of the active pair; later rounds use it (the server seed stays committed). */
      async setClientSeed(session: GameSession, clientSeed: unknown): Promise<Seeds> {
        const seed = checkedClientSeed(clientSeed);
        await activePair(session);
        const pair = await db.transaction().execute(async (trx) => {
          const locked = await repository.lockActivePair(trx, ownerOf(session));
          if (!locked) throw seedsChanged();
          await repository.setClientSeed(trx, locked.id, seed);
          return { ...locked, client_seed: seed };
        });
        return { active: pairView(pair), previous: null };
      },

      /**
       * Reveals the active pair's server seed and opens a new pair (optionally with the
       * player's client seed). Refused (409) while a round on the pair is open: its seed
       * would give away the mines.
       */
      async rotate(session: GameSession, clientSeed?: unknown): Promise<Seeds> {
        const seed = clientSeed === undefined ? undefined : checkedClientSeed(clientSeed);
        await activePair(session);
        const owner = ownerOf(session);
        const { previous, active } = await db.transaction().execute(async (trx) => {
          const locked = await repository.lockActivePair(trx, owner);
          if (!locked) throw seedsChanged();
          if (await repository.pairHasOpenRound(trx, locked.id)) {
            throw new AppError('CONFLICT', 'Finish your open Mines round before changing the server seed.');
          }
          const revealed = await repository.reveal(trx, locked.id);
          await repository.ensureActivePair(trx, owner, newSeeds(seed ?? locked.client_seed));
          const next = await repository.findActivePair(trx, owner);
          if (!next) throw new Error('seed pair vanished');
          return { previous: revealed, active: next };
        });
        return { active: pairView(active), previous: { ...pairView(previous), serverSeed: previous.server_seed } };
      },
    },
  };
}

export type OriginalsSeeds = ReturnType<typeof createSeeds>;
