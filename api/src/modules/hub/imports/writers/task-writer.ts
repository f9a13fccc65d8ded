import { EntityType, newId, type ImportedTask, type TaskStatus } from '@meridian/domain';
import type { Prisma } from '../../../../generated/prisma/client.js';
import type { ImportRecordWriter, ImportTx as Tx, ImportWriteContext } from './import-writer.js';
import { dayOf } from './person-writer.js';

/** A row's reference to the contact a task or note is about: the source's id, or a full name. */
export type ImportedOwnerRef = ImportedTask['owner'];

/** Who owns an imported task or note: the contact the row names, else the import's team. */
export interface ImportedOwnership {
  ownerKind: 'CONTACT' | 'TEAM';
  ownerContactId: string | null;
  ownerTeamId: string | null;
}

/**
 * The contact a row names: by the source's id (a contact link of the same system, e.g. Pipedrive
 * people imported before their activities), else by full name, case aside (`Hélène Tremblay`, or
 * `Tremblay, Hélène`), when exactly one contact has it. Two contacts of one name are a guess the
 * import does not make.
 */
export async function findOwnerContact(
  tx: Tx,
  context: ImportWriteContext,
  ref: ImportedOwnerRef,
): Promise<{ id: string; householdId: string | null } | null> {
  if (!ref) return null;
  const { organizationId } = context;
  const select = { id: true, householdId: true } as const;
  if (ref.sourceId !== null) {
    const link = await tx.externalLink.findFirst({
      where: { organizationId, source: context.source, sourceId: ref.sourceId, entityType: EntityType.contact },
      select: { entityId: true },
    });
    const linked = link && (await tx.contact.findFirst({ where: { organizationId, id: link.entityId }, select }));
    if (linked) return linked;
  }
  if (ref.name === null) return null;
  const splits = nameSplits(ref.name);
  if (splits.length === 0) return null;
  const matches = await tx.contact.findMany({
    where: {
      organizationId,
      OR: splits.map(([firstName, lastName]) => ({
        firstName: { equals: firstName, mode: 'insensitive' as const },
        lastName: { equals: lastName, mode: 'insensitive' as const },
      })),
    },
    select,
    take: 2,
  });
  return matches.length === 1 ? matches[0]! : null;
}

/** The first/last name pairs a full name can be: `Last, First`, or split at each space. */
function nameSplits(name: string): [string, string][] {
  const comma = name.indexOf(',');
  if (comma >= 0) {
    const last = name.slice(0, comma).trim();
    const first = name.slice(comma + 1).trim();
    return first && last ? [[first, last]] : [];
  }
  const words = name.trim().split(/\s+/);
  return words.slice(1).map((_, index) => [words.slice(0, index + 1).join(' '), words.slice(index + 1).join(' ')]);
}

export function ownershipOf(context: ImportWriteContext, contactId: string | null): ImportedOwnership {
  return contactId
    ? { ownerKind: 'CONTACT', ownerContactId: contactId, ownerTeamId: null }
    : { ownerKind: 'TEAM', ownerContactId: null, ownerTeamId: context.teamId };
}

/**
 * The user a file's user column names: by login e-mail or by name, case aside, when exactly one
 * user of the organization has it. Null otherwise (the text is then not written anywhere).
 */
export async function findUser(tx: Tx, organizationId: string, text: string | null): Promise<string | null> {
  const wanted = text?.trim();
  if (!wanted) return null;
  const users = await tx.user.findMany({
    where: {
      organizationId,
      OR: [{ email: { equals: wanted, mode: 'insensitive' } }, { name: { equals: wanted, mode: 'insensitive' } }],
    },
    select: { id: true },
    take: 2,
  });
  return users.length === 1 ? users[0]!.id : null;
}

