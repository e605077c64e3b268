import { randomUUID } from 'node:crypto';
import { MAX_FAVOURITE_GAMES, type Game, type Winner } from '@croupier/contract';
import type { PublicationContext, SubscribedContext } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../src/modules/game-wallet/signature';
import { createGamesRepository } from '../src/modules/games/repository';
import { fixtures, useApp, useTestServer } from './fixtures';
import { bearer, errorOf, type RegisteredPlayer } from './players';
import { Clients, eventually, listen, sleep, waitFor } from './realtime-helpers';

const PROVIDER = 'northern-lights';
const PROVIDER_SECRET = 'northern-lights-winners-secret';
const t = useTestServer();
const f = fixtures(t);
const { p } = f;
let url = '';
const clients = new Clients(() => url);
beforeAll(async () => {
  ({ url } = await listen(t.app));
});
afterAll(() => {
  clients.closeAll();
});
/** A second app on the same database that a third-party provider may call. */
const providerApp = useApp(t, { gameProviders: [{ provider: PROVIDER, secret: PROVIDER_SECRET, allowIps: [] }] });

const del = (path: string, token?: string) =>
  t.app.server.inject({ method: 'DELETE', url: path, remoteAddress: p.ip(), headers: token ? bearer(token) : {} });

const namesOf = (games: Game[]) => games.map((g) => g.identity);

