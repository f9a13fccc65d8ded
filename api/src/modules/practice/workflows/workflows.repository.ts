import { Inject, Injectable } from '@nestjs/common';
import { REGISTERED_ACCOUNT_TYPES, type RulePerson } from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import type { Sql } from '../../../common/persistence/sql.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { SystemPrisma, TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';

const TASK_SELECT = {
  id: true,
  workflowId: true,
  workflowStepId: true,
  title: true,
  note: true,
  type: true,
  status: true,
  dueDate: true,
  completedAt: true,
  assigneeTeamMemberId: true,
  assigneeTeamMember: { select: { user: { select: { name: true } } } },
} satisfies Prisma.TaskSelect;

const WORKFLOW_SELECT = {
  id: true,
  name: true,
  description: true,
  teamId: true,
  householdId: true,
  subjectPersonId: true,
  templateKey: true,
  templateId: true,
  reason: true,
  definition: true,
  startedAt: true,
  completedAt: true,
  cancelledAt: true,
  steps: {
    orderBy: { position: 'asc' },
    select: {
      id: true,
      position: true,
      name: true,
      openedAt: true,
      completedAt: true,
      tasks: { orderBy: [{ dueDate: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }], select: TASK_SELECT },
      requirements: {
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: { id: true, kind: true, label: true, documentId: true, metAt: true, cancelledAt: true },
      },
    },
  },
  participants: { select: { personId: true, tasksView: true } },
} satisfies Prisma.WorkflowSelect;

export type WorkflowTaskRow = Prisma.TaskGetPayload<{ select: typeof TASK_SELECT }>;
export type WorkflowRow = Prisma.WorkflowGetPayload<{ select: typeof WORKFLOW_SELECT }>;
type TemplateRow = Prisma.WorkflowTemplateGetPayload<{
  select: { id: true; name: true; description: true; subject: true; definition: true; basedOnKey: true };
}>;

const TEMPLATE_SELECT = {
  id: true,
  name: true,
  description: true,
  subject: true,
  definition: true,
  basedOnKey: true,
} as const;

/** A person the rules job reads, with the household and team their workflow goes in. */
export type RuleCandidate = RulePerson & { name: string; householdId: string; teamId: string };

