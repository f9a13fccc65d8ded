import { Inject, Injectable } from '@nestjs/common';
import { EntityType, type ImportedContact } from '@meridian/domain';
import { HouseholdsWriter } from '../../../crm/households/index.js';
import { ExternalLinksRepository } from '../../sync/index.js';
import type { ImportScope } from './import-writer.js';

/** A row's reference to a household: by the source's id, by name, and the member's role in it. */
export type ImportedHouseholdRef = NonNullable<ImportedContact['household']>;

/** An ISO day (`YYYY-MM-DD`) as the value of a `date` column. */
export function dayOf(isoDate: string | null): Date | null {
  return isoDate === null ? null : new Date(`${isoDate}T00:00:00.000Z`);
}

/** The name of a household known only by id: the member's surname, as the CRM names households. */
export function householdNameFor(lastName: string): string {
  return `${lastName} household`;
}

/**
 * What imported rows refer to and the import makes when it does not exist yet (households), and the
 * marks that tell what a batch created only for a reference from what the advisor made, so that
 * its rollback removes exactly those (when nothing else uses them any more).
 */
@Injectable()
export class ImportReferences {
  constructor(
    @Inject(ExternalLinksRepository) private readonly links: ExternalLinksRepository,
    @Inject(HouseholdsWriter) private readonly households: HouseholdsWriter,
  ) {}

  /**
   * Marks entities the batch created for a reference with a link of the batch. With the
   * reference's source id the link also finds the entity next time, unless that id is already
   * linked to another entity of the kind (a household renamed at the source and found by name):
   * then the new one keeps an unlinked mark.
   */
  async markCreated(
    scope: ImportScope,
    entityType: string,
    created: readonly { entityId: string; sourceId: string | null }[],
  ): Promise<void> {
    if (created.length === 0) return;
    const taken = await this.links.find(
      scope,
      { source: scope.source },
      created.flatMap((item) => item.sourceId ?? []),
      [entityType],
    );
    const claimed = new Set<string>();
    await this.links.create(
      scope,
      { source: scope.source },
      created.map((item) => {
        const free = item.sourceId !== null && !taken.has(item.sourceId) && !claimed.has(item.sourceId);
        if (free) claimed.add(item.sourceId!);
        return {
          sourceId: free ? item.sourceId : null,
          entityType,
          entityId: item.entityId,
          contentHash: null,
          importBatchId: scope.importBatchId,
        };
      }),
    );
  }

  /** Drops the links and marks of entities that are gone. */
  forgetMarks(scope: ImportScope, entityType: string, entityIds: readonly string[]): Promise<void> {
    return this.links.deleteForEntities(scope, entityType, entityIds);
  }

  /** Which of these entities the batch being written (or rolled back) created. */
  createdByBatch(scope: ImportScope, entityType: string, entityIds: readonly string[]): Promise<Set<string>> {
    if (entityIds.length === 0) return Promise.resolve(new Set());
    return this.links.createdByBatch(scope, scope.importBatchId, entityType, entityIds);
  }

  /**
   * The household each reference names: by its source id (an external link of the same system),
   * else by its exact name within the organization (case aside), else a new household in the
   * import's team, named `fallbackName` when the row gives only an id. References to the same new
   * household within a chunk get the same one. Null for a reference that names nothing.
   */
  async resolveHouseholds(
    scope: ImportScope,
    refs: readonly { ref: ImportedHouseholdRef; fallbackName: string }[],
  ): Promise<(string | null)[]> {
    const linked = await this.links.find(
      scope,
      { source: scope.source },
      refs.flatMap(({ ref }) => ref.sourceId ?? []),
      [EntityType.household],
    );
    const live = await this.households.existingHouseholds(
      scope,
      [...linked.values()].map((link) => link.entityId),
    );
    const named = await this.households.householdsNamed(
      scope,
      refs.flatMap(({ ref }) => ref.name ?? []),
    );
    const result: (string | null)[] = [];
    const toCreate = new Map<string, { name: string; sourceId: string | null; index: number[] }>();
    refs.forEach(({ ref, fallbackName }, index) => {
      result.push(null);
      if (ref.sourceId === null && ref.name === null) return;
      const link = ref.sourceId !== null ? linked.get(ref.sourceId) : undefined;
      if (link && live.has(link.entityId)) return void (result[index] = link.entityId);
      const byName = ref.name !== null ? named.get(ref.name.toLowerCase()) : undefined;
      if (byName) return void (result[index] = byName);
      const key = ref.sourceId !== null ? `id:${ref.sourceId}` : `name:${ref.name!.toLowerCase()}`;
      const pending = toCreate.get(key) ?? { name: ref.name ?? fallbackName, sourceId: ref.sourceId, index: [] };
      pending.index.push(index);
      toCreate.set(key, pending);
    });
    const pending = [...toCreate.values()];
    const ids = await this.households.createHouseholds(
      scope,
      pending.map((item) => ({ teamId: scope.teamId, name: item.name })),
    );
    pending.forEach((item, position) => {
      for (const index of item.index) result[index] = ids[position]!;
    });
    await this.markCreated(
      scope,
      EntityType.household,
      pending.map((item, position) => ({ entityId: ids[position]!, sourceId: item.sourceId })),
    );
    return result;
  }

  /**
   * Households this batch created that nothing uses any more (the last imported member removed or
   * moved back by a rollback) go, with their marks; one the advisor made, or an earlier import's,
   * stays.
   */
  async removeHouseholdsIfUnused(scope: ImportScope, householdIds: readonly (string | null)[]): Promise<void> {
    const candidates = [...new Set(householdIds.flatMap((id) => id ?? []))];
    const created = [...(await this.createdByBatch(scope, EntityType.household, candidates))];
    const uses = await this.households.householdsInUse(scope, created);
    const unused = created.filter((id) => (uses.get(id) ?? []).length === 0);
    await this.links.deleteForEntities(scope, EntityType.household, unused);
    await this.households.removeHouseholds(scope, unused);
  }
}
