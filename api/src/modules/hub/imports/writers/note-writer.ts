import { EntityType, newId, type ImportedNote, type MeetingTimeZone } from '@meridian/domain';
import type { Prisma } from '../../../../generated/prisma/client.js';
import type { ImportRecordWriter, ImportTx as Tx, ImportWriteContext } from './import-writer.js';
import { findOwnerContact, findUser, ownershipOf } from './task-writer.js';

/**
 * The firm's time zone, for the wall-clock times files carry. Organizations store no zone of their
 * own; the one place a firm states its zone is its team's meeting templates (one of the six
 * Canadian zones, crm §5), so the import team's oldest template gives it, and Toronto otherwise.
 */
const DEFAULT_FIRM_TIME_ZONE: MeetingTimeZone = 'America/Toronto';

/** One lookup per chunk: the writer's context is made once per transaction. */
const zoneOfContext = new WeakMap<ImportWriteContext, Promise<string>>();

function firmTimeZone(tx: Tx, context: ImportWriteContext): Promise<string> {
  let zone = zoneOfContext.get(context);
  if (!zone) {
    zone = tx.meetingTemplate
      .findFirst({
        where: { organizationId: context.organizationId, teamId: context.teamId },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: { timeZone: true },
      })
      .then((template) => template?.timeZone ?? DEFAULT_FIRM_TIME_ZONE);
    zoneOfContext.set(context, zone);
  }
  return zone;
}

/** How far a zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)!.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a zoneless `YYYY-MM-DDTHH:mm:ss` (or a bare day: its midnight) means in a zone. The
 * offset is taken twice, at the first guess and at the result, so a time near a daylight-saving
 * change lands on the offset in force then.
 */
export function instantInZone(local: string, timeZone: string): Date {
  const [day, time = '00:00:00'] = local.split('T') as [string, string?];
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour = 0, minute = 0, second = 0] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, date, hour, minute, second);
  const guess = wall - zoneOffset(wall, timeZone);
  return new Date(wall - zoneOffset(guess, timeZone));
}

/**
 * Writes the given fields of a mapped note; each field alone. The date is the file's wall-clock
 * time in the firm's zone; a row without one keeps the stored date (a note always has one). The
 * author becomes the note's author when a user of the organization has that name or e-mail; the
 * model has no place for an author nobody matches, so that text is not written. The owner is the
 * contact the row names, else the import's team.
 */
async function writeNoteFields(
  tx: Tx,
  context: ImportWriteContext,
  noteId: string,
  fields: Partial<ImportedNote>,
): Promise<void> {
  const { organizationId } = context;
  const data: Prisma.NoteUncheckedUpdateInput = {};
  if ('title' in fields) data.title = fields.title ?? null;
  // A note always has a body: the record's schema refuses a row without one.
  if (fields.body) data.body = fields.body;
  if (fields.date) data.date = instantInZone(fields.date, await firmTimeZone(tx, context));
  if ('author' in fields) data.authorUserId = await findUser(tx, organizationId, fields.author ?? null);
  if ('owner' in fields) {
    const contact = await findOwnerContact(tx, context, fields.owner ?? null);
    Object.assign(data, ownershipOf(context, contact?.id ?? null));
  }
  if (Object.keys(data).length > 0) await tx.note.update({ where: { id: noteId, organizationId }, data });
}

async function createNote(tx: Tx, context: ImportWriteContext, record: ImportedNote): Promise<string> {
  const { organizationId } = context;
  const contact = await findOwnerContact(tx, context, record.owner);
  const id = newId(EntityType.note);
  await tx.note.create({
    data: {
      id,
      organizationId,
      teamId: context.teamId,
      title: record.title,
      body: record.body,
      date: record.date ? instantInZone(record.date, await firmTimeZone(tx, context)) : context.now,
      authorUserId: await findUser(tx, organizationId, record.author),
      ...ownershipOf(context, contact?.id ?? null),
    },
  });
  return id;
}

export const noteWriter: ImportRecordWriter<'notes'> = {
  kind: 'notes',
  tables: ['notes'],
  entityType: EntityType.note,
  create: createNote,
  writeFields: writeNoteFields,
  /** Rollback of a note the batch created: the note (its attachments and mentions go with it). */
  async remove(tx, context, entityId) {
    await tx.note.deleteMany({ where: { organizationId: context.organizationId, id: entityId } });
  },
};
