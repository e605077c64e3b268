import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely dialect for embedded PGlite (kysely 0.28 has none built in for Node 20).
 * PGlite is a single connection, so connections are handed out one at a time: a
 * transaction holds the connection until it commits or rolls back.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly db: PGlite) {}
  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.db);
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly db: PGlite) {}
  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // Parameterless text may hold several statements (migrations): PGlite runs those
    // through exec (the simple protocol), as node-postgres does for them.
    const result =
      compiledQuery.parameters.length === 0
        ? ((await this.db.exec(compiledQuery.sql)).at(-1) ?? { rows: [] as R[], affectedRows: 0 })
        : await this.db.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const rows = result.rows as R[];
    const affected = result.affectedRows;
    return {
      rows,
      ...(affected !== undefined && /^\s*(insert|update|delete|merge)/i.test(compiledQuery.sql)
        ? { numAffectedRows: BigInt(affected) }
        : {}),
    };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite');
  }
}

class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(private readonly db: PGlite) {
    this.#connection = new PGliteConnection(db);
  }
  async init(): Promise<void> {
    await this.db.waitReady;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
    return this.#connection;
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }
  async destroy(): Promise<void> {
    await this.#queue;
    if (!this.db.closed) await this.db.close();
  }
}
