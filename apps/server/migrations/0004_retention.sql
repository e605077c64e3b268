-- Retention: loyalty levels (the programme's ladder; player accounts come later).

create table loyalty_levels (
  id uuid primary key,
  identity text not null unique check (identity ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null,
  -- rank: a higher order is a higher level
  "order" int not null unique,
  -- points needed to reach the level; two levels cannot share a threshold
  points int8 not null unique check (points >= 0),
  perks text[] not null default '{}',
  -- site-relative path of the badge artwork
  image text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz
);
