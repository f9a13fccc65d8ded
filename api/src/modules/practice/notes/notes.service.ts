import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  ENTITY_KIND_LABELS,
  EntityType,
  ErrorCode,
  mentionsInContent,
  NoteMessage,
  notFound,
  referenceKindOf,
  referencePrefix,
  ReferenceUse,
  uploadTypeOf,
  validationError,
  type CreateNote,
  type EditNote,
  type EntityKind,
  type ErrorDetail,
  type Mention,
  type MentionableEntityType,
  type NoteAttachmentInput,
  type NoteResponse,
  type NotesByEntityQuery,
  type NoteSearchHit,
  type NoteSearchQuery,
  type ReferenceKind,
  type TaskOwnerKind,
} from '@meridian/domain';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { writeScope, type WriteScope } from '../../../common/tenancy/write-scope.js';
import type { AuthenticatedCaller } from '../../../common/tenancy/request-context.js';
import { AuditService } from '../../platform/audit/index.js';
import { EntityResolver, type ResolvedEntity } from '../../platform/entity-resolver/index.js';
import { FilesService } from '../../platform/files/index.js';
import { NotificationsService, type Notice } from '../notifications/index.js';
import { noteOwner, NotesWriter, type NoteMentionDraft } from './notes.writer.js';
import { NOTE_OWNER_FIELD, NotesRepository, noteOwnerId, type NoteRow } from './notes.repository.js';

/** The team a note is filed under (its own, or its owner's). */
const NOTE_TEAM: ReferenceUse = { kinds: ['TEAM'] };

/** An id a note mentions, where the request named it. */
interface MentionRef {
  id: string;
  path: string;
}

/**
 * Notes (crm §3, §4, §7): created about one entity (an owner of the task owner kinds), in a team,
 * with mentions (in the text and beside it) and files already uploaded; edited, starred,
 * soft-deleted; listed on an entity's page (the notes about it and those mentioning it) and found
 * by their words. Owners, teams and mentions go through the entity resolver, so an entity out of
 * the caller's reach is the same 404 as one that never existed; a mentioned user is notified.
 */
