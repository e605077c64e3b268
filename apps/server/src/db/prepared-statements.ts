import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * Statement texts that get a server-side prepared statement, by name. Shared by every
 * connection of the process: each connection prepares a name the first time it runs it.
 * Capped because a text built from a variable list (an `in (…)` of n values) is one text
 * per n; past the cap, new texts go unnamed (parsed and planned each time, as before).
 */
export const MAX_PREPARED_TEXTS = 2_000;

export class StatementNames {
  readonly #names = new Map<string, string>();

  /** The name for `text`, or undefined when the cap is reached and `text` has none. */
  nameFor(text: string): string | undefined {
    const known = this.#names.get(text);
    if (known !== undefined || this.#names.size >= MAX_PREPARED_TEXTS) return known;
    const name = `k${this.#names.size}`;
    this.#names.set(text, name);
    return name;
  }

  get size(): number {
    return this.#names.size;
  }
}

type PgQuery = (config: pg.QueryConfig, values?: unknown[]) => Promise<pg.QueryResult>;

/**
 * A pool for Kysely's PostgresDialect that runs statements with parameters as named
 * prepared statements: PostgreSQL parses and plans such a text once per connection
 * instead of on every call (about a third of its CPU per bet before, measured with
 * `perf` under `bench/dice.bench.mjs`), and node-postgres then sends only Bind/Execute.
 * Statements without parameters (BEGIN, COMMIT, DDL in migrations) go as they are.
 */
export class PreparingPool implements PostgresPool {
  readonly #pool: pg.Pool;
  readonly #names: StatementNames;
  /** One wrapper per pooled connection: Kysely keys its connection state by this object. */
  readonly #wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();

  constructor(pool: pg.Pool, names = new StatementNames()) {
    this.#pool = pool;
    this.#names = names;
  }

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.#pool.connect();
    const known = this.#wrappers.get(client);
    if (known) return known;
    const names = this.#names;
    // A connection that fails while checked out (a terminated backend, a network reset) fails
    // its queries, and the pool drops it on release; without a listener its 'error' event
    // would end the process.
    client.on('error', () => undefined);
    const run = client.query.bind(client) as unknown as PgQuery;
    function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(
      sqlOrCursor: string | PostgresCursor<R>,
      parameters?: ReadonlyArray<unknown>,
    ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
      if (typeof sqlOrCursor !== 'string') {
        return (client.query as unknown as (cursor: PostgresCursor<R>) => PostgresCursor<R>)(sqlOrCursor);
      }
      const values = parameters ? [...parameters] : [];
      const name = values.length > 0 ? names.nameFor(sqlOrCursor) : undefined;
      const config: pg.QueryConfig =
        name === undefined ? { text: sqlOrCursor, values } : { name, text: sqlOrCursor, values };
      return run(config) as unknown as Promise<PostgresQueryResult<R>>;
    }
    const wrapper: PostgresPoolClient = { query, release: () => client.release() };
    this.#wrappers.set(client, wrapper);
    return wrapper;
  }

  end(): Promise<void> {
    return this.#pool.end();
  }
}
