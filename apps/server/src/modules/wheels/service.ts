import {
  channels,
  WheelState,
  type AdminWheel,
  type Wheel,
  type WheelBody,
  type WheelDraw,
  type WheelLimitPeriod,
  type WheelRule,
  type WheelRuleBody,
  type WheelRuleKind,
  type WheelSpinResult,
  type WheelsQuery,
} from '@croupier/contract';
import {
  commitServerSeed,
  drawWheelSector,
  FairRng,
  generateClientSeed,
  generateServerSeed,
  wheelDropRates,
} from '@croupier/games';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { RealtimeEvents } from '../realtime';
import { dayStartUtc, periodEnd, periodStart, utcDay } from './periods';
import type { NewSpin, PlayerWheelSpinRow, WheelDefinition, WheelRuleRow, WheelsRepository } from './repository';

const DAY_MS = 86_400_000;

/** What the wheels need of the bonus engine: a reward given in the caller's transaction. */
export interface WheelPrizes {
  grantIn: (
    trx: Transaction<Database>,
    input: { bonusId: string; playerId: string; currency: string; source: string },
  ) => Promise<unknown>;
}

export interface WheelsDeps {
  repository: WheelsRepository;
  events: RealtimeEvents;
  prizes: WheelPrizes;
  /** The currency of the player's active account (a prize is given in it). */
  activeCurrency: (playerId: string) => Promise<string | undefined>;
  randomBytes: (length: number) => Uint8Array;
  now?: () => Date;
}

/** 2 scheduled, 3 active, undefined once ended. */
export function wheelState(wheel: { start_at: Date; end_at: Date | null }, at: Date): 2 | 3 | undefined {
  if (wheel.end_at !== null && wheel.end_at <= at) return undefined;
  return wheel.start_at > at ? WheelState.scheduled : WheelState.active;
}

const isLimitPeriod = (value: string | null): value is WheelLimitPeriod => value === 'day' || value === 'week';

function sectorsOf(wheel: WheelDefinition): Wheel['items'] {
  const rates = wheelDropRates(wheel.sectors.map((s) => s.weight));
  return wheel.sectors.map((s, i) => ({ id: s.id, title: s.title, dropRate: rates[i] ?? 0 }));
}

function presentDraw(row: PlayerWheelSpinRow): WheelDraw {
  if (row.used_at === null || row.client_seed === null || row.sector_id === null || row.sector_index === null) {
    throw new Error(`spin ${row.id} is not used`);
  }
  const prize = row.prize === 'given' || row.prize === 'unavailable' ? row.prize : 'none';
  return {
    spinId: row.id,
    wheelId: row.wheel_id,
    serverSeed: row.server_seed,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: row.nonce,
    weights: row.weights ?? [],
    sectorIndex: row.sector_index,
    sectorId: row.sector_id,
    prize,
    spunAt: row.used_at.toISOString(),
  };
}

function presentRule(rule: WheelRuleRow): WheelRule {
  const kind = rule.kind as WheelRuleKind;
  return {
    id: rule.id,
    wheelId: rule.wheel_id,
    kind,
    targetId: rule.target_id,
    spins: rule.spins,
    expireAfterSeconds: rule.expire_after_seconds,
  };
}

/**
 * Prize wheels (docs/wheels.md): spins granted by rules (daily on the player's first look
 * of the UTC day, per loyalty level, per quest), each with its own committed server seed;
 * a spin draws a sector with the provably fair scheme and gives its bonus.
 */
