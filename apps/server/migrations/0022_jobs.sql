-- Durable jobs: timed work (bonus expiries, cashback periods, retries) that survives a
-- restart and runs exactly once across processes. A job is enqueued in the transaction
-- that makes it due (it exists only if that transaction commits); a runner claims due
-- jobs with `for update skip locked` under a lease, runs the handler and marks the job done
-- in one transaction, so the handler's writes and "done" commit together or not at all.
create table jobs (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind ~ '^[a-z][a-z0-9_.:-]{0,63}$'),
  -- Optional: at most one job per key ever (a period's cashback, one expiry per bonus).
  key text unique check (length(key) between 1 and 200),
  payload jsonb not null default '{}'::jsonb check (jsonb_typeof(payload) = 'object'),
  status text not null default 'pending' check (status in ('pending', 'running', 'done', 'failed')),
  run_at timestamptz not null default now(),
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null default 10 check (max_attempts between 1 and 100),
  locked_by text,
  locked_until timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  check ((status = 'running') = (locked_by is not null and locked_until is not null)),
  check ((status in ('done', 'failed')) = (finished_at is not null))
);

-- What a runner scans: pending jobs by due time, and running ones whose lease may lapse.
create index jobs_due on jobs (run_at) where status = 'pending';
create index jobs_leased on jobs (locked_until) where status = 'running';
