import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/**
 * Her grievances (found by the address she filed them from) as her download shows them and her
 * account's erasure keeps them: the ticket and what was decided stay, her name and contacts go.
 */
export function createGrievancesPersonalData() {
  return {
    /** Her grievances, oldest first, each with the shop's replies, in the caller's `tx`. */
    async exportFor(tx: Executor, email: string) {
      const grievances = await queryRows<{
        id: string;
        ticket: string;
        category: string;
        subject: string;
        description: string;
        orderNumber: string;
        status: string;
        resolution: string;
        createdAt: Date;
      }>(
        tx,
        sql`select id, ticket, category, subject, description, order_number as "orderNumber",
                   status, resolution, created_at as "createdAt"
            from grievances where email = ${email} order by created_at`,
      );
      const ids = grievances.map((one) => one.id);
      const replies =
        ids.length === 0
          ? []
          : await queryRows<{ grievanceId: string; text: string; createdAt: Date }>(
              tx,
              sql`select grievance_id as "grievanceId", text, created_at as "createdAt"
                  from grievance_messages where grievance_id in ${ids} and kind = 'reply'
                  order by created_at`,
            );
      return grievances.map((one) => ({
        ...one,
        replies: replies
          .filter((reply) => reply.grievanceId === one.id)
          .map(({ text, createdAt }) => ({ text, createdAt })),
      }));
    },

    /**
     * Her grievances keep their ticket and what was decided, filed from `erasedEmail` with no
     * name or phone. Answers their ids (the mails about them are forgotten with her).
     */
    async anonymiseIn(tx: Executor, email: string, erasedEmail: string): Promise<string[]> {
      const rows = await queryRows<{ id: string }>(
        tx,
        sql`update grievances set name = '', email = ${erasedEmail}, phone = ''
            where email = ${email} returning id`,
      );
      return rows.map((row) => row.id);
    },
  };
}

export type GrievancesPersonalData = ReturnType<typeof createGrievancesPersonalData>;
