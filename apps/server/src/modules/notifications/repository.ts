import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { CommunicationTable } from '../../db/schema';

export type CommunicationRow = Selectable<CommunicationTable>;

export function createCommunicationsRepository(db: Db) {
  return {
    async insert(communication: Insertable<CommunicationTable>): Promise<CommunicationRow> {
      return db.insertInto('communications').values(communication).returningAll().executeTakeFirstOrThrow();
    },
  };
}

export type CommunicationsRepository = ReturnType<typeof createCommunicationsRepository>;
