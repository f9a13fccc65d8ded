// What an imported financial record, task or note looks like in the database, keyed by the mapped
// record's field names so an import test can say "only the edited fields changed" by name. Columns
// an import must never touch (the advisor's nickname, the task's kind and team...) are in the
// snapshot too, under their column names: a writer that touched them would show up as a change of
// a field the file did not edit. Update times are left out: an update moves them by design.
import type { PrismaClient } from '@meridian/api';

export type EntitySnapshot = (
  prisma: PrismaClient,
  organizationId: string,
  entityId: string,
) => Promise<Record<string, unknown>>;

const day = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : null);
const money = (amount: { toFixed(): string } | null, currency: string | null) =>
  amount === null ? null : { amount: amount.toFixed(), currency };

const financialRecord: EntitySnapshot = async (prisma, organizationId, entityId) => {
  const record = await prisma.financialRecord.findFirstOrThrow({
    where: { organizationId, id: entityId },
    include: {
      investmentAccount: true,
      bankAccount: true,
      institution: { select: { name: true } },
      owners: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: { personId: true, ownerKind: true } },
    },
  });
  const investment = record.investmentAccount;
  const bank = record.bankAccount;
  return {
    recordType: record.type,
    accountType: investment?.accountType ?? null,
    bankAccountType: bank?.bankAccountType ?? null,
    name: record.name,
    marketValue: investment
      ? money(investment.marketValue, investment.marketValueCurrency)
      : money(bank?.balance ?? null, bank?.balanceCurrency ?? null),
    costBasis: investment ? money(investment.costBasis, investment.costBasisCurrency) : null,
    asOfDate: day(record.asOfDate),
    institution: record.institution?.name ?? null,
    jurisdiction: investment?.jurisdiction ?? null,
    owners: record.owners.map((owner) => `${owner.ownerKind}:${owner.personId}`),
    isJoint: record.isJoint,
    household: record.householdId,
    nickname: record.nickname,
    connectionType: record.connectionType,
    deletedAt: record.deletedAt,
  };
};

const task: EntitySnapshot = async (prisma, organizationId, entityId) => {
  const row = await prisma.task.findFirstOrThrow({ where: { organizationId, id: entityId } });
  return {
    title: row.title,
    note: row.note,
    dueDate: day(row.dueDate),
    status: row.status,
    type: row.type,
    priority: row.priority,
    assignee: row.assigneeTeamMemberId,
    // A task's household is its owner contact's.
    owner: { kind: row.ownerKind, contactId: row.ownerContactId, teamId: row.ownerTeamId, household: row.householdId },
    kind: row.kind,
    teamId: row.teamId,
  };
};

const note: EntitySnapshot = async (prisma, organizationId, entityId) => {
  const row = await prisma.note.findFirstOrThrow({ where: { organizationId, id: entityId } });
  return {
    title: row.title,
    body: row.body,
    date: row.date.toISOString(),
    owner: { kind: row.ownerKind, contactId: row.ownerContactId, teamId: row.ownerTeamId },
    author: row.authorUserId,
    teamId: row.teamId,
    deletedAt: row.deletedAt,
  };
};

/** Snapshots of the record kinds written by the financial-record, task and note writers. */
export const RECORD_SNAPSHOTS = {
  financialRecords: financialRecord,
  tasks: task,
  notes: note,
} as const satisfies Record<string, EntitySnapshot>;