export function createWheels(deps: WheelsDeps) {
  const { repository, events, prizes } = deps;
  const now = deps.now ?? (() => new Date());

  function newSpin(input: Omit<NewSpin, 'serverSeed' | 'serverSeedHash'>): NewSpin {
    const serverSeed = generateServerSeed(deps.randomBytes);
    return { ...input, serverSeed, serverSeedHash: commitServerSeed(serverSeed) };
  }

  /** `rule.spins` spins per rule for a cause; publishes one event per wheel after the commit. */
  async function grantByRules(
    trx: Transaction<Database>,
    playerId: string,
    rules: readonly WheelRuleRow[],
    cause: (rule: WheelRuleRow) => { source: string; defaultExpireAt: Date | null },
    options: { publish: boolean },
  ): Promise<number> {
    if (rules.length === 0) return 0;
    const at = now();
    const spins = rules.flatMap((rule) => {
      const { source, defaultExpireAt } = cause(rule);
      const expireAt =
        rule.expire_after_seconds !== null
          ? new Date(at.getTime() + rule.expire_after_seconds * 1000)
          : defaultExpireAt;
      return Array.from({ length: rule.spins }, (_, n) =>
        newSpin({ wheelId: rule.wheel_id, playerId, source: `${source}:${n + 1}`, ruleId: rule.id, expireAt }),
      );
    });
    const inserted = await repository.insertSpins(trx, spins);
    if (options.publish) await publishIssued(trx, playerId, inserted);
    return inserted.length;
  }

  async function publishIssued(trx: Transaction<Database>, playerId: string, inserted: readonly PlayerWheelSpinRow[]) {
    const perWheel = new Map<string, number>();
    for (const row of inserted) perWheel.set(row.wheel_id, (perWheel.get(row.wheel_id) ?? 0) + 1);
    if (perWheel.size === 0) return;
    const wheels = await repository.definitions(trx, [...perWheel.keys()]);
    for (const wheel of wheels) {
      events.publishAfterCommit(trx, channels.wheels(playerId), {
        event: 'wheel.spin.issued',
        playerId,
        wheel: { id: wheel.id, identity: wheel.identity, title: wheel.title },
        amount: perWheel.get(wheel.id) ?? 0,
      });
    }
  }

  /**
   * The daily rules' spins of today (UTC), granted lazily: when the player first looks at
   * the wheels (or spins) on a day, in that transaction; the cause `daily:{rule}:{day}` is
   * unique, so a day gives its spins once however many requests race.
   */
  async function grantDaily(trx: Transaction<Database>, playerId: string, publish: boolean): Promise<number> {
    const at = now();
    const rules = await repository.runningRules(trx, 'daily', at);
    const day = utcDay(at);
    const dayEnd = new Date(dayStartUtc(at).getTime() + DAY_MS);
    return grantByRules(
      trx,
      playerId,
      rules,
      (rule) => ({ source: `daily:${rule.id}:${day}`, defaultExpireAt: dayEnd }),
      { publish },
    );
  }

  /** When the wheel's period limit is reached, its end; otherwise null. */
  async function limitRefreshAt(q: Transaction<Database>, wheel: WheelDefinition, playerId: string, at: Date) {
    if (wheel.limit_spins === null || !isLimitPeriod(wheel.limit_period)) return null;
    const used = await repository.usedSince(q, playerId, wheel.id, periodStart(wheel.limit_period, at));
    return used >= wheel.limit_spins ? periodEnd(wheel.limit_period, at) : null;
  }

  function present(
    wheel: WheelDefinition,
    state: number,
    spins: readonly PlayerWheelSpinRow[],
    refreshAt: Date | null,
  ): Wheel {
    return {
      id: wheel.id,
      identity: wheel.identity,
      title: wheel.title,
      state,
      items: sectorsOf(wheel),
      startAt: wheel.start_at.toISOString(),
      endAt: wheel.end_at?.toISOString() ?? null,
      // While the limit is in force no spin may be used: none is offered.
      playerSpins:
        refreshAt !== null
          ? []
          : spins.map((s) => ({
              id: s.id,
              expireAt: s.expire_at?.toISOString() ?? null,
              serverSeedHash: s.server_seed_hash,
            })),
      limitRefreshAt: refreshAt?.toISOString() ?? null,
    };
  }

  function presentAdmin(wheel: WheelDefinition, at: Date): AdminWheel {
    const rates = wheelDropRates(wheel.sectors.map((s) => s.weight));
    return {
      id: wheel.id,
      identity: wheel.identity,
      title: wheel.title,
      state: wheelState(wheel, at) ?? 4,
      items: wheel.sectors.map((s, i) => ({
        id: s.id,
        title: s.title,
        dropRate: rates[i] ?? 0,
        weight: s.weight,
        bonusId: s.bonus_id,
      })),
      startAt: wheel.start_at.toISOString(),
      endAt: wheel.end_at?.toISOString() ?? null,
      limitSpins: wheel.limit_spins,
      limitPeriod: isLimitPeriod(wheel.limit_period) ? wheel.limit_period : null,
      rules: wheel.rules.map(presentRule),
    };
  }

  async function wheelOrThrow(idOrIdentity: string): Promise<WheelDefinition> {
    const wheel = await repository.find(repository.db, idOrIdentity);
    if (!wheel) throw AppError.notFound('No such wheel.');
    return wheel;
  }

  return {
    /** Running and scheduled wheels; signed in, the player's spins (granting today's daily spins first). */
    async list(playerId: string | null, query: WheelsQuery): Promise<{ data: Wheel[]; meta: PageMeta }> {
      const at = now();
      const all = await repository.definitions(repository.db);
      const states = query.state && query.state.length > 0 ? new Set(query.state) : undefined;
      const identities = query.identity && query.identity.length > 0 ? new Set(query.identity) : undefined;
      const listed = all.flatMap((wheel) => {
        const state = wheelState(wheel, at);
        if (state === undefined || (states && !states.has(state))) return [];
        if (identities && !identities.has(wheel.identity)) return [];
        return [{ wheel, state }];
      });
      const start = (query.page - 1) * query.perPage;
      const pageOf = listed.slice(start, start + query.perPage);
      const meta = {
        page: query.page,
        perPage: query.perPage,
        totalRows: listed.length,
        totalPages: Math.ceil(listed.length / query.perPage),
      };
      if (playerId === null) return { data: pageOf.map(({ wheel, state }) => present(wheel, state, [], null)), meta };
      const data = await events.transaction(async (trx) => {
        await grantDaily(trx, playerId, true);
        const spins = await repository.usableSpins(
          trx,
          playerId,
          pageOf.map(({ wheel }) => wheel.id),
          at,
        );
        const out: Wheel[] = [];
        for (const { wheel, state } of pageOf) {
          const refreshAt = await limitRefreshAt(trx, wheel, playerId, at);
          out.push(
            present(
              wheel,
              state,
              spins.filter((s) => s.wheel_id === wheel.id),
              refreshAt,
            ),
          );
        }
        return out;
      });
      return { data, meta };
    },

    /**
     * Uses one of the player's spins: the spins are locked, the one expiring first is taken,
     * the sector drawn from its server seed, the client seed and nonce 0, the draw stored on
     * the spin and its prize given as a bonus (`wheel-spin:{spinId}`), all in one transaction.
     */
    async spin(playerId: string, idOrIdentity: string, clientSeedIn: string | undefined): Promise<WheelSpinResult> {
      const known = await wheelOrThrow(idOrIdentity);
      const currency = await deps.activeCurrency(playerId);
      const clientSeed = clientSeedIn ?? generateClientSeed(deps.randomBytes);
      return events.transaction(async (trx) => {
        const at = now();
        const wheel = await repository.find(trx, known.id);
        if (!wheel || wheelState(wheel, at) !== WheelState.active) throw new AppError('WHEEL_NOT_ACTIVE');
        await grantDaily(trx, playerId, false);
        const unused = await repository.lockUnused(trx, playerId, wheel.id);
        const usable = unused
          .filter((s) => s.expire_at === null || s.expire_at > at)
          .sort(
            (a, b) =>
              (a.expire_at?.getTime() ?? Number.POSITIVE_INFINITY) -
                (b.expire_at?.getTime() ?? Number.POSITIVE_INFINITY) ||
              a.created_at.getTime() - b.created_at.getTime() ||
              a.id.localeCompare(b.id),
          );
        const spin = usable[0];
        if (!spin) throw new AppError(unused.length > 0 ? 'WHEEL_SPINS_EXPIRED' : 'WHEEL_NO_SPINS');
        const refreshAt = await limitRefreshAt(trx, wheel, playerId, at);
        if (refreshAt !== null) {
          throw new AppError(
            'WHEEL_SPIN_LIMIT',
            `The spin limit of this period is reached until ${refreshAt.toISOString()}.`,
          );
        }
        const weights = wheel.sectors.map((s) => s.weight);
        const nonce = 0;
        const index = drawWheelSector(new FairRng(spin.server_seed, clientSeed, nonce), weights);
        const sector = wheel.sectors[index];
        if (!sector) throw new Error(`wheel ${wheel.id} has no sector ${index}`);
        let prize: 'none' | 'given' | 'unavailable' = 'none';
        if (sector.bonus_id !== null) {
          prize = 'unavailable';
          if (currency !== undefined) {
            try {
              await prizes.grantIn(trx, {
                bonusId: sector.bonus_id,
                playerId,
                currency,
                source: `wheel-spin:${spin.id}`,
              });
              prize = 'given';
            } catch (error) {
              // No terms in the player's currency: checked before the engine writes anything.
              if (!(error instanceof AppError) || error.errorName !== 'VALIDATION_FAILED') throw error;
            }
          }
        }
        const used = await repository.markUsed(trx, spin.id, {
          usedAt: at,
          clientSeed,
          nonce,
          sectorId: sector.id,
          sectorIndex: index,
          weights,
          prize,
        });
        const rates = wheelDropRates(weights);
        return { id: sector.id, title: sector.title, dropRate: rates[index] ?? 0, draw: presentDraw(used) };
      });
    },

    /** The player's spins of a wheel with their revealed seeds, newest first. */
    async draws(playerId: string, idOrIdentity: string, page: { page: number; perPage: number }) {
      const wheel = await wheelOrThrow(idOrIdentity);
      const { rows, totalRows } = await repository.draws(playerId, wheel.id, page);
      return {
        data: rows.map(presentDraw),
        meta: { page: page.page, perPage: page.perPage, totalRows, totalPages: Math.ceil(totalRows / page.perPage) },
      };
    },

    /** `retention.level-reached`, in the loyalty engine's transaction. */
    async onLevelReached(input: { trx: Transaction<Database>; playerId: string; levelId: string }): Promise<number> {
      const rules = await repository.runningRules(input.trx, 'level', now(), input.levelId);
      return grantByRules(
        input.trx,
        input.playerId,
        rules,
        (rule) => ({ source: `level:${input.levelId}:${rule.id}`, defaultExpireAt: null }),
        { publish: true },
      );
    },

    /** `retention.quest-completed`, in the quest engine's transaction. */
    async onQuestCompleted(input: {
      trx: Transaction<Database>;
      playerId: string;
      questId: string;
      playerQuestId: string;
    }): Promise<number> {
      const rules = await repository.runningRules(input.trx, 'quest', now(), input.questId);
      return grantByRules(
        input.trx,
        input.playerId,
        rules,
        (rule) => ({ source: `quest:${input.playerQuestId}:${rule.id}`, defaultExpireAt: null }),
        { publish: true },
      );
    },

    // --- the operator's side ---
    async listAdmin(): Promise<AdminWheel[]> {
      const at = now();
      return (await repository.definitions(repository.db)).map((w) => presentAdmin(w, at));
    },

    async createWheel(body: WheelBody): Promise<AdminWheel> {
      const bonusIds = [...new Set(body.items.flatMap((i) => (i.bonusId === null ? [] : [i.bonusId])))];
      const existing = await repository.existingBonuses(bonusIds);
      const missing = body.items.findIndex((i) => i.bonusId !== null && !existing.has(i.bonusId));
      if (missing >= 0) throw AppError.validation({ [`items.${missing}.bonusId`]: ['No such bonus.'] });
      const total = body.items.reduce((sum, i) => sum + i.weight, 0);
      if (total > 4_294_967_296) throw AppError.validation({ items: ['The weights add up to more than 2^32.'] });
      const inserted = await repository.insertWheel(
        {
          identity: body.identity,
          title: body.title,
          startAt: new Date(body.startAt),
          endAt: body.endAt === null ? null : new Date(body.endAt),
          limitSpins: body.limitSpins,
          limitPeriod: body.limitPeriod,
        },
        body.items,
      );
      if (inserted === 'identity-taken') throw AppError.validation({ identity: ['This identity is taken.'] });
      return presentAdmin(await wheelOrThrow(inserted.id), now());
    },

    async createRule(idOrIdentity: string, body: WheelRuleBody): Promise<WheelRule> {
      const wheel = await wheelOrThrow(idOrIdentity);
      return presentRule(
        await repository.insertRule({
          wheelId: wheel.id,
          kind: body.kind,
          targetId: body.targetId,
          spins: body.spins,
          expireAfterSeconds: body.expireAfterSeconds,
        }),
      );
    },

    /** The operator gives spins by hand (`operator:{key}`: the same key gives nothing again). */
    async grantSpins(
      idOrIdentity: string,
      body: { playerId: string; spins: number; key: string; expireAfterSeconds: number | null },
    ): Promise<{ granted: number }> {
      const wheel = await wheelOrThrow(idOrIdentity);
      if (!(await repository.playerExists(body.playerId))) throw AppError.validation({ playerId: ['No such player.'] });
      const at = now();
      const expireAt =
        body.expireAfterSeconds === null ? null : new Date(at.getTime() + body.expireAfterSeconds * 1000);
      const granted = await events.transaction(async (trx) => {
        const spins = Array.from({ length: body.spins }, (_, n) =>
          newSpin({
            wheelId: wheel.id,
            playerId: body.playerId,
            source: `operator:${body.key}:${n + 1}`,
            ruleId: null,
            expireAt,
          }),
        );
        const inserted = await repository.insertSpins(trx, spins);
        await publishIssued(trx, body.playerId, inserted);
        return inserted.length;
      });
      return { granted };
    },
  };
}

export interface PageMeta {
  page: number;
  perPage: number;
  totalRows: number;
  totalPages: number;
}

export type Wheels = ReturnType<typeof createWheels>;
