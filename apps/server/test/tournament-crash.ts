import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/db/schema';

/**
 * Makes the database refuse a tournament's second award (a test-only trigger), so that its
 * finish fails after the first prize was issued: a crash mid-payout. Answers the function that
 * lets the finish through again (the trigger stays for the file's other tournaments, unarmed).
 */
export async function crashAtSecondAward(db: Kysely<Database>, tournamentId: string): Promise<() => Promise<void>> {
  await sql`create table if not exists tournament_award_crash (tournament_id uuid primary key)`.execute(db);
  await sql`create or replace function tournament_award_crash() returns trigger language plpgsql as $$
    begin
      if new.place = 2 and exists (select 1 from tournament_award_crash c where c.tournament_id = new.tournament_id) then
        raise exception 'crash mid-payout';
      end if;
      return new;
    end $$`.execute(db);
  await sql`drop trigger if exists tournament_award_crash on tournament_awards`.execute(db);
  await sql`create trigger tournament_award_crash before insert on tournament_awards
    for each row execute function tournament_award_crash()`.execute(db);
  await sql`insert into tournament_award_crash values (${tournamentId})`.execute(db);
  return async () => {
    await sql`delete from tournament_award_crash where tournament_id = ${tournamentId}`.execute(db);
  };
}
