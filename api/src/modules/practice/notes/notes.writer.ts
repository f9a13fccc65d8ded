import { Injectable } from '@nestjs/common';
import { EntityType, newId, TaskOwnerKind, type ReferenceKind } from '@meridian/domain';
import { deleteRows, insertRows, updateRows, type ColumnTypes } from '../../../common/persistence/sql.js';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';
import type { OwnerColumns } from '../tasks/index.js';

/** A note (crm §6): its body, when it was taken, who wrote it and who it is about. */
export interface NoteDraft {
  teamId: string;
  title: string | null;
  body: string;
  date: Date;
  authorUserId: string | null;
  owner: OwnerColumns;
}
export type NoteColumns = Partial<Omit<NoteDraft, 'owner'>> & {
  owner?: OwnerColumns;
  deletedAt?: Date | null;
  starredAt?: Date | null;
};

/** A file attached to a note: the path its upload answered, and what the list shows of it. */
export interface NoteAttachmentDraft {
  noteId: string;
  url: string;
  fileName: string;
  fileType: string | null;
  fileSize: number | null;
}

/** An entity a note mentions, by its kind and id. */
export interface NoteMentionDraft {
  noteId: string;
  entityKind: ReferenceKind;
  entityId: string;
}

/** `TEAM` -> `owner_team_id`, `HOUSEHOLD` -> `owner_household_id`... (the nine owner columns). */
const ownerColumn = (kind: TaskOwnerKind) => `owner_${kind.toLowerCase()}_id`;
/** `TEAM` -> `ownerTeamId`: the field of `OwnerColumns` holding a kind's id. */
const ownerField = (kind: TaskOwnerKind) => `owner${kind.charAt(0)}${kind.slice(1).toLowerCase()}Id`;

/** The owner columns of an owner given by kind and id. */
export function noteOwner(kind: TaskOwnerKind, id: string): OwnerColumns {
  return { ownerKind: kind, [ownerField(kind)]: id } as unknown as OwnerColumns;
}

/** Every owner column: the owner kind's set to its id, the others null (the owner CHECK wants exactly one). */
export function noteOwnerColumns(owner: OwnerColumns): Record<string, unknown> {
  const columns: Record<string, unknown> = { owner_kind: owner.ownerKind };
  const ids = owner as unknown as Record<string, string | null | undefined>;
  for (const kind of TaskOwnerKind) columns[ownerColumn(kind)] = ids[ownerField(kind)] ?? null;
  return columns;
}

const NOTE_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  team_id: 'text',
  title: 'text',
  body: 'text',
  date: 'timestamptz',
  author_user_id: 'text',
  owner_kind: 'task_owner_kind',
  ...Object.fromEntries(TaskOwnerKind.map((kind) => [ownerColumn(kind), 'text'])),
  starred_at: 'timestamptz',
  deleted_at: 'timestamptz',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const ATTACHMENT_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  note_id: 'text',
  url: 'text',
  file_name: 'text',
  file_type: 'text',
  file_size: 'integer',
  created_at: 'timestamptz',
};

const MENTION_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  note_id: 'text',
  entity_kind: 'entity_kind',
  entity_id: 'text',
};

const NOTE_COLUMN: Record<Exclude<keyof NoteColumns, 'owner'>, string> = {
  teamId: 'team_id',
  title: 'title',
  body: 'body',
  date: 'date',
  authorUserId: 'author_user_id',
  deletedAt: 'deleted_at',
  starredAt: 'starred_at',
};

/**
 * The one writer of notes, their attachments and their mentions: creates, writes given fields,
 * removes; a batch per statement.
 */
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
        ...noteOwnerColumns(draft.owner),
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
          if (key === 'owner') Object.assign(set, noteOwnerColumns(value as OwnerColumns));
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

  async attach(scope: WriteScope, drafts: readonly NoteAttachmentDraft[]): Promise<void> {
    await insertRows(
      scope.sql,
      'note_attachments',
      ATTACHMENT_TYPES,
      drafts.map((draft) => ({
        id: newId(EntityType.noteAttachment),
        organization_id: scope.organizationId,
        note_id: draft.noteId,
        url: draft.url,
        file_name: draft.fileName,
        file_type: draft.fileType,
        file_size: draft.fileSize,
        created_at: scope.now,
      })),
    );
  }

  /** Removes the attachments of `noteId` with these paths; how many there were. */
  async detach(scope: WriteScope, noteId: string, urls: readonly string[]): Promise<number> {
    if (urls.length === 0) return 0;
    return scope.sql.execute(
      `DELETE FROM note_attachments WHERE organization_id = $1 AND note_id = $2 AND url = ANY($3::text[])`,
      scope.organizationId,
      noteId,
      [...urls],
    );
  }

  /** The note's mentions become exactly `mentions` (those no longer named go, new ones come). */
  async replaceMentions(scope: WriteScope, noteId: string, mentions: readonly NoteMentionDraft[]): Promise<void> {
    await scope.sql.execute(
      `DELETE FROM note_mentions WHERE organization_id = $1 AND note_id = $2 AND NOT (entity_id = ANY($3::text[]))`,
      scope.organizationId,
      noteId,
      mentions.map((mention) => mention.entityId),
    );
    await this.mention(scope, mentions, true);
  }

  /** Adds mentions; with `skipExisting`, one a note already has is left as it is. */
  async mention(scope: WriteScope, mentions: readonly NoteMentionDraft[], skipExisting = false): Promise<void> {
    const rows = mentions.map((mention) => ({
      id: newId(EntityType.noteMention),
      organization_id: scope.organizationId,
      note_id: mention.noteId,
      entity_kind: mention.entityKind,
      entity_id: mention.entityId,
    }));
    if (!skipExisting) return insertRows(scope.sql, 'note_mentions', MENTION_TYPES, rows);
    if (rows.length === 0) return;
    await scope.sql.execute(
      `INSERT INTO note_mentions (id, organization_id, note_id, entity_kind, entity_id)
       SELECT r.id, r.organization_id, r.note_id, r.entity_kind::entity_kind, r.entity_id
         FROM jsonb_to_recordset($1::jsonb) AS r(id text, organization_id text, note_id text, entity_kind text, entity_id text)
       ON CONFLICT (note_id, entity_id) DO NOTHING`,
      JSON.stringify(rows),
    );
  }
}
