-- The bet history names a sportsbook selection in the reader's language: a sportsbook that
-- reports its selection by keys (market type, line or period, outcome key, the two sides;
-- docs/sportsbook.md, "Bet history") stores them here, and `GET /api/game/bets` names the
-- market and outcome from the site's content in the request's locale. `market` and
-- `outcome` stay the names the sportsbook gave, shown when there are no keys (another
-- vendor's tickets, or keys this version cannot read).
alter table sport_bet_items add column selection jsonb;
