import { Inject, Injectable } from '@nestjs/common';
import {
  DocumentMessage,
  documentFileTypeOf,
  documentSizeProblem,
  DomainError,
  ENTITY_KIND_LABELS,
  EntityType,
  ErrorCode,
  NoteMessage,
  notFound,
  referenceKindOf,
  referencePrefix,
  ReferenceUse,
  validationError,
  type CreateDocument,
  type DocumentDownload,
  type DocumentListQuery,
  type DocumentResponse,
  type EntityKind,
  type ErrorDetail,
  type ListPage,
  type MentionableEntityType,
  type ReferenceKind,
  type TaskOwnerKind,
} from '@meridian/domain';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { writeScope } from '../../../common/tenancy/write-scope.js';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import { AuditService } from '../../platform/audit/index.js';
import { EntityResolver } from '../../platform/entity-resolver/index.js';
import { FilesService } from '../../platform/files/index.js';
import { NotificationsService, type Notice } from '../notifications/index.js';
import { DocumentsRepository, documentOwnerId, type DocumentRow } from './documents.repository.js';
import { DocumentsWriter } from './documents.writer.js';

/**
 * Client documents (crm §3, §4, §7): a file already uploaded, kept as one entity's document with
 * its mentions; listed by owner, downloaded through a signed, expiring address, soft-deleted.
 * The file must be in storage, of a type and size the firm keeps (checked when the upload was
 * asked for, and again here); owners and mentions go through the entity resolver.
 */