/** The assignee's membership: in the import's team if the user is in it, else their oldest one. */
async function findAssignee(tx: Tx, context: ImportWriteContext, assignee: string | null): Promise<string | null> {
  const userId = await findUser(tx, context.organizationId, assignee);
  if (!userId) return null;
  const memberships = await tx.teamMember.findMany({
    where: { organizationId: context.organizationId, userId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, teamId: true },
  });
  return (memberships.find((member) => member.teamId === context.teamId) ?? memberships[0])?.id ?? null;
}

/**
 * The columns a status brings with it: when it was completed or cancelled (the time of the import
 * that said so), and the scheduled time a SCHEDULED task must have (CHECK tasks_scheduled_time_check):
 * its due day, else now.
 */
function statusColumns(status: TaskStatus, dueDate: Date | null, now: Date) {
  return {
    status,
    completedAt: status === 'DONE' ? now : null,
    cancelledAt: status === 'CANCELLED' ? now : null,
    scheduledTime: status === 'SCHEDULED' ? (dueDate ?? now) : null,
  };
}

/**
 * Writes the given fields of a mapped task; each field alone. `type` and `priority` are free text
 * on the task, as the sources' own words. An assignee no user matches leaves the task unassigned,
 * and an owner no contact matches leaves it with the import's team; the task's household follows
 * its owner contact's.
 */
async function writeTaskFields(
  tx: Tx,
  context: ImportWriteContext,
  taskId: string,
  fields: Partial<ImportedTask>,
): Promise<void> {
  const { organizationId } = context;
  const data: Prisma.TaskUncheckedUpdateInput = {};
  // A task always has a title: the record's schema refuses a row without one.
  if (fields.title) data.title = fields.title;
  if ('note' in fields) data.note = fields.note ?? null;
  if ('type' in fields) data.type = fields.type ?? null;
  if ('priority' in fields) data.priority = fields.priority ?? null;
  if ('dueDate' in fields) data.dueDate = dayOf(fields.dueDate ?? null);
  if (fields.status) {
    const dueDate =
      'dueDate' in fields
        ? (data.dueDate as Date | null)
        : (await tx.task.findFirstOrThrow({ where: { organizationId, id: taskId }, select: { dueDate: true } }))
            .dueDate;
    Object.assign(data, statusColumns(fields.status, dueDate, context.now));
  }
  if ('assignee' in fields) data.assigneeTeamMemberId = await findAssignee(tx, context, fields.assignee ?? null);
  if ('owner' in fields) {
    const contact = await findOwnerContact(tx, context, fields.owner ?? null);
    Object.assign(data, ownershipOf(context, contact?.id ?? null), { householdId: contact?.householdId ?? null });
  }
  if (Object.keys(data).length > 0) await tx.task.update({ where: { id: taskId, organizationId }, data });
}

async function createTask(tx: Tx, context: ImportWriteContext, record: ImportedTask): Promise<string> {
  const { organizationId } = context;
  const contact = await findOwnerContact(tx, context, record.owner);
  const dueDate = dayOf(record.dueDate);
  // An imported task is a basic task: the other kinds carry what no file has (an account, questions).
  const id = newId(EntityType.basicTask);
  await tx.task.create({
    data: {
      id,
      organizationId,
      teamId: context.teamId,
      kind: 'BASIC_TASK',
      title: record.title,
      note: record.note,
      type: record.type,
      priority: record.priority,
      dueDate,
      ...statusColumns(record.status, dueDate, context.now),
      assigneeTeamMemberId: await findAssignee(tx, context, record.assignee),
      householdId: contact?.householdId ?? null,
      ...ownershipOf(context, contact?.id ?? null),
    },
  });
  return id;
}

export const taskWriter: ImportRecordWriter<'tasks'> = {
  kind: 'tasks',
  tables: ['tasks'],
  entityType: EntityType.basicTask,
  create: createTask,
  writeFields: writeTaskFields,
  /** Rollback of a task the batch created: the task alone (it references, never creates, others). */
  async remove(tx, context, entityId) {
    await tx.task.deleteMany({ where: { organizationId: context.organizationId, id: entityId } });
  },
};
