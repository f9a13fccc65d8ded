import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  EntityType,
  enumLabel,
  ErrorCode,
  fieldOverwrites,
  mergeFieldsOf,
  mergePlanSchema,
  newId,
  notFound,
  refuseMerge,
  refuseUndo,
  sameValue,
  type MergeField,
  type MergeKind,
  type MergePlan,
  type MergePreview,
  type MergeResult,
  type MergeSide,
} from '@meridian/domain';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { writeScope, type WriteScope } from '../../../common/tenancy/write-scope.js';
import { AuditService } from '../../platform/audit/index.js';
import { ContactsWriter, type ContactColumns } from '../contacts/index.js';
import { HouseholdsWriter, type HouseholdColumns } from '../households/index.js';
import { childTablesOf } from './merge-tables.js';
import { combine, mergeSql, type PartyRow } from './merges.repository.js';

const WHAT: Record<MergeKind, string> = { contact: 'Contact', household: 'Household' };
/**
 * A merge or undo is one transaction, one statement per table; a household with years of synced
 * transactions moves many rows. Generous for a slow shared machine, not an expected duration.
 */
const MERGE_TRANSACTION = { timeout: 120_000 };

interface MergeRow {
  id: string;
  entity_type: MergeKind;
  survivor_id: string;
  merged_id: string;
  plan: unknown;
  created_at: Date;
  undone_at: Date | null;
}

/**
 * Merging two duplicate contacts or households (step 10): the user picks each differing field;
 * everything pointing at the merged record moves to the survivor (duplicates kept once), the
 * merged record is hidden with merged_into_id, and what was done is stored so it can be undone.
 */
