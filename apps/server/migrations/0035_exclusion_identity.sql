-- Cooling-off and self-exclusion (docs/player-protection.md, "Cooling-off and
-- self-exclusion"): the register entry a player's self-exclusion writes names that
-- exclusion (its end moves with it), and carries the hash of the person's verified
-- identity, so that a new account whose identity is verified the same is excluded too.

alter table self_exclusions add column limit_id uuid references player_limits (id) on delete set null;
-- sha-256 hex of the normalised first name, last name and birth date (limits/exclusions.ts)
alter table self_exclusions add column identity_hash text check (identity_hash ~ '^[0-9a-f]{64}$');
alter table self_exclusions drop constraint self_exclusions_check;
alter table self_exclusions add constraint self_exclusions_who_check
  check (email_normalized is not null or phone is not null or identity_hash is not null);
create index self_exclusions_identity on self_exclusions (identity_hash) where identity_hash is not null;
create index self_exclusions_limit on self_exclusions (limit_id) where limit_id is not null;

-- Sessions a cooling-off or self-exclusion ended.
alter table player_sessions drop constraint player_sessions_close_reason_check;
alter table player_sessions add constraint player_sessions_close_reason_check check (
  close_reason in ('logout', 'closed', 'password_changed', 'password_reset', 'refresh_reuse', 'blocked', 'expired',
    'excluded')
);
