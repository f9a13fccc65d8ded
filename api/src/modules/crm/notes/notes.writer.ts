import { Injectable } from '@nestjs/common';
import { EntityType, newId } from '@meridian/domain';
import { deleteRows, insertRows, updateRows, type ColumnTypes } from '../../../common/persistence/sql.js';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';
import { ownerColumnsOf, type OwnerColumns } from '../tasks/index.js';

/** A note (crm §6): its body, when it was taken, who wrote it and who it is about. */
export interface NoteDraft {
  teamId: string;
  title: string | null;
  body: string;
  date: Date;
  authorUserId: string | null;
  owner: OwnerColumns;
}
export type NoteColumns = Partial<Omit<NoteDraft, 'owner'>> & { owner?: OwnerColumns; deletedAt?: Date | null };

const NOTE_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  team_id: 'text',
  title: 'text',
  body: 'text',
  date: 'timestamptz',
  author_user_id: 'text',
  owner_kind: 'task_owner_kind',
  owner_contact_id: 'text',
  owner_team_id: 'text',
  deleted_at: 'timestamptz',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const NOTE_COLUMN: Record<Exclude<keyof NoteColumns, 'owner'>, string> = {
  teamId: 'team_id',
  title: 'title',
  body: 'body',
  date: 'date',
  authorUserId: 'author_user_id',
  deletedAt: 'deleted_at',
};

/** The one writer of notes: creates, writes given fields, removes; a batch per statement. */
@Injectable()
export class NotesWriter {
  async create(scope: WriteScope, drafts: readonly NoteDraft[]): Promise<string[]> {
    const ids = drafts.map(() => newId(EntityType.note));
    await insertRows(
      scope.sql,
      'notes',
      NOTE_TYPES,
      drafts.map((draft, index) => ({
        id: ids[index],
        organization_id: scope.organizationId,
        team_id: draft.teamId,
        title: draft.title,
        body: draft.body,
        date: draft.date,
        author_user_id: draft.authorUserId,
        ...ownerColumnsOf(draft.owner),
        created_at: scope.now,
        updated_at: scope.now,
      })),
    );
    return ids;
  }

  async update(scope: WriteScope, updates: readonly { id: string; fields: NoteColumns }[]): Promise<void> {
    await updateRows(
      scope.sql,
      'notes',
      scope.organizationId,
      NOTE_TYPES,
      updates.map(({ id, fields }) => {
        const set: Record<string, unknown> = { updated_at: scope.now };
        for (const [key, value] of Object.entries(fields)) {
          if (key === 'owner') Object.assign(set, ownerColumnsOf(value as OwnerColumns));
          else set[NOTE_COLUMN[key as keyof typeof NOTE_COLUMN]] = value ?? null;
        }
        return { id, set };
      }),
    );
  }

  /** The notes about these contacts: id, body and owner, for a writer deciding which to keep. */
  async aboutContacts(scope: WriteScope, contactIds: readonly string[]) {
    if (contactIds.length === 0) return [];
    return scope.sql.query<{ id: string; body: string; contactId: string }>(
      `SELECT id, body, owner_contact_id AS "contactId" FROM notes
        WHERE organization_id = $1 AND owner_kind = 'CONTACT' AND owner_contact_id = ANY($2::text[])`,
      scope.organizationId,
      [...new Set(contactIds)],
    );
  }

  async remove(scope: WriteScope, ids: readonly string[]): Promise<void> {
    await deleteRows(scope.sql, 'notes', scope.organizationId, ids);
  }
}
