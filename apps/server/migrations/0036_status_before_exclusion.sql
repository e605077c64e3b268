-- Cooling-off and self-exclusion (docs/player-protection.md): the status a player had when
-- an exclusion began (limited deposits, say), restored when the last exclusion ends, so
-- that an operator's restriction is not lifted by a break. Null while not excluded.

alter table players add column status_before_exclusion smallint check (status_before_exclusion in (1, 2));