@Injectable()
export class DocumentsService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(DocumentsRepository) private readonly documents: DocumentsRepository,
    @Inject(DocumentsWriter) private readonly writer: DocumentsWriter,
    @Inject(EntityResolver) private readonly entities: EntityResolver,
    @Inject(FilesService) private readonly files: FilesService,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
  ) {}

  async create(caller: AuthenticatedCaller, input: CreateDocument): Promise<DocumentResponse> {
    const problems: ErrorDetail[] = [];
    input.mentions.forEach((mention, index) => {
      const kind = referenceKindOf(mention.entityId);
      if (kind !== null && referencePrefix(kind) !== mention.entityType) {
        problems.push({ path: `mentions.${index}.entityId`, message: NoteMessage.mentionTypeMismatch });
      }
    });
    if (problems.length > 0) throw validationError(problems);
    const found = await this.entities.require([
      { id: input.ownerId, use: ReferenceUse.documentOwner, path: 'ownerId' },
      ...input.mentions.map((mention, index) => ({
        id: mention.entityId,
        use: ReferenceUse.mention,
        path: `mentions.${index}.entityId`,
      })),
    ]);
    const owner = found.get(input.ownerId)!;
    const file = await this.storedFile(input.filePath);
    const mentions = [...new Set(input.mentions.map((mention) => mention.entityId))].map((id) => ({
      entityKind: found.get(id)!.kind as ReferenceKind,
      entityId: id,
    }));
    const { documentId, outbox } = await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const [id] = await this.writer.create(scope, [
        {
          teamId: owner.teamId,
          filePath: input.filePath,
          // Renamed: listed and downloaded under the name the user gave it; else under the uploaded file's.
          originalFileName: input.shouldRename ? input.originalFileName : file.name,
          fileType: file.contentType,
          fileSize: file.size,
          useVault: file.vault,
          ownerKind: owner.kind as TaskOwnerKind,
          ownerId: owner.id,
          mentions,
        },
      ]);
      const created = await this.documents.find(id!, tx);
      await this.audit.record(tx, {
        action: 'CREATE',
        entityType: EntityType.document,
        entityId: id!,
        after: auditView(created!),
      });
      const userIds = [
        ...mentions.filter((mention) => mention.entityKind === 'USER').map((mention) => mention.entityId),
        ...(await this.documents.usersOfTeamMembers(
          mentions.filter((mention) => mention.entityKind === 'TEAM_MEMBER').map((mention) => mention.entityId),
        )),
      ];
      const author = (await this.entities.displayNames([caller.userId], ['USER'])).get(caller.userId) ?? 'A colleague';
      const notices: Notice[] = [...new Set(userIds)].map((userId) => ({
        userId,
        kind: 'MENTIONED',
        title: `${author} mentioned you on the document “${created!.originalFileName}” of ${owner.name}`,
        entityKind: owner.kind,
        entityId: owner.id,
      }));
      return { documentId: id!, outbox: notices.length > 0 ? await this.notifications.notify(scope, notices) : [] };
    });
    await this.notifications.dispatch(outbox);
    const row = await this.documents.find(documentId);
    return (await this.views([row!]))[0]!;
  }

  async softDelete(documentId: string): Promise<{ id: string; deletedAt: string }> {
    return this.prisma.$transaction(async (tx) => {
      const before = await this.documents.find(documentId, tx);
      if (!before) throw notFound('Document');
      const scope = writeScope(tx);
      await this.writer.softDelete(scope, [documentId]);
      await this.audit.record(tx, {
        action: 'DELETE',
        entityType: EntityType.document,
        entityId: documentId,
        before: auditView(before),
      });
      return { id: documentId, deletedAt: scope.now.toISOString() };
    });
  }

  /** A signed address reading the document's file until it expires; none for a deleted document. */
  async requestDownload(documentId: string, now = new Date()): Promise<DocumentDownload> {
    const row = await this.documents.find(documentId);
    if (!row) throw notFound('Document');
    if (!(await this.files.isOwnFile(row.filePath)))
      throw new DomainError(ErrorCode.NOT_FOUND, DocumentMessage.fileMissing);
    return {
      url: this.files.readUrl(row.filePath, now),
      fileName: row.originalFileName,
      expiresAt: this.files.readExpiry(now).toISOString(),
    };
  }

  async byOwner(ownerId: string): Promise<DocumentResponse[]> {
    const owner = await this.entities.requireOne(ownerId, ReferenceUse.documentOwner, 'owner');
    return this.views(await this.documents.byOwner(owner.kind as TaskOwnerKind, owner.id));
  }

  async list(query: DocumentListQuery): Promise<ListPage<DocumentResponse>> {
    const { rows, total } = await this.documents.page(query);
    return { items: await this.views(rows), page: query.page, limit: query.limit, total };
  }

  /**
   * The uploaded file `filePath` names: one of the caller's organization's, still stored, of a type
   * and size the firm keeps as a document; else a 400 saying which.
   */
  private async storedFile(filePath: string) {
    const refuse = (message: string) => validationError([{ path: 'filePath', message }]);
    const type = documentFileTypeOf(filePath);
    if ('refusal' in type) throw refuse(type.refusal);
    const vault = filePath.startsWith('vault/');
    let bytes: Buffer | null = null;
    try {
      bytes = await this.files.read(this.files.ownKey(filePath, vault));
    } catch (error) {
      // Another organization's path, or one no upload made: the same as a file that is not there.
      if (!(error instanceof DomainError)) throw error;
    }
    if (bytes === null) throw refuse(DocumentMessage.fileMissing);
    const tooLarge = documentSizeProblem(bytes.length);
    if (tooLarge) throw refuse(tooLarge);
    return { contentType: type.contentType, size: bytes.length, vault, name: filePath.split('/').pop()! };
  }

  private async views(rows: readonly DocumentRow[]): Promise<DocumentResponse[]> {
    const names = await this.entities.resolve(
      rows.flatMap((row) => [documentOwnerId(row), ...row.mentions.map((mention) => mention.entityId)]),
    );
    return rows.map((row) => ({
      id: row.id,
      // The name chosen at create (the user's with shouldRename, else the stored file's) is the one kept.
      name: row.originalFileName,
      originalFileName: row.originalFileName,
      filePath: row.filePath,
      fileType: row.fileType,
      fileSize: row.fileSize === null ? null : Number(row.fileSize),
      owner: {
        kind: row.ownerKind,
        id: documentOwnerId(row),
        name: names.get(documentOwnerId(row))?.name ?? ENTITY_KIND_LABELS[row.ownerKind],
        householdId: names.get(documentOwnerId(row))?.householdId ?? null,
      },
      mentions: row.mentions.map((mention) => ({
        entityType: mention.entityKind.toLowerCase() as MentionableEntityType,
        entityId: mention.entityId,
        name: names.get(mention.entityId)?.name ?? ENTITY_KIND_LABELS[mention.entityKind as EntityKind],
      })),
      createdAt: row.createdAt.toISOString(),
    }));
  }
}

/** A row as the audit log keeps it (JSON: the size as a number, not a bigint). */
function auditView(row: DocumentRow) {
  return { ...row, fileSize: row.fileSize === null ? null : Number(row.fileSize) };
}
