-- Players: accounts, their sessions, the single-use codes of registration, sign-in and
-- recovery, the field rules of the registration and profile forms, and the
-- self-exclusion register that registration consults.
--
-- Codes and tokens are stored as hashes only (SHA-256 hex of high-entropy tokens; an
-- HMAC for the 6-digit one-time codes, whose plain hash could be reversed by trying all
-- million values). Expiry and attempt checks compare with the database clock.

create table players (
  id uuid primary key default gen_random_uuid(),
  -- the short number shown to the player and to support (Profile.externalId)
  external_id int8 generated always as identity unique,
  -- as typed (trimmed); unique regardless of case
  email text check (email is null or (email = btrim(email) and length(email) between 3 and 254 and email like '_%@_%')),
  -- E.164 digits without '+'
  phone text unique check (phone ~ '^[1-9][0-9]{6,14}$'),
  -- argon2id PHC string; null for an account that only signs in through a social provider
  password_hash text check (password_hash like '$argon2id$%'),
  -- 1 active, 2 limited deposits, 3 blocked, 4 self-excluded (PlayerStatus)
  status smallint not null default 1 check (status in (1, 2, 3, 4)),
  nickname text check (length(nickname) between 1 and 64),
  first_name text check (length(first_name) between 1 and 100),
  last_name text check (length(last_name) between 1 and 100),
  birthdate date check (birthdate >= date '1000-01-01'),
  gender text check (gender in ('male', 'female')),
  nationality text check (length(nationality) <= 100),
  place_of_birth text check (length(place_of_birth) <= 100),
  address text check (length(address) <= 200),
  additional_address text check (length(additional_address) <= 200),
  city text check (length(city) <= 100),
  postal_code text check (length(postal_code) <= 20),
  profession text check (length(profession) <= 100),
  personal_id_number text check (length(personal_id_number) <= 50),
  security_question text check (length(security_question) <= 200),
  security_answer text check (length(security_answer) <= 200),
  time_zone text check (length(time_zone) <= 64),
  locale text references locales (code) on update cascade,
  country char(2) references countries (code),
  currency text references currencies (code),
  -- when the e-mail address was confirmed
  confirmed_at timestamptz,
  phone_confirmed boolean not null default false,
  receive_email_promo boolean not null default false,
  receive_sms_promo boolean not null default false,
  pwa_installed boolean not null default false,
  agreed_tc boolean not null default false,
  freshchat_restore_id text check (length(freshchat_restore_id) <= 200),
  -- the player's own code for the referral programme
  referral_code text unique check (referral_code ~ '^[A-Z0-9]{6,16}$'),
  -- the referrer's code the player registered with, and a bonus code typed at registration
  referrer_code text check (length(referrer_code) <= 64),
  bonus_code text check (length(bonus_code) <= 64),
  affiliate_tag text check (length(affiliate_tag) <= 256),
  fingerprint text check (length(fingerprint) <= 256),
  registration_method text not null check (registration_method in ('email', 'phone', 'social')),
  registration_ip text check (length(registration_ip) <= 64),
  registration_country char(2),
  -- progressive lockout: failures since the last lock or success, locks so far, current lock
  failed_login_count int not null default 0 check (failed_login_count >= 0),
  lockout_count int not null default 0 check (lockout_count >= 0),
  locked_until timestamptz,
  last_login_at timestamptz,
  previous_login_at timestamptz,
  password_changed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (confirmed_at is null or email is not null),
  check (not phone_confirmed or phone is not null),
  -- a password account can always sign in: it keeps an e-mail or a phone
  check (password_hash is null or email is not null or phone is not null)
);
create unique index players_email_unique on players (lower(email));
create index players_created_at on players (created_at);

create table player_sessions (
  -- the session id (JWT claim sessionId); also the refresh-token family
  id uuid primary key,
  player_id uuid not null references players (id) on delete cascade,
  -- SHA-256 of the refresh token id (JWT claim rti) of the newest access token: a refresh
  -- presenting any other rti of this session is a reuse and closes the session
  refresh_token_hash text not null check (refresh_token_hash ~ '^[0-9a-f]{64}$'),
  refresh_generation int not null default 0 check (refresh_generation >= 0),
  sign_in_method text not null check (sign_in_method in ('password', 'registration', 'autologin', 'social')),
  ip text not null check (length(ip) <= 64),
  country char(2),
  device_type text not null check (device_type in ('desktop', 'mobile')),
  user_agent text not null default '' check (length(user_agent) <= 512),
  fingerprint text check (length(fingerprint) <= 256),
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  -- absolute end; the idle end is last_seen_at plus the configured idle lifetime
  expires_at timestamptz not null,
  closed_at timestamptz,
  close_reason text check (
    close_reason in ('logout', 'closed', 'password_changed', 'password_reset', 'refresh_reuse', 'blocked', 'expired')
  ),
  check ((closed_at is null) = (close_reason is null)),
  check (expires_at > created_at)
);
create index player_sessions_player on player_sessions (player_id, created_at desc);
create index player_sessions_open on player_sessions (player_id) where closed_at is null;

