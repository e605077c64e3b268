-- Identity verification (docs/player-protection.md, "Identity verification"): each
-- player's applicant at the verification provider and the status its signed webhooks
-- reported, the events applied (each once), and the sandbox provider's applicants.

create table player_verifications (
  player_id uuid primary key references players (id) on delete cascade,
  -- The provider that holds the applicant ('sumsub', 'sandbox').
  provider text not null,
  status text not null default 'none' check (status in ('none', 'pending', 'approved', 'rejected', 'retry')),
  -- The reviewer's comment of a rejection or a request to try again.
  reason text,
  -- When the provider created the last event applied: an older event arriving late changes nothing.
  event_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Webhook events applied, by the provider's id: a repeated delivery is recognised here.
create table verification_webhook_events (
  provider text not null,
  event_id text not null,
  player_id uuid not null references players (id) on delete cascade,
  type text not null,
  received_at timestamptz not null default now(),
  primary key (provider, event_id)
);

-- The sandbox provider's applicants (outside production only). The id is the capability
-- in the page's URL, as a hosted provider's link is.
create table verification_sandbox_applicants (
  id uuid primary key default gen_random_uuid(),
  -- Our player id, as a provider keeps the merchant's user id.
  external_user_id text not null unique,
  -- 'init', 'pending', 'completed' (with review_answer GREEN or RED).
  review_status text not null default 'init',
  review_answer text,
  -- The last webhook body sent (resent byte for byte by a retry).
  last_body text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
