-- Quests (docs/quests.md): the operator's quests and their tasks, the quests players
-- activated with each task's progress, and the rounds whose bets counted (so that a
-- rolled-back bet's progress is taken back).

create table quests (
  id uuid primary key default gen_random_uuid(),
  identity text not null unique check (identity ~ '^[a-z0-9][a-z0-9-]{1,62}$'),
  name text not null check (length(name) between 1 and 200),
  description text not null default '' check (length(description) <= 5000),
  sort_order integer not null default 0,
  -- QuestTaskExecutionOrder: 1 any order, 2 sequential (by quest_tasks.execution_order)
  task_execution_order smallint not null check (task_execution_order in (1, 2)),
  -- The window in which the quest can be activated and progresses (null: open-ended).
  start_at timestamptz,
  end_at timestamptz,
  -- How long an activated quest runs (null: until end_at).
  duration_seconds integer check (duration_seconds > 0),
  enabled boolean not null default true,
  -- [{ type (QuestRewardType), amount, isoCode, bonusId?, lockBalance }]
  rewards jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (end_at is null or start_at is null or end_at > start_at)
);

create table quest_tasks (
  id uuid primary key default gen_random_uuid(),
  quest_id uuid not null references quests (id) on delete cascade,
  execution_order integer not null check (execution_order >= 1),
  -- QuestTaskType: 2 profile fields, 3 win, 4 bet, 6 deposit
  type smallint not null check (type in (2, 3, 4, 6)),
  quantity integer not null check (quantity between 1 and 100000),
  name text not null check (length(name) between 1 and 200),
  description text not null default '' check (length(description) <= 2000),
  -- By type (docs/quests.md); amounts in major units.
  conditions jsonb not null,
  unique (quest_id, execution_order)
);

create table player_quests (
  id uuid primary key default gen_random_uuid(),
  quest_id uuid not null references quests (id),
  player_id uuid not null references players (id),
  -- 'active', 'completed', 'expired', 'cancelled'
  status text not null default 'active' check (status in ('active', 'completed', 'expired', 'cancelled')),
  activated_at timestamptz not null default now(),
  -- When an active quest expires (the quest's end or the duration, the earlier; null: never).
  ends_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz not null default now(),
  check ((status = 'active') = (finished_at is null))
);
-- A player runs a quest once at a time, and completes it once.
create unique index player_quests_one_active on player_quests (player_id, quest_id) where status = 'active';
create unique index player_quests_one_completed on player_quests (player_id, quest_id) where status = 'completed';
create index player_quests_player on player_quests (player_id, status, activated_at desc);

create table player_quest_tasks (
  player_quest_id uuid not null references player_quests (id) on delete cascade,
  task_id uuid not null references quest_tasks (id),
  progress integer not null default 0 check (progress >= 0),
  completed_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (player_quest_id, task_id)
);

-- Bets that counted for a bet task, per round: a rollback of a bet takes one back.
create table player_quest_task_rounds (
  player_quest_id uuid not null,
  task_id uuid not null,
  round_id text not null,
  bets integer not null check (bets >= 0),
  primary key (player_quest_id, task_id, round_id),
  foreign key (player_quest_id, task_id) references player_quest_tasks (player_quest_id, task_id) on delete cascade
);