create table otp_codes (
  id uuid primary key default gen_random_uuid(),
  phone text not null check (phone ~ '^[1-9][0-9]{6,14}$'),
  reason text not null check (reason in ('registration', 'phoneVerification', 'changingPass')),
  -- HMAC-SHA-256 of phone, reason and code under a server key
  code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  attempts smallint not null default 0 check (attempts >= 0),
  client_ip text check (length(client_ip) <= 64),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  -- checked by /otp/verify (registration then consumes it with /register/phone)
  verified_at timestamptz,
  consumed_at timestamptz,
  -- superseded by a newer code, burned by too many wrong attempts, or not delivered
  invalidated_at timestamptz,
  -- one-time codes live at most 10 minutes
  check (expires_at <= created_at + interval '10 minutes')
);
-- sends per phone and reason in the limit window; the newest active code
create index otp_codes_phone_reason on otp_codes (phone, reason, created_at desc);

create table password_resets (
  id uuid primary key default gen_random_uuid(),
  player_id uuid not null references players (id) on delete cascade,
  code_hash text not null unique check (code_hash ~ '^[0-9a-f]{64}$'),
  -- how the code reached the player: a mailed link, or a verified SMS code
  channel text not null check (channel in ('email', 'sms')),
  client_ip text check (length(client_ip) <= 64),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  consumed_at timestamptz,
  check (expires_at > created_at and expires_at <= created_at + interval '1 day')
);
create index password_resets_player on password_resets (player_id, created_at desc);

create table email_confirmations (
  id uuid primary key default gen_random_uuid(),
  player_id uuid not null references players (id) on delete cascade,
  -- the address the link confirms: a link mailed before an e-mail change confirms nothing
  email text not null,
  code_hash text not null unique check (code_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  consumed_at timestamptz,
  check (expires_at > created_at)
);
create index email_confirmations_player on email_confirmations (player_id, created_at desc);

-- One-time sign-in links (CRM e-mails, support): /auth/autologin?state=<token>
create table autologin_tokens (
  id uuid primary key default gen_random_uuid(),
  player_id uuid not null references players (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  -- who issued it, for the audit trail
  issued_by text not null default 'system' check (length(issued_by) <= 100),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  consumed_at timestamptz,
  check (expires_at > created_at)
);
create index autologin_tokens_player on autologin_tokens (player_id);

-- People who excluded themselves (here, by another operator's register, or by support).
-- Registration refuses a matching e-mail or phone while the exclusion runs.
create table self_exclusions (
  id uuid primary key default gen_random_uuid(),
  player_id uuid references players (id) on delete set null,
  -- lower case, +tag removed, Gmail dots removed (see normalizeEmailForMatching)
  email_normalized text check (email_normalized = lower(email_normalized) and length(email_normalized) <= 254),
  phone text check (phone ~ '^[1-9][0-9]{6,14}$'),
  starts_at timestamptz not null default now(),
  -- null: indefinite
  ends_at timestamptz,
  source text not null default 'player' check (source in ('player', 'operator', 'register')),
  created_at timestamptz not null default now(),
  check (email_normalized is not null or phone is not null),
  check (ends_at is null or ends_at > starts_at)
);
create index self_exclusions_email on self_exclusions (email_normalized) where email_normalized is not null;
create index self_exclusions_phone on self_exclusions (phone) where phone is not null;

-- Which fields the registration and profile forms show and require (the Field rows of `GET /api/player/fields/validations`).
create table player_fields (
  id int primary key check (id > 0),
  scenario text not null check (scenario in ('registration', 'profile')),
  name text not null check (name ~ '^[A-Za-z][A-Za-z0-9_]{0,63}$'),
  description text not null default '',
  -- profile: false keeps a value once set (it can be filled in, not changed)
  editable boolean not null default true,
  is_required boolean not null default false,
  is_visible boolean not null default true,
  position int not null default 0,
  -- default value shown by the form (text, number or boolean)
  default_value jsonb check (default_value is null or jsonb_typeof(default_value) in ('string', 'number', 'boolean')),
  unique (scenario, name)
);
