import { Inject, Injectable } from '@nestjs/common';
import { EntityType, type ImportedTask, type TaskStatus } from '@meridian/domain';
import { TasksWriter, type OwnerColumns, type TaskColumns } from '../../../practice/tasks/index.js';
import type { FieldsUpdate, ImportRecordWriter, ImportScope } from './import-writer.js';
import { dayOf } from './references.js';

/** A row's reference to the contact a task or note is about: the source's id, or a full name. */
export type ImportedOwnerRef = ImportedTask['owner'];

/**
 * The contact a row names: by the source's id (a contact link of the same system, e.g. Pipedrive
 * people imported before their activities), else by full name, case aside (`Hélène Tremblay`, or
 * `Tremblay, Hélène`), when exactly one contact has it. Two contacts of one name are a guess the
 * import does not make.
 */
export async function findOwnerContact(
  scope: ImportScope,
  ref: ImportedOwnerRef,
): Promise<{ id: string; householdId: string | null } | null> {
  if (!ref) return null;
  const { tx, organizationId } = scope;
  const select = { id: true, householdId: true } as const;
  if (ref.sourceId !== null) {
    const link = await tx.externalLink.findFirst({
      where: { organizationId, source: scope.source, sourceId: ref.sourceId, entityType: EntityType.contact },
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

export function ownershipOf(scope: ImportScope, contactId: string | null): OwnerColumns {
  return contactId
    ? { ownerKind: 'CONTACT', ownerContactId: contactId }
    : { ownerKind: 'TEAM', ownerTeamId: scope.teamId };
}

/**
 * The user a file's user column names: by login e-mail or by name, case aside, when exactly one
 * user of the organization has it. Null otherwise (the text is then not written anywhere).
 */
export async function findUser(scope: ImportScope, text: string | null): Promise<string | null> {
  const { tx, organizationId } = scope;
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
async function findAssignee(scope: ImportScope, assignee: string | null): Promise<string | null> {
  const userId = await findUser(scope, assignee);
  if (!userId) return null;
  const memberships = await scope.tx.teamMember.findMany({
    where: { organizationId: scope.organizationId, userId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, teamId: true },
  });
  return (memberships.find((member) => member.teamId === scope.teamId) ?? memberships[0])?.id ?? null;
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
 * Tasks from other systems' exports (activities, to-dos), onto the tasks writer. `type` and
 * `priority` are free text on the task, as the sources' own words. An assignee no user matches
 * leaves the task unassigned, and an owner no contact matches leaves it with the import's team; the
 * task's household follows its owner contact's. An imported task is a basic task.
 */
@Injectable()
export class TaskImportWriter implements ImportRecordWriter<'tasks'> {
  readonly kind = 'tasks' as const;
  readonly entityType = EntityType.basicTask;
  readonly tables = ['tasks'];

  constructor(@Inject(TasksWriter) private readonly tasks: TasksWriter) {}

  async create(scope: ImportScope, records: ImportedTask[]): Promise<string[]> {
    const drafts = [];
    for (const record of records) {
      const contact = await findOwnerContact(scope, record.owner);
      const dueDate = dayOf(record.dueDate);
      drafts.push({
        teamId: scope.teamId,
        title: record.title,
        note: record.note,
        type: record.type,
        priority: record.priority,
        dueDate,
        ...statusColumns(record.status, dueDate, scope.now),
        assigneeTeamMemberId: await findAssignee(scope, record.assignee),
        householdId: contact?.householdId ?? null,
        owner: ownershipOf(scope, contact?.id ?? null),
      });
    }
    return this.tasks.create(scope, drafts);
  }

  async update(scope: ImportScope, updates: FieldsUpdate<'tasks'>[]): Promise<void> {
    const changes = [];
    for (const { entityId, fields } of updates) {
      const set: TaskColumns = {};
      // A task always has a title: the record's schema refuses a row without one.
      if (fields.title) set.title = fields.title;
      if ('note' in fields) set.note = fields.note ?? null;
      if ('type' in fields) set.type = fields.type ?? null;
      if ('priority' in fields) set.priority = fields.priority ?? null;
      if ('dueDate' in fields) set.dueDate = dayOf(fields.dueDate ?? null);
      if (fields.status) {
        const dueDate =
          'dueDate' in fields
            ? (set.dueDate ?? null)
            : (await scope.tx.task.findFirstOrThrow({ where: { id: entityId }, select: { dueDate: true } })).dueDate;
        Object.assign(set, statusColumns(fields.status, dueDate, scope.now));
      }
      if ('assignee' in fields) set.assigneeTeamMemberId = await findAssignee(scope, fields.assignee ?? null);
      if ('owner' in fields) {
        const contact = await findOwnerContact(scope, fields.owner ?? null);
        set.owner = ownershipOf(scope, contact?.id ?? null);
        set.householdId = contact?.householdId ?? null;
      }
      if (Object.keys(set).length > 0) changes.push({ id: entityId, fields: set });
    }
    await this.tasks.update(scope, changes);
  }

  /** Rollback of tasks the batch created: the tasks alone (they reference, never create, others). */
  async remove(scope: ImportScope, entityIds: string[]): Promise<void> {
    await this.tasks.remove(scope, entityIds);
  }
}
