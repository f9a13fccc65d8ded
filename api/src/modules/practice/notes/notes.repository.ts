import { Inject, Injectable } from '@nestjs/common';
import type { NoteSortField, SortOrder, TaskOwnerKind } from '@meridian/domain';
import { Prisma } from '../../../generated/prisma/client.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { teamScopeSql } from '../../../common/tenancy/team-scope-sql.js';
import type { TenantTransaction } from '../../../common/tenancy/tenant-transaction.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { OWNER_FIELD } from '../tasks/index.js';

/** The owner id field of each owner kind (`TEAM` -> `ownerTeamId`), as tasks name theirs. */
export const NOTE_OWNER_FIELD = OWNER_FIELD satisfies Record<TaskOwnerKind, keyof Prisma.NoteWhereInput>;

const OWNER_SELECT = Object.fromEntries(Object.values(NOTE_OWNER_FIELD).map((field) => [field, true])) as Record<
  (typeof NOTE_OWNER_FIELD)[TaskOwnerKind],
  true
>;

const NOTE_SELECT = {
  id: true,
  teamId: true,
  title: true,
  body: true,
  date: true,
  starredAt: true,
  deletedAt: true,
  authorUserId: true,
  ownerKind: true,
  ...OWNER_SELECT,
  createdAt: true,
  updatedAt: true,
  author: { select: { id: true, name: true } },
  attachments: {
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, url: true, fileName: true, fileType: true, fileSize: true },
  },
  mentions: { orderBy: { id: 'asc' }, select: { entityKind: true, entityId: true } },
} satisfies Prisma.NoteSelect;

export type NoteRow = Prisma.NoteGetPayload<{ select: typeof NOTE_SELECT }>;
type Client = TenantPrismaClient | TenantTransaction;

/** The owner id of a note's row. */
export function noteOwnerId(row: NoteRow): string {
  return row[NOTE_OWNER_FIELD[row.ownerKind]]!;
}

/**
 * The index's expression (migration practice_rules_and_indexes: `notes_full_text_idx`), written
 * the same so PostgreSQL uses it: English and French vectors of title and body.
 */
const NOTE_VECTOR = Prisma.sql`(to_tsvector('english', coalesce(n.title, '') || ' ' || n.body)
  || to_tsvector('french', coalesce(n.title, '') || ' ' || n.body))`;

export interface NoteSearchRow {
  id: string;
  title: string | null;
  excerpt: string;
  date: Date;
  ownerKind: TaskOwnerKind;
  ownerId: string;
}

/** Reads of notes through the tenant client, which keeps them to the caller's organization and teams. */
@Injectable()
export class NotesRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  /** A note the caller reaches and that is not deleted, or null. */
  async find(noteId: string, client: Client = this.prisma): Promise<NoteRow | null> {
    return client.note.findFirst({ where: { id: noteId, deletedAt: null }, select: NOTE_SELECT });
  }

  /**
   * The notes an entity's page shows: those about it (`ownerField`, when it is of an owner kind)
   * and those mentioning it, of `teams` when given, by creation time.
   */
  async listForEntity(query: {
    entityId: string;
    ownerField: (typeof NOTE_OWNER_FIELD)[TaskOwnerKind] | null;
    teams: readonly string[];
    sortBy: NoteSortField;
    sortOrder: SortOrder;
  }): Promise<NoteRow[]> {
    const direction = query.sortOrder === 'ASC' ? 'asc' : 'desc';
    return this.prisma.note.findMany({
      where: {
        deletedAt: null,
        ...(query.teams.length > 0 ? { teamId: { in: [...query.teams] } } : {}),
        OR: [
          ...(query.ownerField ? [{ [query.ownerField]: query.entityId } as Prisma.NoteWhereInput] : []),
          { mentions: { some: { entityId: query.entityId } } },
        ],
      },
      // CREATED_AT is the one sort (crm §3); the id keeps notes of one instant in a stable order.
      orderBy: [{ createdAt: direction }, { id: direction }],
      select: NOTE_SELECT,
    });
  }

  /** The users of these team members (a mentioned team member is told as their user). */
  async usersOfTeamMembers(teamMemberIds: readonly string[]): Promise<Map<string, string>> {
    if (teamMemberIds.length === 0) return new Map();
    const rows = await this.prisma.teamMember.findMany({
      where: { id: { in: [...teamMemberIds] } },
      select: { id: true, userId: true },
    });
    return new Map(rows.map((row) => [row.id, row.userId]));
  }

  /**
   * The caller's notes whose words match `q` in English or in French (a French stem finds its
   * other forms: "retraite" finds "retraites"), best first: the full-text index's expression
   * against the query read in both languages, within the caller's organization and teams.
   */
  async search(q: string, limit: number): Promise<NoteSearchRow[]> {
    const query = Prisma.sql`(websearch_to_tsquery('english', ${q}) || websearch_to_tsquery('french', ${q}))`;
    return this.prisma.$queryRaw<NoteSearchRow[]>(Prisma.sql`
      SELECT n.id, n.title, n.date, n.owner_kind AS "ownerKind",
        coalesce(n.owner_team_id, n.owner_household_id, n.owner_professional_id, n.owner_contact_id,
          n.owner_person_id, n.owner_corporation_id, n.owner_foundation_id, n.owner_trust_id,
          n.owner_group_id) AS "ownerId",
        ts_headline('simple', n.body, ${query}, 'StartSel="", StopSel="", MaxWords=30, MinWords=12, MaxFragments=1')
          AS excerpt
      FROM notes n
      WHERE n.organization_id = ${currentOrganizationId()} AND n.deleted_at IS NULL ${teamScopeSql('n.team_id')}
        AND ${NOTE_VECTOR} @@ ${query}
      ORDER BY ts_rank(${NOTE_VECTOR}, ${query}) DESC, n.created_at DESC, n.id
      LIMIT ${limit}`);
  }
}