@Injectable()
export class WorkflowsRepository {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(SystemPrisma) private readonly system: SystemPrisma,
  ) {}

  transaction<T>(fn: (tx: TenantTransaction) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(fn);
  }

  listTemplates(): Promise<TemplateRow[]> {
    return this.prisma.workflowTemplate.findMany({
      where: { deletedAt: null },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      select: TEMPLATE_SELECT,
    });
  }

  findTemplate(id: string, client: Pick<TenantPrismaClient, 'workflowTemplate'> = this.prisma) {
    return client.workflowTemplate.findFirst({ where: { id, deletedAt: null }, select: TEMPLATE_SELECT });
  }

  /** A workflow within the caller's teams, with its steps, tasks, requirements and participants. */
  findWorkflow(id: string, client: Pick<TenantPrismaClient, 'workflow'> = this.prisma): Promise<WorkflowRow | null> {
    return client.workflow.findFirst({ where: { id }, select: WORKFLOW_SELECT });
  }

  listByHousehold(householdId: string): Promise<WorkflowRow[]> {
    return this.prisma.workflow.findMany({
      where: { householdId },
      orderBy: [{ startedAt: 'desc' }, { id: 'asc' }],
      select: WORKFLOW_SELECT,
    });
  }

  /** The workflows a person takes part in (the household's where they are a member, their own). */
  listByParticipant(personId: string): Promise<WorkflowRow[]> {
    return this.prisma.workflow.findMany({
      where: { participants: { some: { personId } } },
      orderBy: [{ startedAt: 'desc' }, { id: 'asc' }],
      select: WORKFLOW_SELECT,
    });
  }

  /**
   * Holds the workflow's row until the transaction ends, so two task changes committing at once
   * are decided one after the other: the second sees the first's task done and opens the next step.
   */
  async lock(sql: Sql, organizationId: string, workflowIds: readonly string[]): Promise<void> {
    await sql.query(
      `SELECT id FROM workflows WHERE organization_id = $1 AND id = ANY($2::text[]) ORDER BY id FOR UPDATE`,
      organizationId,
      [...workflowIds],
    );
  }

  /** The workflows tasks belong to. */
  async workflowsOfTasks(sql: Sql, organizationId: string, taskIds: readonly string[]): Promise<string[]> {
    const rows = await sql.query<{ workflow_id: string }>(
      `SELECT DISTINCT workflow_id FROM tasks
        WHERE organization_id = $1 AND id = ANY($2::text[]) AND workflow_id IS NOT NULL`,
      organizationId,
      [...taskIds],
    );
    return rows.map((row) => row.workflow_id);
  }

  /** The user's membership of the team, which tasks are assigned to. */
  async teamMemberOf(sql: Sql, organizationId: string, teamId: string, userId: string): Promise<string | null> {
    const rows = await sql.query<{ id: string }>(
      `SELECT id FROM team_members WHERE organization_id = $1 AND team_id = $2 AND user_id = $3`,
      organizationId,
      teamId,
      userId,
    );
    return rows[0]?.id ?? null;
  }

  /** The household's primary advisor as a member of the team, when they are one. */
  async advisorMemberOf(sql: Sql, organizationId: string, householdId: string, teamId: string): Promise<string | null> {
    const rows = await sql.query<{ id: string }>(
      `SELECT m.id FROM households h
         JOIN professionals p ON p.organization_id = h.organization_id AND p.id = h.primary_advisor_id
         JOIN team_members m ON m.organization_id = h.organization_id AND m.user_id = p.user_id AND m.team_id = $3
        WHERE h.organization_id = $1 AND h.id = $2`,
      organizationId,
      householdId,
      teamId,
    );
    return rows[0]?.id ?? null;
  }

  /** The household's persons (not deleted), who take part in its workflows. */
  async householdPersons(sql: Sql, organizationId: string, householdId: string): Promise<string[]> {
    const rows = await sql.query<{ id: string }>(
      `SELECT id FROM persons WHERE organization_id = $1 AND household_id = $2 AND deleted_at IS NULL ORDER BY id`,
      organizationId,
      householdId,
    );
    return rows.map((row) => row.id);
  }

  /** Whether the document is the household's or the person's (and not deleted). */
  async documentBelongsTo(
    sql: Sql,
    organizationId: string,
    documentId: string,
    owners: { householdId: string | null; personIds: readonly string[] },
  ): Promise<boolean> {
    const rows = await sql.query<{ id: string }>(
      `SELECT d.id FROM documents d
        WHERE d.organization_id = $1 AND d.id = $2 AND d.deleted_at IS NULL
          AND (d.owner_household_id = $3 OR d.owner_person_id = ANY($4::text[]))`,
      organizationId,
      documentId,
      owners.householdId,
      [...owners.personIds],
    );
    return rows.length > 0;
  }

  /** Organizations with at least one person owning a registered account: where the rules job has work. */
  async organizationsWithRegisteredAccounts(): Promise<string[]> {
    const rows = await this.system.$queryRawUnsafe<{ organization_id: string }[]>(
      `SELECT DISTINCT a.organization_id FROM investment_accounts a
        WHERE a.account_type::text = ANY($1::text[])`,
      [...REGISTERED_ACCOUNT_TYPES],
    );
    return rows.map((row) => row.organization_id);
  }

  /**
   * The organization's persons with a date of birth and registered accounts they own (records not
   * deleted, persons not deleted), each with the team and household their workflow goes in.
   */
  async rulePersons(sql: Sql, organizationId: string): Promise<RuleCandidate[]> {
    const rows = await sql.query<{
      person_id: string;
      name: string;
      date_of_birth: string;
      household_id: string;
      team_id: string;
      account_id: string;
      account_type: string;
    }>(
      `SELECT p.id AS person_id, coalesce(p.preferred_name, p.first_name) || ' ' || p.last_name AS name, to_char(p.date_of_birth, 'YYYY-MM-DD') AS date_of_birth,
              h.id AS household_id, h.team_id, r.id AS account_id, a.account_type::text AS account_type
         FROM financial_record_owners o
         JOIN persons p ON p.organization_id = o.organization_id AND p.id = o.person_id AND p.deleted_at IS NULL
         JOIN households h ON h.organization_id = p.organization_id AND h.id = p.household_id AND h.deleted_at IS NULL
         JOIN financial_records r ON r.organization_id = o.organization_id AND r.id = o.financial_record_id
                                 AND r.deleted_at IS NULL
         JOIN investment_accounts a ON a.organization_id = r.organization_id AND a.id = r.id
        WHERE o.organization_id = $1 AND p.date_of_birth IS NOT NULL
          AND a.account_type::text = ANY($2::text[])
        ORDER BY p.id, r.id`,
      organizationId,
      [...REGISTERED_ACCOUNT_TYPES],
    );
    const persons = new Map<string, RuleCandidate>();
    for (const row of rows) {
      const person = persons.get(row.person_id) ?? {
        personId: row.person_id,
        name: row.name,
        dateOfBirth: row.date_of_birth,
        householdId: row.household_id,
        teamId: row.team_id,
        accounts: [],
      };
      (person.accounts as { accountId: string; type: string }[]).push({
        accountId: row.account_id,
        type: row.account_type,
      });
      persons.set(row.person_id, person);
    }
    return [...persons.values()];
  }
}
