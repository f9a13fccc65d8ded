import { Inject, Injectable } from '@nestjs/common';
import {
  AUDIT_ACTION_LABELS,
  type AuditAction,
  type AuditActorKind,
  type AuditLogEntry,
  type NamedRef,
  EntityType,
  FINANCIAL_RECORD_ID_TYPE,
  FINANCIAL_RECORD_TYPE_LABELS,
  codeToWords,
  connectionName,
  enumLabel,
  fieldChanges,
  formatShortDate,
  isCanonicalId,
  parseId,
  referenceKindOf,
  ReferenceUse,
  type Pagination,
  notFound,
} from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { currentOrganizationId } from '../../../common/tenancy/request-context.js';
import { EntityResolver } from '../entity-resolver/index.js';

const DAY_MS = 86_400_000;

/** The dashboard page of a named entity: contacts and households have one. */
function entityPath(id: string): string | null {
  switch (referenceKindOf(id)) {
    case 'CONTACT':
      return `/crm/contacts/${id}`;
    case 'HOUSEHOLD':
      return `/crm/households/${id}`;
    default:
      return null;
  }
}

/** Which audit rows to read; every filter optional, all of them together. */
export interface AuditFilter {
  entityId?: string;
  entityType?: string;
  actorId?: string;
  actorKind?: AuditActorKind;
  importBatchId?: string;
  /** UTC days, both included. */
  from?: string;
  to?: string;
}

interface AuditRow {
  id: string;
  occurredAt: Date;
  actorKind: AuditActorKind;
  actorId: string | null;
  action: AuditAction;
  entityType: string;
  entityId: string;
  before: Prisma.JsonValue;
  after: Prisma.JsonValue;
}

/** The financial record kinds by id prefix: `bank_account` -> 'Bank account'. */
const FINANCIAL_KIND_LABELS: ReadonlyMap<string, string> = new Map(
  (Object.entries(FINANCIAL_RECORD_ID_TYPE) as [keyof typeof FINANCIAL_RECORD_ID_TYPE, string][]).map(
    ([type, prefix]) => [prefix, FINANCIAL_RECORD_TYPE_LABELS[type]],
  ),
);

/** An entity kind (its id prefix) as words: `contact` -> 'Contact', `bank_account` -> 'Bank account'. */
function kindLabel(kind: string): string {
  return FINANCIAL_KIND_LABELS.get(kind) ?? enumLabel('EntityKind', kind.toUpperCase());
}

/**
 * Not for people: where a drop folder sits on the server, and the demo seed's bookkeeping (its
 * script and parameters).
 */
const SERVER_FIELDS: ReadonlySet<string> = new Set(['path', 'seed']);
/** A stored date or timestamp, written like every other date of the dashboard. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** The canonical ids a snapshot's values hold (an account's owners), to be named like the entries'. */
function idsIn(snapshot: Prisma.JsonValue, into: string[] = []): string[] {
  if (typeof snapshot === 'string') {
    if (isCanonicalId(snapshot)) into.push(snapshot);
  } else if (Array.isArray(snapshot)) {
    for (const item of snapshot) idsIn(item, into);
  } else if (snapshot !== null && typeof snapshot === 'object') {
    for (const value of Object.values(snapshot)) idsIn(value ?? null, into);
  }
  return into;
}

/**
 * A snapshot as a person reads it: every id it holds replaced by the name of what it points at
 * (or its kind, for one gone since), dates written as everywhere else, server paths left out.
 */
function namedSnapshot(snapshot: Prisma.JsonValue, names: ReadonlyMap<string, { name: string }>): Prisma.JsonValue {
  if (typeof snapshot === 'string') {
    if (isCanonicalId(snapshot)) return names.get(snapshot)?.name ?? kindLabel(parseId(snapshot).type);
    return ISO_DATE.test(snapshot) ? formatShortDate(snapshot, true) : snapshot;
  }
  if (Array.isArray(snapshot)) return snapshot.map((item) => namedSnapshot(item, names));
  if (snapshot === null || typeof snapshot !== 'object') return snapshot;
  return Object.fromEntries(
    Object.entries(snapshot)
      .filter(([key]) => !SERVER_FIELDS.has(key))
      .map(([key, value]) => [key, namedSnapshot(value ?? null, names)]),
  );
}