@Injectable()
export class MergesService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(ContactsWriter) private readonly contacts: ContactsWriter,
    @Inject(HouseholdsWriter) private readonly households: HouseholdsWriter,
  ) {}

  /** The two records side by side and what merging them would combine; nothing is written. */
  async preview(kind: MergeKind, survivorId: string, mergedId: string): Promise<MergePreview> {
    return this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const { survivor, merged } = await this.parties(scope, kind, survivorId, mergedId, false);
      const fields = mergeFieldsOf(kind);
      const names = await this.referenceNames(scope, fields, [survivor, merged]);
      const combined = await mergeSql.counts(
        scope.sql,
        scope.organizationId,
        childTablesOf(kind),
        merged.id,
        survivor.id,
      );
      return {
        kind,
        survivor: { id: survivor.id, name: survivor.name },
        merged: { id: merged.id, name: merged.name },
        fields: fields.map((field) => ({
          field: field.field,
          label: field.label,
          survivor: fieldValue(field, survivor[field.column], names),
          merged: fieldValue(field, merged[field.column], names),
          differs: !sameValue(survivor[field.column], merged[field.column]),
        })),
        combined,
      };
    });
  }

  async merge(
    kind: MergeKind,
    survivorId: string,
    mergedId: string,
    choices: Readonly<Partial<Record<string, MergeSide>>>,
  ): Promise<MergeResult> {
    const mergeId = await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const { survivor, merged } = await this.parties(scope, kind, survivorId, mergedId, true);
      const { sql, organizationId } = scope;
      const fields = mergeFieldsOf(kind);
      const overwrites = fieldOverwrites(fields, survivor, merged, choices);
      const plan: MergePlan = {
        version: 1,
        fields: overwrites,
        moved: [],
        unsetPrimary: [],
        removed: [],
        combined: [],
      };
      const counts: { label: string; count: number; duplicates: number }[] = [];
      for (const child of childTablesOf(kind)) {
        const removed = await mergeSql.removeDuplicates(sql, organizationId, child, merged.id, survivor.id);
        if (removed.length > 0) plan.removed.push({ table: child.table, rows: removed });
        if (child.primary) {
          const ids = await mergeSql.unsetPrimary(sql, organizationId, child, merged.id, survivor.id);
          if (ids.length > 0) plan.unsetPrimary.push({ table: child.table, ids });
        }
        const keys = await mergeSql.move(sql, organizationId, child, merged.id, survivor.id);
        if (keys.length > 0) plan.moved.push({ table: child.table, column: child.column, key: child.key, keys });
        if (child.primary) await mergeSql.ensurePrimary(sql, organizationId, child, survivor.id);
        counts.push({ label: child.label, count: keys.length + removed.length, duplicates: removed.length });
      }
      plan.combined = combine(counts);
      await this.writeFields(scope, kind, survivor.id, Object.fromEntries(overwrites.map((o) => [o.field, o.after])));
      await this.writerOf(kind).markMerged(scope, [merged.id], survivor.id);
      // The survivor's name as the merge left it (its name may be one of the fields taken).
      const survivorName = (await mergeSql.party(sql, organizationId, kind, survivor.id))?.name ?? survivor.name;
      const id = newId(EntityType.recordMerge);
      await sql.execute(
        `INSERT INTO record_merges (id, organization_id, entity_type, survivor_id, merged_id, actor_user_id, plan, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
        id,
        organizationId,
        kind,
        survivor.id,
        merged.id,
        scope.actor.kind === 'USER' ? scope.actor.id : null,
        JSON.stringify(plan),
        scope.now,
      );
      // One entry on each record, naming the other.
      await this.audit.recordMany(scope, [
        {
          action: 'UPDATE',
          entityType: kind,
          entityId: survivor.id,
          before: { ...fieldsOf(overwrites, 'before'), mergedFrom: null },
          after: { ...fieldsOf(overwrites, 'after'), mergedFrom: merged.name },
        },
        {
          action: 'SOFT_DELETE',
          entityType: kind,
          entityId: merged.id,
          before: { mergedInto: null },
          after: { mergedInto: survivorName },
        },
      ]);
      return id;
    }, MERGE_TRANSACTION);
    return this.result(mergeId);
  }

  /** Undoes a merge: the merged record back, its rows moved back, the survivor's fields as they were. */
  async undo(mergeId: string): Promise<MergeResult> {
    await this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const { sql, organizationId } = scope;
      const [row] = await sql.query<MergeRow>(
        `SELECT * FROM record_merges WHERE organization_id = $1 AND id = $2 FOR UPDATE`,
        organizationId,
        mergeId,
      );
      if (!row) throw notFound('Merge');
      const kind = row.entity_type;
      await this.assertReaches(scope, row);
      await mergeSql.lockPair(sql, organizationId, kind, [row.survivor_id, row.merged_id]);
      const survivor = await mergeSql.party(sql, organizationId, kind, row.survivor_id);
      const merged = await mergeSql.party(sql, organizationId, kind, row.merged_id);
      if (!survivor || !merged) {
        throw new DomainError(ErrorCode.CONFLICT, 'A record of this merge has since been removed for good');
      }
      const mergedInto = survivor.merged_into_id
        ? await mergeSql.party(sql, organizationId, kind, survivor.merged_into_id, true)
        : null;
      const [later] = await sql.query<{ merged_id: string }>(
        `SELECT merged_id FROM record_merges
          WHERE organization_id = $1 AND survivor_id = $2 AND undone_at IS NULL AND id <> $3
            AND (created_at, id) > ($4, $3)
          ORDER BY created_at DESC, id DESC LIMIT 1`,
        organizationId,
        survivor.id,
        row.id,
        row.created_at,
      );
      const laterMerged = later ? await mergeSql.party(sql, organizationId, kind, later.merged_id, true) : null;
      const refusal = refuseUndo({
        undoneAt: row.undone_at,
        survivor: party(survivor),
        merged: party(merged),
        survivorMergedIntoName: mergedInto?.name ?? null,
        laterMergedName: laterMerged?.name ?? null,
      });
      if (refusal) throw refusal;
      const plan = mergePlanSchema.parse(row.plan);
      const tables = childTablesOf(kind);
      await this.writerOf(kind).markMerged(scope, [merged.id], null);
      for (const moved of [...plan.moved].reverse()) {
        await mergeSql.moveBack(sql, organizationId, moved, survivor.id, merged.id);
      }
      for (const { table, ids } of plan.unsetPrimary) await mergeSql.setPrimary(sql, organizationId, table, ids);
      for (const { table, rows } of plan.removed) await mergeSql.restoreRows(sql, organizationId, table, rows);
      for (const child of tables.filter((table) => table.primary)) {
        await mergeSql.ensurePrimary(sql, organizationId, child, survivor.id);
        await mergeSql.ensurePrimary(sql, organizationId, child, merged.id);
      }
      // A field changed since the merge keeps its new value: undo restores only what the merge wrote.
      const restored = plan.fields.filter((field) => sameValue(survivor[field.column], field.after));
      await this.writeFields(scope, kind, survivor.id, Object.fromEntries(restored.map((f) => [f.field, f.before])));
      await sql.execute(
        `UPDATE record_merges SET undone_at = $3, undone_by_user_id = $4 WHERE organization_id = $1 AND id = $2`,
        organizationId,
        mergeId,
        scope.now,
        scope.actor.kind === 'USER' ? scope.actor.id : null,
      );
      await this.audit.recordMany(scope, [
        {
          action: 'UPDATE',
          entityType: kind,
          entityId: survivor.id,
          before: { ...fieldsOf(restored, 'after'), mergedFrom: merged.name },
          after: { ...fieldsOf(restored, 'before'), mergedFrom: null },
        },
        {
          action: 'RESTORE',
          entityType: kind,
          entityId: merged.id,
          before: { mergedInto: survivor.name },
          after: { mergedInto: null },
        },
      ]);
    }, MERGE_TRANSACTION);
    return this.result(mergeId);
  }

  /** A merge as the API shows it. */
  async result(mergeId: string): Promise<MergeResult> {
    return this.prisma.$transaction(async (tx) => {
      const scope = writeScope(tx);
      const [row] = await scope.sql.query<MergeRow>(
        `SELECT * FROM record_merges WHERE organization_id = $1 AND id = $2`,
        scope.organizationId,
        mergeId,
      );
      if (!row) throw notFound('Merge');
      await this.assertReaches(scope, row);
      const plan = mergePlanSchema.parse(row.plan);
      const survivor = await mergeSql.party(scope.sql, scope.organizationId, row.entity_type, row.survivor_id);
      const merged = await mergeSql.party(scope.sql, scope.organizationId, row.entity_type, row.merged_id);
      const labels = new Map(mergeFieldsOf(row.entity_type).map((field) => [field.field, field.label]));
      return {
        id: row.id,
        kind: row.entity_type,
        survivor: { id: row.survivor_id, name: survivor?.name ?? '' },
        merged: { id: row.merged_id, name: merged?.name ?? '' },
        createdAt: row.created_at.toISOString(),
        undoneAt: row.undone_at?.toISOString() ?? null,
        fieldsTaken: plan.fields.map((field) => labels.get(field.field) ?? field.field),
        combined: plan.combined,
      };
    });
  }

  /** A merge of a record in a team the caller does not reach is not there for them (404, as across firms). */
  private async assertReaches(scope: WriteScope, row: MergeRow): Promise<void> {
    const outside = await mergeSql.outsideTeams(scope.sql, scope.organizationId, row.entity_type, [
      row.survivor_id,
      row.merged_id,
    ]);
    if (outside.length > 0) throw notFound('Merge');
  }

  /**
   * Both records, locked for a merge; another organization's or another team's answers 404 like a
   * missing one, whichever side it is on.
   */
  private async parties(scope: WriteScope, kind: MergeKind, survivorId: string, mergedId: string, lock: boolean) {
    const { sql, organizationId } = scope;
    if (lock) await mergeSql.lockPair(sql, organizationId, kind, [survivorId, mergedId]);
    const survivor = await mergeSql.party(sql, organizationId, kind, survivorId);
    const merged = await mergeSql.party(sql, organizationId, kind, mergedId);
    if (!survivor || !merged) throw notFound(WHAT[kind]);
    const refusal = refuseMerge(party(survivor), party(merged));
    if (refusal) throw refusal;
    return { survivor, merged };
  }

  private async referenceNames(scope: WriteScope, fields: readonly MergeField[], rows: readonly PartyRow[]) {
    const ids = fields
      .filter((field) => field.display.kind === 'ref')
      .flatMap((field) => rows.map((row) => row[field.column]))
      .filter((id): id is string => typeof id === 'string');
    return mergeSql.names(scope.sql, scope.organizationId, ids);
  }

  private writerOf(kind: MergeKind) {
    return kind === 'contact' ? this.contacts : this.households;
  }

  /** Writes the survivor's chosen fields through its module's writer. */
  private async writeFields(scope: WriteScope, kind: MergeKind, id: string, fields: Record<string, unknown>) {
    if (Object.keys(fields).length === 0) return;
    if (kind === 'contact') await this.contacts.update(scope, [{ id, fields: fields as Partial<ContactColumns> }]);
    else await this.households.updateHouseholds(scope, [{ id, fields: fields as HouseholdColumns }]);
  }
}

function party(row: PartyRow) {
  return { id: row.id, name: row.name, deletedAt: row.deleted_at, mergedIntoId: row.merged_into_id };
}

function fieldsOf(overwrites: readonly { field: string; before: unknown; after: unknown }[], side: 'before' | 'after') {
  return Object.fromEntries(overwrites.map((overwrite) => [overwrite.field, overwrite[side] ?? null]));
}

/** A field's value as stored (text, ISO date, id) and as a person reads it. */
function fieldValue(field: MergeField, value: unknown, names: ReadonlyMap<string, string>) {
  if (value === null || value === undefined || value === '') return { value: null, display: '—' };
  const stored = value instanceof Date ? value.toISOString() : String(value);
  switch (field.display.kind) {
    case 'enum':
      return { value: stored, display: enumLabel(field.display.enumeration, stored) };
    case 'ref':
      return { value: stored, display: names.get(stored) ?? 'Unknown' };
    case 'date':
      return { value: stored, display: stored.slice(0, 10) };
    case 'text':
      return { value: stored, display: stored };
  }
}
