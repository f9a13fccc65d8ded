import { Inject, Injectable } from '@nestjs/common';
import { DomainError, EntityType, ErrorCode, type ImportedHousehold } from '@meridian/domain';
import { HouseholdsWriter, type HouseholdColumns } from '../../../crm/households/index.js';
import { ExternalLinksRepository } from '../../sync/index.js';
import type { FieldsUpdate, ImportRecordWriter, ImportScope } from './import-writer.js';

/** Households from other systems' exports, onto the households writer. */
@Injectable()
export class HouseholdImportWriter implements ImportRecordWriter<'households'> {
  readonly kind = 'households' as const;
  readonly entityType = EntityType.household;
  readonly tables = ['households'];

  constructor(
    @Inject(HouseholdsWriter) private readonly households: HouseholdsWriter,
    @Inject(ExternalLinksRepository) private readonly links: ExternalLinksRepository,
  ) {}

  async create(scope: ImportScope, records: ImportedHousehold[]): Promise<string[]> {
    const ids = await this.households.createHouseholds(
      scope,
      records.map((record) => ({ teamId: scope.teamId, name: record.name })),
    );
    await this.update(
      scope,
      records.map((record, index) => ({
        entityId: ids[index]!,
        fields: { salutation: record.salutation, advisor: record.advisor },
      })),
    );
    return ids;
  }

  /**
   * Writes the given household fields. The advisor becomes the primary advisor when it names a
   * professional of the organization; an advisor nobody matches is left unwritten (the stored one
   * stays), and an emptied advisor column clears it.
   */
  async update(scope: ImportScope, updates: FieldsUpdate<'households'>[]): Promise<void> {
    const advisors = new Map<string, string | null>();
    for (const { fields } of updates)
      if (fields.advisor && !advisors.has(fields.advisor))
        advisors.set(fields.advisor, await this.households.findAdvisor(scope, fields.advisor));
    await this.households.updateHouseholds(
      scope,
      updates.flatMap(({ entityId, fields }) => {
        const set: HouseholdColumns = {};
        // A household always has a name: the record's schema refuses a row without one.
        if (fields.name) set.name = fields.name;
        if ('salutation' in fields) set.salutation = fields.salutation ?? null;
        if ('advisor' in fields) {
          const advisorId = fields.advisor ? (advisors.get(fields.advisor) ?? null) : null;
          if (advisorId !== null || !fields.advisor) set.primaryAdvisorId = advisorId;
        }
        return Object.keys(set).length > 0 ? [{ id: entityId, fields: set }] : [];
      }),
    );
  }

  /**
   * Rollback of households the batch created. Deleting a household deletes its financial records,
   * plans and the rest with it, so one that anything uses (persons, contacts or records imported or
   * added since) is refused: those must be rolled back or moved first.
   */
  async remove(scope: ImportScope, entityIds: string[]): Promise<void> {
    const uses = await this.households.householdsInUse(scope, entityIds);
    const used = [...uses.values()].find((relations) => relations.length > 0);
    if (used)
      throw new DomainError(
        ErrorCode.CONFLICT,
        `A household this import created is in use (${used.join(', ')}): roll back or move those first`,
      );
    await this.links.deleteForEntities(scope, EntityType.household, entityIds);
    await this.households.removeHouseholds(scope, entityIds);
  }
}
