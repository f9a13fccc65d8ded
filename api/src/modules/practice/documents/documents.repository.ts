import { Inject, Injectable } from '@nestjs/common';
import type { DocumentListQuery, TaskOwnerKind } from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import { currentTeamScope } from '../../../common/tenancy/request-context.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { OWNER_FIELD } from '../tasks/index.js';

// The owner id field of each owner kind (`TEAM` -> `ownerTeamId`), as tasks name theirs.
OWNER_FIELD satisfies Record<TaskOwnerKind, keyof Prisma.DocumentWhereInput>;

const DOCUMENT_SELECT = {
  id: true,
  teamId: true,
  filePath: true,
  originalFileName: true,
  fileType: true,
  fileSize: true,
  ownerKind: true,
  ...(Object.fromEntries(Object.values(OWNER_FIELD).map((field) => [field, true])) as Record<
    (typeof OWNER_FIELD)[TaskOwnerKind],
    true
  >),
  createdAt: true,
  mentions: { orderBy: { id: 'asc' }, select: { entityKind: true, entityId: true } },
} satisfies Prisma.DocumentSelect;

export type DocumentRow = Prisma.DocumentGetPayload<{ select: typeof DOCUMENT_SELECT }>;

export function documentOwnerId(row: DocumentRow): string {
  return row[OWNER_FIELD[row.ownerKind]]!;
}

/**
 * The caller's reach among documents: the tenant client keeps them to the organization; a role
 * that does not see every team reaches its teams' documents and the firm's own (no team: a
 * professional's).
 */
function inReach(): Prisma.DocumentWhereInput {
  const teams = currentTeamScope();
  return teams ? { OR: [{ teamId: null }, { teamId: { in: [...teams] } }] } : {};
}

@Injectable()
export class DocumentsRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  /** A document the caller reaches and that is not deleted, or null. */
  async find(documentId: string, client: TenantPrismaClient | TenantTransaction = this.prisma) {
    return client.document.findFirst({
      where: { AND: [{ id: documentId, deletedAt: null }, inReach()] },
      select: DOCUMENT_SELECT,
    });
  }

  /** The documents of one owner, newest first. */
  async byOwner(kind: TaskOwnerKind, ownerId: string): Promise<DocumentRow[]> {
    return this.prisma.document.findMany({
      where: { AND: [{ [OWNER_FIELD[kind]]: ownerId, deletedAt: null } as Prisma.DocumentWhereInput, inReach()] },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: DOCUMENT_SELECT,
    });
  }

  /**
   * A page of the documents within reach, newest first, with their count; `search` keeps those
   * whose name holds it, in any case.
   */
  async page(query: DocumentListQuery): Promise<{ rows: DocumentRow[]; total: number }> {
    const named: Prisma.DocumentWhereInput = query.search
      ? { originalFileName: { contains: query.search, mode: 'insensitive' } }
      : {};
    const where: Prisma.DocumentWhereInput = { AND: [{ deletedAt: null }, named, inReach()] };
    const rows = await this.prisma.document.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (query.page - 1) * query.limit,
      take: query.limit,
      select: DOCUMENT_SELECT,
    });
    // The first page holding every match needs no count of its own.
    const total =
      query.page === 1 && rows.length < query.limit ? rows.length : await this.prisma.document.count({ where });
    return { rows, total };
  }

  /** The users of these team members (a mentioned team member is told as their user). */
  async usersOfTeamMembers(teamMemberIds: readonly string[]): Promise<string[]> {
    if (teamMemberIds.length === 0) return [];
    const rows = await this.prisma.teamMember.findMany({
      where: { id: { in: [...teamMemberIds] } },
      select: { userId: true },
    });
    return rows.map((row) => row.userId);
  }
}
