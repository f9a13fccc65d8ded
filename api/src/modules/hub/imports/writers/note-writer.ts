import { Inject, Injectable } from '@nestjs/common';
import { EntityType, type ImportedNote, type MeetingTimeZone } from '@meridian/domain';
import { NotesWriter, type NoteColumns } from '../../../practice/notes/index.js';
import type { FieldsUpdate, ImportRecordWriter, ImportScope } from './import-writer.js';
import { findOwnerContact, findUser, ownershipOf } from './task-writer.js';

/**
 * The firm's time zone, for the wall-clock times files carry. Organizations store no zone of their
 * own; the one place a firm states its zone is its team's meeting templates (one of the six
 * Canadian zones, crm §5), so the import team's oldest template gives it, and Toronto otherwise.
 */
const DEFAULT_FIRM_TIME_ZONE: MeetingTimeZone = 'America/Toronto';

async function firmTimeZone(scope: ImportScope): Promise<string> {
  const template = await scope.tx.meetingTemplate.findFirst({
    where: { teamId: scope.teamId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { timeZone: true },
  });
  return template?.timeZone ?? DEFAULT_FIRM_TIME_ZONE;
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
 * Notes from other systems' exports, onto the notes writer. The date is the file's wall-clock time
 * in the firm's zone; a row without one keeps the stored date (a note always has one). The author
 * becomes the note's author when a user of the organization has that name or e-mail; the model has
 * no place for an author nobody matches, so that text is not written. The owner is the contact the
 * row names, else the import's team.
 */
@Injectable()
export class NoteImportWriter implements ImportRecordWriter<'notes'> {
  readonly kind = 'notes' as const;
  readonly entityType = EntityType.note;
  readonly tables = ['notes'];

  constructor(@Inject(NotesWriter) private readonly notes: NotesWriter) {}

  async create(scope: ImportScope, records: ImportedNote[]): Promise<string[]> {
    const zone = await firmTimeZone(scope);
    const drafts = [];
    for (const record of records) {
      const contact = await findOwnerContact(scope, record.owner);
      drafts.push({
        teamId: scope.teamId,
        title: record.title,
        body: record.body,
        date: record.date ? instantInZone(record.date, zone) : scope.now,
        authorUserId: await findUser(scope, record.author),
        owner: ownershipOf(scope, contact?.id ?? null),
      });
    }
    return this.notes.create(scope, drafts);
  }

  async update(scope: ImportScope, updates: FieldsUpdate<'notes'>[]): Promise<void> {
    const zone = await firmTimeZone(scope);
    const changes = [];
    for (const { entityId, fields } of updates) {
      const set: NoteColumns = {};
      if ('title' in fields) set.title = fields.title ?? null;
      // A note always has a body: the record's schema refuses a row without one.
      if (fields.body) set.body = fields.body;
      if (fields.date) set.date = instantInZone(fields.date, zone);
      if ('author' in fields) set.authorUserId = await findUser(scope, fields.author ?? null);
      if ('owner' in fields) {
        const contact = await findOwnerContact(scope, fields.owner ?? null);
        set.owner = ownershipOf(scope, contact?.id ?? null);
      }
      if (Object.keys(set).length > 0) changes.push({ id: entityId, fields: set });
    }
    await this.notes.update(scope, changes);
  }

  /** Rollback of notes the batch created: the notes (their attachments and mentions go with them). */
  async remove(scope: ImportScope, entityIds: string[]): Promise<void> {
    await this.notes.remove(scope, entityIds);
  }
}