@Injectable()
export class NotesService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(NotesRepository) private readonly notes: NotesRepository,
    @Inject(NotesWriter) private readonly writer: NotesWriter,
    @Inject(EntityResolver) private readonly entities: EntityResolver,
    @Inject(FilesService) private readonly files: FilesService,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
  ) {}

  async get(noteId: string): Promise<NoteResponse> {
    const row = await this.notes.find(noteId);
    if (!row) throw notFound('Note');
    return (await this.views([row]))[0]!;
  }

  async create(caller: AuthenticatedCaller, input: CreateNote): Promise<NoteResponse> {
    const mentions = mentionRefs(input.body.content, input.body.extraMentions);
    const found = await this.entities.require([
      { id: input.owner, use: ReferenceUse.noteOwner, path: 'owner' },
      ...(input.team ? [{ id: input.team, use: NOTE_TEAM, path: 'team' }] : []),
      ...mentions.map(({ id, path }) => ({ id, use: ReferenceUse.mention, path })),
    ]);
    const owner = found.get(input.owner)!;
    const teamId = input.team ?? owner.teamId;
    if (teamId === null) throw validationError([{ path: 'team', message: NoteMessage.teamRequired }]);
    if (owner.teamId !== null && owner.teamId !== teamId) {
      throw validationError([{ path: 'team', message: NoteMessage.teamNotOwners }]);
    }
    const attachments = await this.checkedAttachments(input.attachments, 'attachments');
    const { noteId, outbox } = await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const [id] = await this.writer.create(scope, [
        {
          teamId,
          title: input.title,
          body: input.body.content,
          date: input.date ?? scope.now,
          authorUserId: caller.userId,
          owner: noteOwner(owner.kind as TaskOwnerKind, owner.id),
        },
      ]);
      await this.writer.attach(
        scope,
        attachments.map((attachment) => ({ ...attachment, noteId: id! })),
      );
      const drafts = mentionDrafts(id!, mentions, found);
      await this.writer.mention(scope, drafts);
      const created = await this.notes.find(id!, tx);
      await this.audit.record(tx, { action: 'CREATE', entityType: EntityType.note, entityId: id!, after: created });
      return { noteId: id!, outbox: await this.notifyMentioned(scope, caller, owner, drafts) };
    });
    await this.notifications.dispatch(outbox);
    return this.get(noteId);
  }

  /** `edit-note`: title and body replaced, mentions made those of the new body; attachments replaced when given. */
  async edit(caller: AuthenticatedCaller, noteId: string, input: EditNote): Promise<NoteResponse> {
    const before = await this.notes.find(noteId);
    if (!before) throw notFound('Note');
    const mentions = mentionRefs(input.body.content, input.body.extraMentions);
    const found = await this.entities.require(
      mentions.map(({ id, path }) => ({ id, use: ReferenceUse.mention, path })),
    );
    const keptUrls = new Set(before.attachments.map((attachment) => attachment.url));
    const added = input.attachments?.filter((attachment) => !keptUrls.has(attachment.url)) ?? [];
    const attachments = await this.checkedAttachments(added, 'attachments');
    const owner = await this.ownerOf(before);
    const outbox = await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      await this.writer.update(scope, [{ id: noteId, fields: { title: input.title, body: input.body.content } }]);
      if (input.attachments) {
        const wanted = new Set(input.attachments.map((attachment) => attachment.url));
        await this.writer.detach(
          scope,
          noteId,
          [...keptUrls].filter((url) => !wanted.has(url)),
        );
        await this.writer.attach(
          scope,
          attachments.map((attachment) => ({ ...attachment, noteId })),
        );
      }
      const drafts = mentionDrafts(noteId, mentions, found);
      await this.writer.replaceMentions(scope, noteId, drafts);
      const after = await this.notes.find(noteId, tx);
      await this.audit.record(tx, { action: 'UPDATE', entityType: EntityType.note, entityId: noteId, before, after });
      // Only those the edit newly mentions are told; the others were told when first mentioned.
      const already = new Set(before.mentions.map((mention) => mention.entityId));
      const fresh = drafts.filter((draft) => !already.has(draft.entityId));
      return this.notifyMentioned(scope, caller, owner, fresh);
    });
    await this.notifications.dispatch(outbox);
    return this.get(noteId);
  }

  async attachFile(noteId: string, input: NoteAttachmentInput): Promise<NoteResponse> {
    const note = await this.notes.find(noteId);
    if (!note) throw notFound('Note');
    if (note.attachments.some((attachment) => attachment.url === input.url)) {
      throw new DomainError(ErrorCode.CONFLICT, NoteMessage.alreadyAttached);
    }
    const [attachment] = await this.checkedAttachments([input], '');
    await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      await this.writer.attach(scope, [{ ...attachment!, noteId }]);
      await this.writer.update(scope, [{ id: noteId, fields: {} }]);
    });
    return this.get(noteId);
  }

  /** `remove-file`: the attachment goes from the note (the stored file stays: the audit log may name it). */
  async removeFile(noteId: string, url: string): Promise<NoteResponse> {
    if (!(await this.notes.find(noteId))) throw notFound('Note');
    const removed = await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const count = await this.writer.detach(scope, noteId, [url]);
      if (count > 0) await this.writer.update(scope, [{ id: noteId, fields: {} }]);
      return count;
    });
    if (removed === 0) throw new DomainError(ErrorCode.NOT_FOUND, NoteMessage.notAttached);
    return this.get(noteId);
  }

  /** Soft delete: the note leaves every list and search; the audit log keeps it. */
  async softDelete(noteId: string): Promise<{ id: string; deletedAt: string }> {
    return this.prisma.$transaction(async (tx) => {
      const before = await this.notes.find(noteId, tx);
      if (!before) throw notFound('Note');
      const scope = writeScope(tx);
      await this.writer.update(scope, [{ id: noteId, fields: { deletedAt: scope.now } }]);
      await this.audit.record(tx, { action: 'DELETE', entityType: EntityType.note, entityId: noteId, before });
      return { id: noteId, deletedAt: scope.now.toISOString() };
    });
  }

  /** Stars or unstars the note (doing it twice is doing it once). */
  async setStarred(noteId: string, starred: boolean): Promise<NoteResponse> {
    const note = await this.notes.find(noteId);
    if (!note) throw notFound('Note');
    if ((note.starredAt !== null) !== starred) {
      await this.prisma.$transaction(async (tx) => {
        const scope = writeScope(tx);
        await this.writer.update(scope, [{ id: noteId, fields: { starredAt: starred ? scope.now : null } }]);
      });
    }
    return this.get(noteId);
  }

  /** The notes an entity's page shows: about it, or mentioning it; of `teams` when given. */
  async queryByEntity(query: NotesByEntityQuery): Promise<NoteResponse[]> {
    const entity = await this.entities.requireOne(query.entityId, ReferenceUse.mention, 'entityId');
    if (query.teams.length > 0) {
      await this.entities.require(query.teams.map((id) => ({ id, use: NOTE_TEAM, path: 'teams' })));
    }
    const ownerField = entity.kind in NOTE_OWNER_FIELD ? NOTE_OWNER_FIELD[entity.kind as TaskOwnerKind] : null;
    const rows = await this.notes.listForEntity({ ...query, ownerField });
    return this.views(rows);
  }

  async search(query: NoteSearchQuery): Promise<NoteSearchHit[]> {
    const rows = await this.notes.search(query.q, query.limit);
    const owners = await this.entities.resolve(rows.map((row) => row.ownerId));
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      excerpt: row.excerpt,
      date: row.date.toISOString(),
      owner: ownerView(row.ownerKind, row.ownerId, owners.get(row.ownerId)),
    }));
  }

  /** Each attachment checked to be an uploaded file of the caller's organization, with its type. */
  private async checkedAttachments(attachments: readonly NoteAttachmentInput[], path: string) {
    const problems: ErrorDetail[] = [];
    const checked = await Promise.all(
      attachments.map(async (attachment, index) => {
        if (!(await this.files.isOwnFile(attachment.url))) {
          problems.push({
            path: [path, String(index), 'url'].filter(Boolean).join('.'),
            message: NoteMessage.attachmentMissing,
          });
        }
        const type = uploadTypeOf(attachment.url);
        return {
          url: attachment.url,
          fileName: attachment.fileName,
          fileType: 'contentType' in type ? type.contentType : null,
          fileSize: null,
        };
      }),
    );
    if (problems.length > 0) throw validationError(problems);
    return checked;
  }

  private async ownerOf(row: NoteRow): Promise<ResolvedEntity | null> {
    return (await this.entities.resolve([noteOwnerId(row)])).get(noteOwnerId(row)) ?? null;
  }

  /**
   * Tells each mentioned user (a user, or a team member as their user) in the note's transaction;
   * answers the outbox ids to dispatch after the commit. The notice links to the note's owner,
   * whose page lists the note.
   */
  private async notifyMentioned(
    scope: WriteScope,
    caller: AuthenticatedCaller,
    owner: ResolvedEntity | null,
    mentions: readonly NoteMentionDraft[],
  ): Promise<string[]> {
    const users = mentions.filter((mention) => mention.entityKind === 'USER').map((mention) => mention.entityId);
    const members = await this.notes.usersOfTeamMembers(
      mentions.filter((mention) => mention.entityKind === 'TEAM_MEMBER').map((mention) => mention.entityId),
    );
    const userIds = [...new Set([...users, ...members.values()])];
    if (userIds.length === 0 || owner === null) return [];
    const author = (await this.entities.displayNames([caller.userId], ['USER'])).get(caller.userId) ?? 'A colleague';
    const notices: Notice[] = userIds.map((userId) => ({
      userId,
      kind: 'MENTIONED',
      title: `${author} mentioned you in a note about ${owner.name}`,
      entityKind: owner.kind,
      entityId: owner.id,
    }));
    return this.notifications.notify(scope, notices);
  }

  /** Notes as the API answers them, their owners' and mentions' names read in one pass. */
  private async views(rows: readonly NoteRow[]): Promise<NoteResponse[]> {
    const ids = rows.flatMap((row) => [noteOwnerId(row), ...row.mentions.map((mention) => mention.entityId)]);
    const names = await this.entities.resolve(ids);
    return rows.map((row) => {
      const inContent = new Set(mentionsInContent(row.body));
      const mentions = row.mentions.map((mention) => ({
        entityType: mention.entityKind.toLowerCase() as MentionableEntityType,
        entityId: mention.entityId,
        // One outside the reader's teams is named by its kind only.
        name: names.get(mention.entityId)?.name ?? ENTITY_KIND_LABELS[mention.entityKind as EntityKind],
      }));
      return {
        id: row.id,
        teamId: row.teamId,
        title: row.title,
        body: { content: row.body, extraMentions: mentions.filter((mention) => !inContent.has(mention.entityId)) },
        mentions,
        owner: ownerView(row.ownerKind, noteOwnerId(row), names.get(noteOwnerId(row))),
        author: row.author,
        date: row.date.toISOString(),
        starred: row.starredAt !== null,
        attachments: row.attachments.map((attachment) => ({
          ...attachment,
          downloadUrl: this.files.readUrl(attachment.url),
        })),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }
}

function ownerView(kind: TaskOwnerKind, id: string, entity: ResolvedEntity | undefined) {
  return { kind, id, name: entity?.name ?? ENTITY_KIND_LABELS[kind], householdId: entity?.householdId ?? null };
}

/**
 * The ids a body mentions, in its content and beside it, each once, with where the request named
 * it. An extra mention's id must be of the type it says ('Invalid mentionable entity type' when the
 * type is not one that can be mentioned, from the schema or the resolver).
 */
function mentionRefs(content: string, extra: readonly Mention[]): MentionRef[] {
  const refs = new Map<string, MentionRef>();
  for (const id of mentionsInContent(content)) refs.set(id, { id, path: 'body.content' });
  const problems: ErrorDetail[] = [];
  extra.forEach((mention, index) => {
    const kind = referenceKindOf(mention.entityId);
    if (kind !== null && referencePrefix(kind) !== mention.entityType) {
      problems.push({ path: `body.extraMentions.${index}.entityId`, message: NoteMessage.mentionTypeMismatch });
    }
    if (!refs.has(mention.entityId)) {
      refs.set(mention.entityId, { id: mention.entityId, path: `body.extraMentions.${index}.entityId` });
    }
  });
  if (problems.length > 0) throw validationError(problems);
  return [...refs.values()];
}

function mentionDrafts(
  noteId: string,
  refs: readonly MentionRef[],
  found: Map<string, ResolvedEntity>,
): NoteMentionDraft[] {
  return refs.map(({ id }) => ({ noteId, entityKind: found.get(id)!.kind as ReferenceKind, entityId: id }));
}
