-- Social sign-in: which provider identity belongs to which player, and the short-lived
-- records of sign-ins in progress (the `state` round trip through the provider).

create table social_identities (
  id uuid primary key default gen_random_uuid(),
  player_id uuid not null references players (id) on delete cascade,
  -- 'auth0' (the OIDC broker: its `sub` already names the upstream connection, e.g.
  -- 'google-oauth2|123') or a direct provider such as 'telegram'
  provider text not null check (provider ~ '^[a-z0-9_-]{1,32}$'),
  -- the provider's stable id of the person (OIDC `sub`, Telegram user id)
  subject text not null check (length(subject) between 1 and 255),
  -- the broker connection last used (e.g. 'google-oauth2'); informative
  connection text check (length(connection) <= 64),
  -- the e-mail address as the provider gave it, and whether it said it was verified
  email text check (length(email) <= 254),
  email_verified boolean not null default false,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  constraint social_identities_provider_subject unique (provider, subject)
);
create index social_identities_player on social_identities (player_id);

-- One row per started sign-in. The browser carries a random flow token inside the
-- `state` JSON (stored here as SHA-256 only); the row is bound to the browser that
-- started it through a cookie (binding_hash) and used once (consumed_at). The PKCE
-- verifier and the OIDC nonce stay on the server.
create table social_login_flows (
  id uuid primary key default gen_random_uuid(),
  flow_hash text not null unique check (flow_hash ~ '^[0-9a-f]{64}$'),
  binding_hash text not null check (binding_hash ~ '^[0-9a-f]{64}$'),
  provider text not null check (provider ~ '^[a-z0-9_-]{1,32}$'),
  connection text not null check (connection ~ '^[A-Za-z0-9_-]{1,64}$'),
  -- the client's state JSON, returned to the web app with the flow token added
  client_state text not null check (length(client_state) <= 2048),
  -- OIDC only: PKCE code verifier, nonce of the ID token and the redirect URI used
  code_verifier text check (length(code_verifier) between 43 and 128),
  nonce text check (length(nonce) <= 128),
  redirect_uri text check (length(redirect_uri) <= 2048),
  -- Telegram only: SHA-256 of the signed payload that completed the flow; unique, so a
  -- signed payload cannot complete a second flow while it is still fresh
  proof_hash text unique check (proof_hash ~ '^[0-9a-f]{64}$'),
  client_ip text check (length(client_ip) <= 64),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  consumed_at timestamptz,
  check (expires_at > created_at and expires_at <= created_at + interval '1 hour')
);
create index social_login_flows_binding on social_login_flows (binding_hash, created_at desc);
create index social_login_flows_expires on social_login_flows (expires_at);