async function catalogueGame(identity: string): Promise<Game> {
  const response = await p.get(`/api/game/games/${identity}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Game }>().data;
}

/** Some demo-capable games of the catalogue other than the in-house ones. */
async function demoGames(count: number): Promise<Game[]> {
  const response = await p.get('/api/game/games?perPage=40&sortBy=name');
  const games = response
    .json<{ data: Game[] }>()
    .data.filter((g) => g.isDemoMode && g.provider.identity !== 'croupier');
  expect(games.length).toBeGreaterThanOrEqual(count);
  return games.slice(0, count);
}

describe('favourites', () => {
  it('needs a signed-in player, and the static paths are not taken for a game id', async () => {
    for (const path of ['/api/game/games/favorites', '/api/game/games/played', '/api/game/bets']) {
      const response = await p.get(path);
      expect(response.statusCode, path).toBe(401);
    }
    const game = (await demoGames(1))[0] as Game;
    expect((await p.post(`/api/game/games/${game.id}/favorite`)).statusCode).toBe(401);
    expect((await del(`/api/game/games/${game.id}/favorite`)).statusCode).toBe(401);
  });

  it('adds by id or identity, newest first, once each; removes idempotently; lists stay per player', async () => {
    const alice = await p.registerByEmail();
    const bob = await p.registerByEmail();
    const [first, second] = (await demoGames(2)) as [Game, Game];

    const empty = await p.get('/api/game/games/favorites', { token: alice.token });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json<{ data: Game[] }>().data).toEqual([]);

    const added = await p.post(`/api/game/games/${first.id}/favorite`, undefined, { token: alice.token });
    expect(added.statusCode, added.body).toBe(200);
    const addedList = added.json<{ data: Game[] }>().data;
    // The catalogue's own Game shape.
    expect(addedList).toEqual([first]);
    await sleep(5);
    const byIdentity = await p.post(`/api/game/games/${second.identity}/favorite`, undefined, { token: alice.token });
    expect(namesOf(byIdentity.json<{ data: Game[] }>().data)).toEqual([second.identity, first.identity]);
    // With the JSON content type and no body, as some clients send action calls.
    const again = await t.app.server.inject({
      method: 'POST',
      url: `/api/game/games/${first.id.toUpperCase()}/favorite`,
      remoteAddress: p.ip(),
      headers: { ...bearer(alice.token), 'content-type': 'application/json' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(namesOf(again.json<{ data: Game[] }>().data)).toEqual([second.identity, first.identity]);

    const listed = await p.get('/api/game/games/favorites', { token: alice.token });
    expect(namesOf(listed.json<{ data: Game[] }>().data)).toEqual([second.identity, first.identity]);
    expect(listed.headers['cache-control']).toBe('private, no-store');
    const others = await p.get('/api/game/games/favorites', { token: bob.token });
    expect(others.json<{ data: Game[] }>().data).toEqual([]);

    const removed = await del(`/api/game/games/${second.id}/favorite`, alice.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(namesOf(removed.json<{ data: Game[] }>().data)).toEqual([first.identity]);
    const removedAgain = await del(`/api/game/games/${second.id}/favorite`, alice.token);
    expect(removedAgain.statusCode, removedAgain.body).toBe(200);
    expect(namesOf(removedAgain.json<{ data: Game[] }>().data)).toEqual([first.identity]);
    // Bob removing Alice's favourite changes only his (empty) list.
    expect((await del(`/api/game/games/${first.id}/favorite`, bob.token)).json<{ data: Game[] }>().data).toEqual([]);
    expect(
      namesOf((await p.get('/api/game/games/favorites', { token: alice.token })).json<{ data: Game[] }>().data),
    ).toEqual([first.identity]);
  });

  it('answers 404 for unknown games', async () => {
    const player = await p.registerByEmail();
    for (const ref of ['no-such-game', '00000000-0000-4000-8000-000000000000']) {
      const post = await p.post(`/api/game/games/${ref}/favorite`, undefined, { token: player.token });
      expect(post.statusCode, post.body).toBe(404);
      expect(errorOf(post).code).toBe(1004);
      expect((await del(`/api/game/games/${ref}/favorite`, player.token)).statusCode).toBe(404);
    }
  });

  it('leaves disabled games out, and refuses new favourites of a disabled game', async () => {
    const player = await p.registerByEmail();
    const [kept, disabled] = (await demoGames(4)).slice(2) as [Game, Game];
    await p.post(`/api/game/games/${kept.id}/favorite`, undefined, { token: player.token });
    await p.post(`/api/game/games/${disabled.id}/favorite`, undefined, { token: player.token });
    // Raw updates of `games` here and below: the catalogue has no API that edits a game.
    await t.db.updateTable('games').set({ is_enabled: false }).where('id', '=', disabled.id).execute();
    try {
      const listed = await p.get('/api/game/games/favorites', { token: player.token });
      expect(namesOf(listed.json<{ data: Game[] }>().data)).toEqual([kept.identity]);
      const refused = await p.post(`/api/game/games/${disabled.id}/favorite`, undefined, { token: player.token });
      expect(refused.statusCode).toBe(404);
      // It can still be removed, so that it does not come back when the game is enabled again.
      expect((await del(`/api/game/games/${disabled.id}/favorite`, player.token)).statusCode).toBe(200);
    } finally {
      await t.db.updateTable('games').set({ is_enabled: true }).where('id', '=', disabled.id).execute();
    }
    const after = await p.get('/api/game/games/favorites', { token: player.token });
    expect(namesOf(after.json<{ data: Game[] }>().data)).toEqual([kept.identity]);
  });

  it('caps the list per player', async () => {
    const player = await p.registerByEmail();
    const [a, b] = (await demoGames(2)) as [Game, Game];
    const repository = createGamesRepository(t.db);
    expect(await repository.addFavourite(player.id, a.id, 1)).toBe('added');
    expect(await repository.addFavourite(player.id, a.id, 1)).toBe('present');
    expect(await repository.addFavourite(player.id, b.id, 1)).toBe('full');
    // Concurrent adds are serialised: the cap holds.
    const other = await p.registerByEmail();
    const outcomes = await Promise.all([
      repository.addFavourite(other.id, a.id, 1),
      repository.addFavourite(other.id, b.id, 1),
    ]);
    expect(outcomes.sort()).toEqual(['added', 'full']);
  });

  it('answers 409 with a clear message when the player has the maximum', async () => {
    const player = await p.registerByEmail();
    // Lobby games: the sportsbook is a catalogue game no list shows.
    const enabled = (
      await t.db
        .selectFrom('games')
        .select('id')
        .where('is_enabled', '=', true)
        .where('type', '<>', 'sportsbook')
        .execute()
    ).map((row) => row.id);
    const [extra, ...others] = enabled as [string, ...string[]];
    // The catalogue has fewer games than the cap: disabled copies of a game fill the list
    // (disabled games still count, since they may come back).
    const template = await t.db
      .selectFrom('games')
      .selectAll()
      .where('identity', '=', 'dice')
      .executeTakeFirstOrThrow();
    const clones = Array.from({ length: MAX_FAVOURITE_GAMES - others.length }, (_, i) => ({
      ...template,
      id: randomUUID(),
      identity: `cap-clone-${player.id.slice(0, 8)}-${i}`,
      is_enabled: false,
    }));
    try {
      for (let i = 0; i < clones.length; i += 100)
        await t.db
          .insertInto('games')
          .values(clones.slice(i, i + 100))
          .execute();
      const ids = [...others, ...clones.map((c) => c.id)];
      expect(ids).toHaveLength(MAX_FAVOURITE_GAMES);
      // Written directly: the API refuses disabled games, and the clones are disabled.
      await t.db
        .insertInto('game_favourites')
        .values(ids.map((id) => ({ player_id: player.id, game_id: id })))
        .execute();
      const refused = await p.post(`/api/game/games/${extra}/favorite`, undefined, { token: player.token });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(errorOf(refused)).toMatchObject({
        code: 1005,
        message: expect.stringContaining(String(MAX_FAVOURITE_GAMES)) as unknown,
      });
      // Adding one that is there already is still fine, and the list shows enabled games only.
      const present = await p.post(`/api/game/games/${others[0]}/favorite`, undefined, { token: player.token });
      expect(present.statusCode, present.body).toBe(200);
      expect(present.json<{ data: Game[] }>().data).toHaveLength(others.length);
    } finally {
      await t.db.deleteFrom('game_favourites').where('player_id', '=', player.id).execute();
      await t.db
        .deleteFrom('games')
        .where(
          'id',
          'in',
          clones.map((c) => c.id),
        )
        .execute();
    }
  });
});

async function launch(player: RegisteredPlayer, game: string, demoMode = true) {
  return (await f.launch(game, { demoMode }, player.token)).token;
}

describe('recently played', () => {
  it('lists distinct launched games, the latest launch first, and filters by country and platform', async () => {
    const player = await p.registerByEmail();
    const [a, b, c] = (await demoGames(3)) as [Game, Game, Game];
    for (const game of [a, b, a, c]) {
      await launch(player, game.identity);
      await sleep(5);
    }
    const played = await p.get('/api/game/games/played', { token: player.token });
    expect(played.statusCode, played.body).toBe(200);
    const list = played.json<{ data: Game[] }>().data;
    expect(namesOf(list)).toEqual([c.identity, a.identity, b.identity]);
    expect(list[0]).toEqual(c);

    const limited = await p.get('/api/game/games/played?perPage=2', { token: player.token });
    expect(namesOf(limited.json<{ data: Game[] }>().data)).toEqual([c.identity, a.identity]);

    await t.db
      .updateTable('games')
      .set({ restricted_countries: ['DE'], platforms: [1] })
      .where('id', '=', a.id)
      .execute();
    try {
      const inGermany = await p.get('/api/game/games/played?countryCode=de', { token: player.token });
      expect(namesOf(inGermany.json<{ data: Game[] }>().data)).toEqual([c.identity, b.identity]);
      const inFrance = await p.get('/api/game/games/played?countryCode=FR', { token: player.token });
      expect(namesOf(inFrance.json<{ data: Game[] }>().data)).toEqual([c.identity, a.identity, b.identity]);
      const desktop = await p.get('/api/game/games/played?platform=2', { token: player.token });
      expect(namesOf(desktop.json<{ data: Game[] }>().data)).toEqual([c.identity, b.identity]);
      const mobile = await p.get('/api/game/games/played?platform=1', { token: player.token });
      expect(namesOf(mobile.json<{ data: Game[] }>().data)).toEqual([c.identity, a.identity, b.identity]);
    } finally {
      await t.db
        .updateTable('games')
        .set({ restricted_countries: [], platforms: [1, 2] })
        .where('id', '=', a.id)
        .execute();
    }

    // Another player's launches are not in the list.
    const other = await p.registerByEmail();
    expect((await p.get('/api/game/games/played', { token: other.token })).json<{ data: Game[] }>().data).toEqual([]);
    expect((await p.get('/api/game/games/played?perPage=0', { token: player.token })).statusCode).toBe(422);
  });
});

interface Round {
  id: string;
  amount: number;
  payout: number;
  currency: string;
}

/** A real-money dice player with 100 USD. */
async function dicePlayer(fields: Record<string, unknown> = {}) {
  const { player, session } = await f.playerWithSession('dice', 10_000n, { fields });
  return { player, session };
}

/** One dice round; `likely` wins 98 % of the time, otherwise 2 %. */
async function roll(session: string, likely: boolean, amount = 1): Promise<Round> {
  const body = likely
    ? { amount, direction: 'under', targetHundredths: 9800 }
    : { amount, direction: 'over', targetHundredths: 9800 };
  const response = await p.post('/api/game/originals/dice/rounds', body, { headers: { 'x-game-session': session } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { round: Round } }>().data.round;
}

/** Rolls until a round wins. */
async function winningRoll(session: string, amount = 1): Promise<Round> {
  for (let i = 0; i < 20; i += 1) {
    const round = await roll(session, true, amount);
    if (round.payout > round.amount) return round;
  }
  throw new Error('no win in 20 rolls at 98 %');
}

/** Different perPage values are different cache keys: each read sees the database. */
let perPageKey = 12;
async function winners(query = ''): Promise<Winner[]> {
  perPageKey += 1;
  const response = await p.get(`/api/game/spins/winners?perPage=${perPageKey}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('public, max-age=5');
  return response.json<{ data: Winner[] }>().data;
}

describe('winners', () => {
  it('lists the latest winning real-money round per game, never a demo or losing one', async () => {
    const dice = await catalogueGame('dice');
    const { session } = await dicePlayer();
    const first = await winningRoll(session, 2);
    const latest = await winningRoll(session, 3);
    // A losing round (98 % of the time) is not a winner; a win at 2 % would be listed, so check either way.
    const long = await roll(session, false, 4);

    const list = await winners();
    const forDice = list.filter((w) => w.gameId === dice.id);
    expect(forDice).toHaveLength(1);
    const expected = long.payout > long.amount ? long : latest;
    expect(forDice[0]).toMatchObject({
      nickname: null,
      amount: expected.amount,
      payout: expected.payout,
      currency: 'USD',
      gameId: dice.id,
      gameName: dice.name,
      isDemoMode: dice.isDemoMode,
      gameImages: dice.images,
      gameCustomImages: dice.customImages,
    });
    expect(first.payout).toBeGreaterThan(first.amount);
    for (const winner of list) expect(winner.payout).toBeGreaterThan(winner.amount);

    // Demo rounds never count.
    const guestDemo = await p.post('/api/game/games/limbo/play', { demoMode: true });
    const demoSession = guestDemo.json<{ data: { token: string } }>().data.token;
    const demo = await p.post(
      '/api/game/originals/limbo/rounds',
      { amount: 1, targetHundredths: 101 },
      { headers: { 'x-game-session': demoSession } },
    );
    expect(demo.statusCode, demo.body).toBe(200);
    const limbo = await catalogueGame('limbo');
    expect((await winners()).some((w) => w.gameId === limbo.id)).toBe(false);
  });

  it("counts a provider's round as a whole: its bets not rolled back against the sum of its wins", async () => {
    const game = await catalogueGame('aurora-wilds');
    expect(game.provider.identity).toBe(PROVIDER);
    const player = await p.registerByEmail({ currency: 'USD' });
    const token = await launch(player, game.identity, false);
    await f.fundPlayer(player, 100_000n);
    const call = async (path: string, body: Record<string, unknown>) => {
      const raw = JSON.stringify({ token, currency: 'USD', ...body });
      const response = await providerApp.server.inject({
        method: 'POST',
        url: `/api/game-wallet/${PROVIDER}/${path}`,
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-croupier-signature': signBody(PROVIDER_SECRET, raw) },
      });
      expect(response.json<{ status: string }>().status, response.body).toBe('OK');
    };
    const round = `round-${randomUUID()}`;
    const forGame = async () => (await winners()).filter((w) => w.gameId === game.id);

    await call('bet', { transactionId: randomUUID(), roundId: round, amount: 1_000 });
    await call('win', { transactionId: randomUUID(), roundId: round, amount: 600 });
    // Paid less than staked so far: not a winner.
    expect(await forGame()).toEqual([]);
    await call('win', { transactionId: randomUUID(), roundId: round, amount: 700 });
    expect(await forGame()).toEqual([expect.objectContaining({ amount: 10, payout: 13, currency: 'USD' })]);

    // A rolled back bet is not part of the stake.
    const other = `round-${randomUUID()}`;
    const refunded = randomUUID();
    await call('bet', { transactionId: refunded, roundId: other, amount: 500 });
    await call('bet', { transactionId: randomUUID(), roundId: other, amount: 500 });
    await call('rollback', { transactionId: randomUUID(), referenceTransactionId: refunded, roundId: other });
    await call('win', { transactionId: randomUUID(), roundId: other, amount: 600 });
    expect(await forGame()).toEqual([expect.objectContaining({ amount: 5, payout: 6 })]);
    const rows = await t.db.selectFrom('game_wins').selectAll().where('player_id', '=', player.id).execute();
    expect(rows.map((r) => [r.round_id, r.stake_minor, r.payout_minor]).sort()).toEqual(
      [
        [round, 1_000n, 1_300n],
        [other, 500n, 600n],
      ].sort(),
    );
  });

  it("shows the player's own nickname, never one derived from the e-mail", async () => {
    const dice = await catalogueGame('dice');
    const { player, session } = await dicePlayer();
    const named = await p.put('/api/player/profile', { nickname: 'LuckyLuke' }, { token: player.token });
    expect(named.statusCode, named.body).toBe(200);
    await winningRoll(session);
    expect((await winners()).find((w) => w.gameId === dice.id)?.nickname).toBe('LuckyLuke');
    const local = player.email.slice(0, player.email.indexOf('@'));
    const renamed = await p.put('/api/player/profile', { nickname: local.toUpperCase() }, { token: player.token });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const shown = (await winners()).find((w) => w.gameId === dice.id);
    expect(shown?.nickname).toBeNull();
    expect(JSON.stringify(shown)).not.toContain(local);
  });

  it('drops games restricted in the country or not offered on the platform', async () => {
    const dice = await catalogueGame('dice');
    const { session } = await dicePlayer();
    await winningRoll(session);
    expect((await winners('&countryCode=DE&platform=2')).some((w) => w.gameId === dice.id)).toBe(true);
    await t.db
      .updateTable('games')
      .set({ restricted_countries: ['DE'], platforms: [1] })
      .where('id', '=', dice.id)
      .execute();
    try {
      expect((await winners('&countryCode=de')).some((w) => w.gameId === dice.id)).toBe(false);
      expect((await winners('&countryCode=FR')).some((w) => w.gameId === dice.id)).toBe(true);
      expect((await winners('&platform=2')).some((w) => w.gameId === dice.id)).toBe(false);
      expect((await winners('&platform=1')).some((w) => w.gameId === dice.id)).toBe(true);
    } finally {
      await t.db
        .updateTable('games')
        .set({ restricted_countries: [], platforms: [1, 2] })
        .where('id', '=', dice.id)
        .execute();
    }
    expect((await p.get('/api/game/spins/winners?perPage=51')).statusCode).toBe(422);
    expect((await p.get('/api/game/spins/winners?countryCode=DEU')).statusCode).toBe(422);
  });

  it('publishes game.winner to guests on the public channels, at most once per channel every 3 s', async () => {
    const dice = await catalogueGame('dice');
    const { session } = await dicePlayer();
    // Let an earlier test's publication window end.
    await sleep(3100);

    const client = clients.create();
    const desktop = client.newSubscription('game:winners:desktop:DE');
    const restricted = client.newSubscription('game:winners:mobile:AT');
    const seen: Winner[] = [];
    const seenRestricted: Winner[] = [];
    desktop.on('publication', (ctx: PublicationContext) => {
      const data = ctx.data as { event: string; winner: Winner };
      expect(data.event).toBe('game.winner');
      seen.push(data.winner);
    });
    restricted.on('publication', (ctx: PublicationContext) =>
      seenRestricted.push((ctx.data as { winner: Winner }).winner),
    );
    const subscribed = Promise.all(
      [desktop, restricted].map((sub) =>
        waitFor<SubscribedContext>('subscribed', (done) => sub.once('subscribed', done)),
      ),
    );
    desktop.subscribe();
    restricted.subscribe();
    client.connect();
    await subscribed;

    await t.db
      .updateTable('games')
      .set({ restricted_countries: ['AT'] })
      .where('id', '=', dice.id)
      .execute();
    try {
      const first = await winningRoll(session, 5);
      await eventually('the first winner', () => seen.length === 1);
      expect(seen[0]).toMatchObject({ gameId: dice.id, amount: first.amount, payout: first.payout, currency: 'USD' });
      const publishedAt = Date.now();

      // Two more wins within the window: coalesced into one publication of the latest at its end.
      await winningRoll(session, 6);
      const last = await winningRoll(session, 7);
      expect(Date.now() - publishedAt).toBeLessThan(2500);
      await sleep(Math.max(0, 2500 - (Date.now() - publishedAt)));
      expect(seen).toHaveLength(1);
      await eventually('the coalesced winner', () => seen.length === 2, 4000);
      expect(Date.now() - publishedAt).toBeGreaterThanOrEqual(2800);
      expect(seen[1]).toMatchObject({ gameId: dice.id, amount: last.amount, payout: last.payout });
      await sleep(300);
      expect(seen).toHaveLength(2);
      // The game is restricted in AT: that audience never hears of it.
      expect(seenRestricted).toEqual([]);
    } finally {
      await t.db.updateTable('games').set({ restricted_countries: [] }).where('id', '=', dice.id).execute();
    }
  });
});

describe('OpenAPI', () => {
  it('documents every route of the player lists, the winners and the bet history', async () => {
    type Operation = { summary?: string; description?: string; security?: unknown[] };
    const spec = (await t.app.server.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const routes: [string, string, boolean][] = [
      ['/api/game/games/favorites', 'get', true],
      ['/api/game/games/{id}/favorite', 'post', true],
      ['/api/game/games/{id}/favorite', 'delete', true],
      ['/api/game/games/played', 'get', true],
      ['/api/game/spins/winners', 'get', false],
      ['/api/game/bets', 'get', true],
    ];
    for (const [path, method, bearerAuth] of routes) {
      const operation = spec.paths[path]?.[method];
      expect(operation?.summary, `${method} ${path}`).toBeTruthy();
      expect(operation?.description, `${method} ${path}`).toBeTruthy();
      expect(operation?.security !== undefined, `${method} ${path}`).toBe(bearerAuth);
    }
  });
});

describe('after-commit callbacks', () => {
  it('run once the transaction committed, never after a rollback', async () => {
    const { events } = t.app.realtime;
    const calls: string[] = [];
    await events.transaction(async (trx) => {
      events.afterCommit(trx, () => calls.push('committed'));
      calls.push('work');
    });
    await expect(
      events.transaction(async (trx) => {
        events.afterCommit(trx, () => calls.push('rolled back'));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(calls).toEqual(['work', 'committed']);
    // A callback that throws is logged; the transaction's result stands.
    expect(
      await events.transaction(async (trx) => {
        events.afterCommit(trx, () => {
          throw new Error('listener bug');
        });
        return 42;
      }),
    ).toBe(42);
  });
});

describe('bet history', () => {
  it('answers an empty page, then pages settled or open tickets of the player only, newest first', async () => {
    const player = await p.registerByEmail();
    const empty = await p.get('/api/game/bets', { token: player.token });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ data: [], meta: { page: 1, perPage: 10, totalRows: 0, totalPages: 0 } });

    const sportsbook = (await demoGames(1))[0] as Game;
    const other = await p.registerByEmail();
    // Tickets are written by a sportsbook integration, not built yet: the rows are written here.
    const base = Date.now() - 60_000;
    const tickets = [
      { status: 2, payout: 350n, at: 1 },
      { status: 3, payout: 0n, at: 2 },
      { status: 1, payout: 0n, at: 3 },
      { status: 4, payout: 500n, at: 4 },
    ];
    const ids: string[] = [];
    for (const [index, ticket] of tickets.entries()) {
      const row = await t.db
        .insertInto('sport_bets')
        .values({
          player_id: player.id,
          game_id: sportsbook.id,
          round_id: `ticket-${player.id}-${index}`,
          currency: 'USD',
          stake_minor: 500n,
          payout_minor: ticket.payout,
          coefficient: index === 0 ? '3.5' : '1.75',
          ticket_type: index === 0 ? 2 : 1,
          status: ticket.status,
          created_at: new Date(base + ticket.at * 1000),
          settled_at: ticket.status === 1 ? null : new Date(base + ticket.at * 1000 + 500),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const item = (position: number, event: string, coefficient: string) => ({
      bet_id: ids[0] as string,
      position,
      event,
      stage: 1,
      discipline: 'Football',
      tournament: 'Bundesliga',
      event_date: '2026-11-21T18:30:00.000Z',
      market: '1X2',
      outcome: '1',
      coefficient,
    });
    await t.db
      .insertInto('sport_bet_items')
      .values([item(1, 'Leipzig – Mainz', '1.75'), item(0, 'Bayern – Dortmund', '2')])
      .execute();
    await t.db
      .insertInto('sport_bets')
      .values({
        player_id: other.id,
        game_id: sportsbook.id,
        round_id: `ticket-${other.id}`,
        currency: 'USD',
        stake_minor: 100n,
        coefficient: '2',
        ticket_type: 1,
      })
      .execute();

    const first = await p.get('/api/game/bets?perPage=2', { token: player.token });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<{ data: { id: string; status: number }[]; meta: unknown }>();
    expect(page.meta).toEqual({ page: 1, perPage: 2, totalRows: 3, totalPages: 2 });
    expect(page.data.map((b) => b.id)).toEqual([ids[3], ids[1]]);
    const second = await p.get('/api/game/bets?perPage=2&page=2&isSettled=true', { token: player.token });
    const combo = second.json<{ data: unknown[] }>().data;
    expect(combo).toEqual([
      {
        id: ids[0],
        roundId: `ticket-${player.id}-0`,
        game: sportsbook.name,
        gameId: sportsbook.id,
        amount: 5,
        payout: 3.5,
        currency: 'USD',
        createdAt: new Date(base + 1000).toISOString(),
        status: 2,
        coefficient: 3.5,
        ticketType: 2,
        items: [
          {
            event: 'Bayern – Dortmund',
            stage: 1,
            discipline: 'Football',
            tournament: 'Bundesliga',
            eventDate: '2026-11-21T18:30:00.000Z',
            market: '1X2',
            outcome: '1',
            coefficient: 2,
          },
          expect.objectContaining({ event: 'Leipzig – Mainz', coefficient: 1.75 }),
        ],
      },
    ]);
    const open = await p.get('/api/game/bets?isSettled=false', { token: player.token });
    const openPage = open.json<{ data: { id: string; status: number; payout: number; items: unknown[] }[] }>();
    expect(openPage.data).toEqual([expect.objectContaining({ id: ids[2], status: 1, payout: 0, items: [] })]);
    const past = await p.get('/api/game/bets?page=9', { token: player.token });
    expect(past.json()).toEqual({ data: [], meta: { page: 9, perPage: 10, totalRows: 3, totalPages: 1 } });
    const theirs = await p.get('/api/game/bets?isSettled=false', { token: other.token });
    expect(theirs.json<{ data: { roundId: string }[] }>().data.map((b) => b.roundId)).toEqual([`ticket-${other.id}`]);
    expect((await p.get('/api/game/bets?isSettled=maybe', { token: player.token })).statusCode).toBe(422);
  });
});
