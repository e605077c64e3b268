import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createJobs, createJobsRepository, type JobHandler } from '../src/modules/jobs';
import { useTestServer, withApp } from './fixtures';

// Durable jobs on the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL). A
// handler's effect is a row in `job_effects`, a table of this test: counting the rows
// tells how many times an effect committed.
const t = useTestServer();
const silent = { error: () => undefined };

beforeAll(async () => {
  await sql`create table job_effects (job_id uuid not null, kind text not null, run_at timestamptz)`.execute(t.db);
});

const repository = () => createJobsRepository(t.db);
const runner = (owner: string, options: { retryBaseMs?: number; leaseMs?: number } = {}) =>
  createJobs({ repository: repository(), owner, log: silent, retryBaseMs: options.retryBaseMs ?? 0, ...options });

const recordEffect: JobHandler = async (job) => {
  await sql`insert into job_effects (job_id, kind, run_at) values (${job.id}, ${job.kind}, ${job.runAt})`.execute(
    job.trx,
  );
};

async function effectsOf(kind: string): Promise<number> {
  const { rows } = await sql<{
    count: string;
  }>`select count(*)::text as count from job_effects where kind = ${kind}`.execute(t.db);
  return Number(rows[0]?.count ?? 0);
}

describe('durable jobs', () => {
  it('exist only if the enqueuing transaction commits; a key is used once', async () => {
    const jobs = runner('enqueue');
    await expect(
      t.db.transaction().execute(async (trx) => {
        await jobs.enqueue(trx, { kind: 'test.rolled-back' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await repository().listByKind('test.rolled-back')).toEqual([]);
    expect(await jobs.enqueue(t.db, { kind: 'test.keyed', key: 'test.keyed:1' })).toBe(true);
    expect(await jobs.enqueue(t.db, { kind: 'test.keyed', key: 'test.keyed:1' })).toBe(false);
    expect(await repository().listByKind('test.keyed')).toHaveLength(1);
  });

  it('runs a due job once, in one transaction with its completion, and leaves future jobs', async () => {
    const jobs = runner('once');
    jobs.handle('test.once', recordEffect);
    await jobs.enqueue(t.db, { kind: 'test.once', payload: { n: 1 } });
    await jobs.enqueue(t.db, { kind: 'test.once', runAt: new Date(Date.now() + 3_600_000) });
    expect(await jobs.runDue()).toBe(1);
    expect(await jobs.runDue()).toBe(0);
    expect(await effectsOf('test.once')).toBe(1);
    const rows = await repository().listByKind('test.once');
    expect(rows.map((r) => r.status)).toEqual(['done', 'pending']);
    expect(rows[0]).toMatchObject({ attempts: 1, locked_by: null, last_error: null, payload: { n: 1 } });
  });

  it('rolls a failed run back, retries it later, and gives up after max attempts', async () => {
    let calls = 0;
    const jobs = createJobs({ repository: repository(), owner: 'failing', log: silent, retryBaseMs: 60_000 });
    jobs.handle('test.failing', async (job) => {
      calls += 1;
      await recordEffect(job);
      throw new Error(`broken ${calls}`);
    });
    await jobs.enqueue(t.db, { kind: 'test.failing', maxAttempts: 2 });
    expect(await jobs.runDue()).toBe(0);
    let [row] = await repository().listByKind('test.failing');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'broken 1', locked_by: null });
    // Retried a minute later (first delay), not now.
    expect(row?.run_at.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await jobs.runDue()).toBe(0);
    expect(calls).toBe(1);

    await sql`update jobs set run_at = now() where kind = 'test.failing'`.execute(t.db);
    expect(await jobs.runDue()).toBe(0);
    [row] = await repository().listByKind('test.failing');
    expect(row).toMatchObject({ status: 'failed', attempts: 2, last_error: 'broken 2' });
    expect(row?.finished_at).not.toBeNull();
    expect(await effectsOf('test.failing')).toBe(0);
  });

  it('fails a kind this process has no handler for, and retries it', async () => {
    const jobs = runner('no-handler', { retryBaseMs: 60_000 });
    await jobs.enqueue(t.db, { kind: 'test.unknown' });
    expect(await jobs.runDue()).toBe(0);
    const [row] = await repository().listByKind('test.unknown');
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.last_error).toContain('no handler');
  });

  it('takes over a job whose runner died after claiming it; the dead claim can no longer complete it', async () => {
    await createJobs({ repository: repository(), log: silent }).enqueue(t.db, { kind: 'test.takeover' });
    // Runner "a" claims with a short lease and dies before running it.
    const claimed = await repository().claimDue('a', 50, 10);
    expect(claimed.map((job) => job.kind)).toContain('test.takeover');
    const b = runner('b');
    b.handle('test.takeover', recordEffect);
    expect(await b.runDue()).toBe(0); // the lease still holds
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await b.runDue()).toBe(1);
    const [row] = await repository().listByKind('test.takeover');
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
    // "a" comes back: its lease is gone, so it runs nothing.
    const lateRun = await t.db.transaction().execute((trx) => repository().lockForRun(trx, row?.id ?? '', 'a'));
    expect(lateRun).toBeUndefined();
    expect(await effectsOf('test.takeover')).toBe(1);
  });

  it('runs each of many jobs exactly once with two runners polling together', async () => {
    const a = runner('together-a');
    const b = runner('together-b');
    a.handle('test.together', recordEffect);
    b.handle('test.together', recordEffect);
    for (let i = 0; i < 30; i += 1) await a.enqueue(t.db, { kind: 'test.together', payload: { i } });
    let done = 0;
    while (done < 30) {
      // (A runner's second poll while its batch runs shares that batch: one call each.)
      const counts = await Promise.all([a.runDue(), b.runDue()]);
      const round = counts.reduce((sum, n) => sum + n, 0);
      if (round === 0 && done < 30) throw new Error(`stuck at ${done} of 30`);
      done += round;
    }
    expect(done).toBe(30);
    expect(await effectsOf('test.together')).toBe(30);
    const { rows } = await sql<{ n: string }>`
      select count(distinct job_id)::text as n from job_effects where kind = 'test.together'`.execute(t.db);
    expect(rows[0]?.n).toBe('30');
  });

  it('runs a recurring job once per occurrence, catching up on missed ones, whoever schedules it', async () => {
    const HOUR_MS = 3_600_000;
    const nextHour = (after: Date) => new Date(Math.floor(after.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
    const a = runner('recurring-a');
    const b = runner('recurring-b');
    a.recurring('test.hourly', nextHour, recordEffect);
    b.recurring('test.hourly', nextHour, recordEffect);
    // Both processes start as if three hours ago: one occurrence, two hours back, is due.
    const threeHoursAgo = new Date(Date.now() - 3 * HOUR_MS);
    await a.schedule(threeHoursAgo);
    await b.schedule(threeHoursAgo);
    expect(await repository().listByKind('test.hourly')).toHaveLength(1);
    // Each run adds the next occurrence: the missed hours run now, the coming one waits.
    let ran = 0;
    for (let i = 0; i < 5; i += 1) ran += (await a.runDue()) + (await b.runDue());
    expect(ran).toBe(3);
    const rows = await repository().listByKind('test.hourly');
    expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'done', 'pending']);
    expect(rows[3]?.run_at.getTime()).toBeGreaterThan(Date.now());
    // A process starting now schedules the same coming occurrence: nothing is added.
    await b.schedule();
    expect(await repository().listByKind('test.hourly')).toHaveLength(4);
    expect(await effectsOf('test.hourly')).toBe(3);
  });

  it('refuses a second handler for a kind', () => {
    const jobs = runner('twice');
    jobs.handle('test.twice', recordEffect);
    expect(() => jobs.handle('test.twice', recordEffect)).toThrow('has a handler already');
  });

  it('runs in the app once it is ready, every JOBS_POLL_MS, and stops when it closes', async () => {
    await withApp(t, { config: (config) => ({ ...config, jobsPollMs: 20 }) }, async (app) => {
      app.jobs.handle('test.app', recordEffect);
      await app.jobs.enqueue(t.db, { kind: 'test.app' });
      await app.server.ready();
      await expect.poll(() => effectsOf('test.app'), { timeout: 5_000 }).toBe(1);
    });
    // Closed: a job due now stays pending.
    await createJobs({ repository: repository(), log: silent }).enqueue(t.db, { kind: 'test.app' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await repository().listByKind('test.app')).map((r) => r.status)).toEqual(['done', 'pending']);
  });

  it('runs what a job enqueued at once, without waiting for the next poll', async () => {
    const jobs = runner('chain');
    jobs.handle('test.chain', async (job) => {
      await recordEffect(job);
      const step = typeof job.payload.step === 'number' ? job.payload.step : 0;
      if (step < 4) await jobs.enqueue(job.trx, { kind: 'test.chain', payload: { step: step + 1 } });
    });
    await jobs.enqueue(t.db, { kind: 'test.chain', payload: { step: 0 } });
    // A poll every 2 s: the five links of the chain run in the first one (one a poll would
    // take 10 s).
    const stop = jobs.start(2_000);
    try {
      await new Promise((resolve) => setTimeout(resolve, 3_500));
      expect(await effectsOf('test.chain')).toBe(5);
    } finally {
      await stop();
    }
  });
});