/** A name taken from the snapshot itself, for records deleted since or kinds not looked up. */
function snapshotName(snapshot: Prisma.JsonValue): string | undefined {
  if (snapshot === null || typeof snapshot !== 'object' || Array.isArray(snapshot)) return undefined;
  const row = snapshot as Record<string, unknown>;
  for (const key of ['displayName', 'nickname', 'name', 'title', 'label']) {
    const value = row[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  const name = row.name as Record<string, unknown> | undefined;
  if (name && typeof name === 'object' && typeof name.display === 'string') return name.display;
  if (typeof row.firstName === 'string' && typeof row.lastName === 'string') return `${row.firstName} ${row.lastName}`;
  return undefined;
}

/**
 * Reads the audit log for people: filters by entity, actor and day, and names every actor and
 * entity server-side (the user's name, the contact's, the household's, the connection a sync run
 * belongs to) with the dashboard page that shows it.
 */
@Injectable()
export class AuditRepository {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(EntityResolver) private readonly entities: EntityResolver,
  ) {}

  /**
   * A record whose history a caller limited to their teams may read: one of their contacts,
   * households, persons, entities, families, financial records, cash flows or life events (the
   * tenant client applies the team scope). One count per kind: the audit log names no table.
   */
  async assertReachable(entityId: string): Promise<void> {
    // Naming `deletedAt` (undefined: no condition) keeps deleted records reachable: their history
    // tells who deleted them.
    const where = { where: { id: entityId, deletedAt: undefined } };
    const byId = { where: { id: entityId } };
    const counts = await Promise.all([
      this.prisma.contact.count(where),
      this.prisma.household.count(where),
      this.prisma.person.count(where),
      this.prisma.financialRecord.count(byId),
      this.prisma.family.count(byId),
      this.prisma.corporation.count(byId),
      this.prisma.trust.count(byId),
      this.prisma.foundation.count(byId),
      this.prisma.cashFlowSource.count(byId),
      this.prisma.recurringStream.count(byId),
      this.prisma.timeline.count(byId),
      this.prisma.lifeEvent.count(byId),
    ]);
    if (counts.some((count) => count > 0)) return;
    // A record removed for good (a life event) is reachable through what held it, as its last
    // entry names it: the household or timeline it belonged to.
    const last = await this.prisma.auditLog.findFirst({
      where: { entityId },
      orderBy: { occurredAt: 'desc' },
      select: { before: true, after: true },
    });
    const state = {
      ...(last?.after as Record<string, unknown> | null),
      ...(last?.before as Record<string, unknown> | null),
    };
    const householdId = typeof state.householdId === 'string' ? state.householdId : undefined;
    const timelineId = typeof state.timelineId === 'string' ? state.timelineId : undefined;
    const holder = householdId
      ? await this.prisma.household.count({ where: { id: householdId } })
      : timelineId
        ? await this.prisma.timeline.count({ where: { id: timelineId } })
        : 0;
    if (holder === 0) throw notFound('Record');
  }

  async list(filter: AuditFilter, { page, limit }: Pagination): Promise<{ items: AuditLogEntry[]; total: number }> {
    const where: Prisma.AuditLogWhereInput = {
      ...(filter.entityId ? { entityId: { in: await this.withMergedInto(filter.entityId) } } : {}),
      ...(filter.entityType ? { entityType: filter.entityType } : {}),
      ...(filter.actorId ? { actorId: filter.actorId } : {}),
      ...(filter.actorKind ? { actorKind: filter.actorKind } : {}),
      ...(filter.importBatchId ? { importBatchId: filter.importBatchId } : {}),
      ...(filter.from || filter.to
        ? {
            occurredAt: {
              ...(filter.from ? { gte: new Date(`${filter.from}T00:00:00Z`) } : {}),
              ...(filter.to ? { lt: new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + DAY_MS) } : {}),
            },
          }
        : {}),
    };
    const [rows, total] = await Promise.all([
      this.prisma.auditLog.findMany({
        where,
        orderBy: [{ occurredAt: 'desc' }, { id: 'desc' }],
        skip: (page - 1) * limit,
        take: limit,
        select: {
          id: true,
          occurredAt: true,
          actorKind: true,
          actorId: true,
          action: true,
          entityType: true,
          entityId: true,
          before: true,
          after: true,
        },
      }),
      this.prisma.auditLog.count({ where }),
    ]);
    const names = await this.names(rows as AuditRow[]);
    const readable = (snapshot: Prisma.JsonValue) => namedSnapshot(snapshot, names);
    const items = (rows as AuditRow[]).map((row): AuditLogEntry => {
      const entity = names.get(row.entityId);
      return {
        id: row.id,
        occurredAt: row.occurredAt.toISOString(),
        action: row.action,
        actionLabel: AUDIT_ACTION_LABELS[row.action],
        actorKind: row.actorKind,
        actor: this.actorRef(row, names),
        entity: {
          id: row.entityId,
          kind: row.entityType,
          kindLabel: kindLabel(row.entityType),
          name: entity?.name ?? snapshotName(row.after) ?? snapshotName(row.before) ?? kindLabel(row.entityType),
          path: entity?.path ?? null,
        },
        changes: fieldChanges(readable(row.before), readable(row.after)),
        actorId: row.actorId,
        entityType: row.entityType,
        entityId: row.entityId,
        before: row.before,
        after: row.after,
      };
    });
    return { items, total };
  }

  private actorRef(row: AuditRow, names: Map<string, { name: string; path: string | null }>): NamedRef {
    if (row.actorKind === 'SYSTEM' || row.actorId === null) {
      return { id: null, kind: 'system', kindLabel: 'System', name: 'Meridian (automatic)', path: null };
    }
    const known = names.get(row.actorId);
    if (row.actorKind === 'SYNC') {
      return {
        id: row.actorId,
        kind: 'sync_run',
        kindLabel: 'Sync run',
        name: known?.name ?? 'An import or sync',
        path: known?.path ?? null,
      };
    }
    return { id: row.actorId, kind: 'user', kindLabel: 'User', name: known?.name ?? 'A former user', path: null };
  }

  /** Every id the rows name (entities and actors), resolved to a name and a page, in a few queries. */
  private async names(rows: readonly AuditRow[]): Promise<Map<string, { name: string; path: string | null }>> {
    const ids = new Set<string>();
    for (const row of rows) {
      ids.add(row.entityId);
      if (row.actorId) ids.add(row.actorId);
      for (const id of idsIn(row.before)) ids.add(id);
      for (const id of idsIn(row.after)) ids.add(id);
    }
    const byPrefix = (prefix: string) => [...ids].filter((id) => id.startsWith(`${prefix}-`));
    const financialIds = [...ids].filter((id) => FINANCIAL_KIND_LABELS.has(id.slice(0, id.lastIndexOf('-'))));
    const [entities, records, runs, connections] = await Promise.all([
      this.entities.displayNames(ids, ReferenceUse.auditName.kinds),
      this.prisma.financialRecord.findMany({
        where: { id: { in: financialIds } },
        select: { id: true, nickname: true, name: true, type: true, householdId: true },
      }),
      this.prisma.syncRun.findMany({
        where: { id: { in: byPrefix(EntityType.syncRun) } },
        select: { id: true, connection: { select: { displayName: true, service: true, source: true } } },
      }),
      this.prisma.connection.findMany({
        where: { id: { in: byPrefix(EntityType.connection) } },
        select: { id: true, displayName: true, service: true, source: true },
      }),
    ]);
    const names = new Map<string, { name: string; path: string | null }>();
    for (const [id, name] of entities) names.set(id, { name, path: entityPath(id) });
    for (const row of records) {
      names.set(row.id, {
        name: row.nickname ?? row.name ?? codeToWords(row.type),
        path: `/financial-records/${row.householdId}`,
      });
    }
    for (const row of runs) {
      names.set(row.id, { name: `Sync of ${connectionName(row.connection)}`, path: `/connections/runs/${row.id}` });
    }
    for (const row of connections) {
      names.set(row.id, { name: connectionName(row), path: '/connections' });
    }
    return names;
  }

  /**
   * A contact's or household's history includes the records merged into it (step 10's merge),
   * and theirs: their entries stay under their own ids, and the history reads them with its own.
   */
  private async withMergedInto(entityId: string): Promise<string[]> {
    const rows = await this.prisma.$queryRawUnsafe<{ id: string }[]>(
      `WITH RECURSIVE merged(id) AS (
         SELECT $2::text
         UNION
         SELECT record.id FROM merged
           JOIN (SELECT id, merged_into_id FROM contacts WHERE organization_id = $1
                 UNION ALL SELECT id, merged_into_id FROM households WHERE organization_id = $1) AS record
             ON record.merged_into_id = merged.id)
       SELECT id FROM merged`,
      currentOrganizationId(),
      entityId,
    );
    return rows.map((row) => row.id);
  }
}
