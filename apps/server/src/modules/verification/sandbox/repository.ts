import type { Db } from '../../../db/database';
import type { Selectable } from 'kysely';
import type { VerificationSandboxApplicantTable } from '../repository';

export type SandboxApplicantRow = Selectable<VerificationSandboxApplicantTable>;

/** The sandbox provider's own records (its side, not the casino's). */
export function createSandboxApplicantRepository(db: Db) {
  return {
    /** The player's applicant, created on first use (one per external user id, as at a real provider). */
    async upsert(externalUserId: string): Promise<SandboxApplicantRow> {
      return db
        .insertInto('verification_sandbox_applicants')
        .values({ external_user_id: externalUserId })
        .onConflict((oc) => oc.column('external_user_id').doUpdateSet({ updated_at: new Date() }))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async find(id: string): Promise<SandboxApplicantRow | undefined> {
      return db.selectFrom('verification_sandbox_applicants').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async review(id: string, change: { reviewStatus: string; reviewAnswer: string | null; lastBody: string }) {
      await db
        .updateTable('verification_sandbox_applicants')
        .set({
          review_status: change.reviewStatus,
          review_answer: change.reviewAnswer,
          last_body: change.lastBody,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type SandboxApplicantRepository = ReturnType<typeof createSandboxApplicantRepository>;
