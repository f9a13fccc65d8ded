import { Injectable } from '@nestjs/common';
import { EntityType, newId, TaskOwnerKind, type ReferenceKind } from '@meridian/domain';
import { insertRows, updateRows, type ColumnTypes } from '../../../common/persistence/sql.js';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';

/** A client document (crm §3): a stored file, whose it is, and who it mentions. */
export interface DocumentDraft {
  /** The team of its owner; null for a document of the firm's (a professional's). */
  teamId: string | null;
  filePath: string;
  originalFileName: string;
  fileType: string | null;
  fileSize: number | null;
  useVault: boolean;
  ownerKind: TaskOwnerKind;
  ownerId: string;
  mentions: readonly { entityKind: ReferenceKind; entityId: string }[];
}

const ownerColumn = (kind: TaskOwnerKind) => `owner_${kind.toLowerCase()}_id`;

const DOCUMENT_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  team_id: 'text',
  file_path: 'text',
  original_file_name: 'text',
  file_type: 'text',
  file_size: 'bigint',
  use_vault: 'boolean',
  owner_kind: 'task_owner_kind',
  ...Object.fromEntries(TaskOwnerKind.map((kind) => [ownerColumn(kind), 'text'])),
  deleted_at: 'timestamptz',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const MENTION_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  document_id: 'text',
  entity_kind: 'entity_kind',
  entity_id: 'text',
};

/** The one writer of documents and their mentions; a batch per statement. */
@Injectable()
export class DocumentsWriter {
  async create(scope: WriteScope, drafts: readonly DocumentDraft[]): Promise<string[]> {
    const ids = drafts.map(() => newId(EntityType.document));
    await insertRows(
      scope.sql,
      'documents',
      DOCUMENT_TYPES,
      drafts.map((draft, index) => ({
        id: ids[index],
        organization_id: scope.organizationId,
        team_id: draft.teamId,
        file_path: draft.filePath,
        original_file_name: draft.originalFileName,
        file_type: draft.fileType,
        file_size: draft.fileSize,
        use_vault: draft.useVault,
        owner_kind: draft.ownerKind,
        ...Object.fromEntries(
          TaskOwnerKind.map((kind) => [ownerColumn(kind), kind === draft.ownerKind ? draft.ownerId : null]),
        ),
        created_at: scope.now,
        updated_at: scope.now,
      })),
    );
    await insertRows(
      scope.sql,
      'document_mentions',
      MENTION_TYPES,
      drafts.flatMap((draft, index) =>
        draft.mentions.map((mention) => ({
          id: newId(EntityType.documentMention),
          organization_id: scope.organizationId,
          document_id: ids[index],
          entity_kind: mention.entityKind,
          entity_id: mention.entityId,
        })),
      ),
    );
    return ids;
  }

  /** Marks documents deleted: they leave every list and can no longer be downloaded. */
  async softDelete(scope: WriteScope, ids: readonly string[]): Promise<void> {
    await updateRows(
      scope.sql,
      'documents',
      scope.organizationId,
      DOCUMENT_TYPES,
      ids.map((id) => ({ id, set: { deleted_at: scope.now, updated_at: scope.now } })),
    );
  }
}
