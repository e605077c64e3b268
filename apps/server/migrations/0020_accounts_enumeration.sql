-- Each registration tab supplies its own login field (e-mail or phone), so the list of
-- registration fields holds only the other fields. The seeded rows for the two login
-- fields made a client that adds the tab's field itself require a phone on the e-mail tab.
-- An operator's own `phone` row (another description) stays: it asks for a phone in
-- addition on the e-mail tab.
delete from player_fields where scenario = 'registration' and name = 'email';
delete from player_fields
where scenario = 'registration'
  and name = 'phone'
  and description = 'Phone number, digits with the country prefix (phone tab)';

-- Wrong passwords for logins without a password account (unknown, or social only), so that
-- such a login is locked after the same number of attempts as an existing account and the
-- answers cannot tell the two apart. Keyed by the login as typed, normalised (lower-case
-- e-mail or phone digits).
create table login_failures (
  login text primary key,
  failed_login_count int not null default 0 check (failed_login_count >= 0),
  lockout_count int not null default 0 check (lockout_count >= 0),
  locked_until timestamptz,
  updated_at timestamptz not null default now()
);
create index login_failures_updated on login_failures (updated_at);
