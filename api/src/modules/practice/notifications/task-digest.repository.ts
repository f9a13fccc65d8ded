import { Inject, Injectable } from '@nestjs/common';
import { CLOSED_TASK_STATUSES } from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import { SystemPrisma } from '../../../infra/prisma/prisma.service.js';

/** The most tasks one digest lists; the rest are counted, and My tasks shows them all. */
export const DIGEST_TASK_LINES = 20;

/** One open task of the digest with what its line shows, and its user's counts. */
export interface DigestTaskRow {
  organizationId: string;
  userId: string;
  email: string;
  userName: string;
  taskId: string;
  title: string;
  householdName: string | null;
  dueDate: Date;
  /** The user's open tasks due before `today`, all of them (the lines are the first few). */
  overdue: number;
  /** The user's open tasks due on `today`. */
  dueToday: number;
}

@Injectable()
export class TaskDigestRepository {
  constructor(@Inject(SystemPrisma) private readonly prisma: SystemPrisma) {}

  /**
   * For every user in every firm with open tasks due on or before `today` (yyyy-mm-dd): their
   * first DIGEST_TASK_LINES tasks, due today first, then the most recently overdue (what they can
   * still act on before what has waited for months), each row with the user's counts. A task of a
   * deleted household is left out, as every list leaves the household out.
   */
  dueBy(today: string): Promise<DigestTaskRow[]> {
    return this.prisma.$queryRaw<DigestTaskRow[]>`
      SELECT "organizationId", "userId", email, "userName", "taskId", title, "householdName", "dueDate",
             overdue::int AS overdue, "dueToday"::int AS "dueToday"
        FROM (SELECT t.organization_id AS "organizationId", u.id AS "userId", u.email, u.name AS "userName",
                     t.id AS "taskId", t.title, h.name AS "householdName", t.due_date AS "dueDate",
                     count(*) FILTER (WHERE t.due_date < ${today}::date) OVER mine AS overdue,
                     count(*) FILTER (WHERE t.due_date = ${today}::date) OVER mine AS "dueToday",
                     row_number() OVER (mine ORDER BY t.due_date DESC, t.title, t.id) AS position
                FROM tasks t
                JOIN team_members tm ON tm.organization_id = t.organization_id AND tm.id = t.assignee_team_member_id
                JOIN users u ON u.organization_id = tm.organization_id AND u.id = tm.user_id
                LEFT JOIN households h ON h.organization_id = t.organization_id AND h.id = t.household_id
               WHERE t.due_date <= ${today}::date
                 AND t.status::text <> ALL (${[...CLOSED_TASK_STATUSES]}::text[])
                 AND (t.household_id IS NULL OR h.deleted_at IS NULL)
              WINDOW mine AS (PARTITION BY t.organization_id, u.id)) AS digest
       WHERE position <= ${DIGEST_TASK_LINES}
       ORDER BY "organizationId", "userId", position`;
  }

  transaction<T>(fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }
}
