import { Inject, Injectable } from '@nestjs/common';
import { DomainError, EntityType, ErrorCode, type ImportedPerson } from '@meridian/domain';
import { HouseholdsWriter, type PersonColumns } from '../../../crm/households/index.js';
import type { FieldsUpdate, ImportRecordWriter, ImportScope } from './import-writer.js';
import { dayOf, householdNameFor, ImportReferences } from './references.js';

const SCALARS = ['firstName', 'lastName', 'middleName', 'preferredName', 'gender', 'email'] as const;

/**
 * Persons from other systems' exports (Westmount's Clients table), onto the households writer. The
 * household reference resolves by source id, then name, else a household is created; its role
 * becomes the person's membership in the household's family.
 */
@Injectable()
export class PersonImportWriter implements ImportRecordWriter<'persons'> {
  readonly kind = 'persons' as const;
  readonly entityType = EntityType.person;
  readonly tables = ['persons', 'households', 'families', 'family_members'];

  constructor(
    @Inject(HouseholdsWriter) private readonly households: HouseholdsWriter,
    @Inject(ImportReferences) private readonly references: ImportReferences,
  ) {}

  async create(scope: ImportScope, records: ImportedPerson[]): Promise<string[]> {
    const ids = await this.households.createPersons(
      scope,
      records.map((record) => ({
        firstName: record.firstName,
        lastName: record.lastName,
        middleName: record.middleName,
        preferredName: record.preferredName,
        dateOfBirth: dayOf(record.dateOfBirth),
        gender: record.gender,
        email: record.email,
      })),
    );
    await this.place(
      scope,
      records.flatMap((record, index) =>
        record.household ? [{ personId: ids[index]!, ref: record.household, lastName: record.lastName }] : [],
      ),
    );
    return ids;
  }

  async update(scope: ImportScope, updates: FieldsUpdate<'persons'>[]): Promise<void> {
    await this.households.updatePersons(
      scope,
      updates.flatMap(({ entityId, fields }) => {
        const set: PersonColumns = {};
        for (const field of SCALARS) if (field in fields) Object.assign(set, { [field]: fields[field] ?? null });
        if ('dateOfBirth' in fields) set.dateOfBirth = dayOf(fields.dateOfBirth ?? null);
        return Object.keys(set).length > 0 ? [{ id: entityId, fields: set }] : [];
      }),
    );
    const moving = updates.filter(({ fields }) => 'household' in fields);
    if (moving.length === 0) return;
    const stored = new Map(
      (
        await scope.tx.person.findMany({
          where: { id: { in: moving.map((update) => update.entityId) } },
          select: { id: true, lastName: true, householdId: true },
        })
      ).map((row) => [row.id, row]),
    );
    const placed = await this.place(
      scope,
      moving.map(({ entityId, fields }) => ({
        personId: entityId,
        ref: fields.household ?? null,
        lastName: fields.lastName ?? stored.get(entityId)!.lastName,
      })),
    );
    // A household this batch created and the person left (rolling back the move) goes when unused.
    await this.references.removeHouseholdsIfUnused(
      scope,
      moving.flatMap(({ entityId }, index) => {
        const before = stored.get(entityId)!.householdId;
        return before !== placed[index] ? [before] : [];
      }),
    );
  }

  /** Moves persons to the households their rows name (none when the reference is null), with their roles. */
  private async place(
    scope: ImportScope,
    moves: readonly { personId: string; ref: ImportedPerson['household']; lastName: string }[],
  ): Promise<(string | null)[]> {
    const named = moves.filter((move) => move.ref !== null);
    const resolved = await this.references.resolveHouseholds(
      scope,
      named.map((move) => ({ ref: move.ref!, fallbackName: householdNameFor(move.lastName) })),
    );
    const householdOf = new Map(named.map((move, index) => [move.personId, resolved[index] ?? null]));
    const householdIds = moves.map((move) => householdOf.get(move.personId) ?? null);
    await this.households.placePersons(
      scope,
      moves.map((move, index) => ({
        personId: move.personId,
        householdId: householdIds[index]!,
        role: move.ref?.role ?? null,
      })),
    );
    return householdIds;
  }

  /**
   * Rollback of persons the batch created. A person something else now uses (a contact, an account
   * imported since) is refused rather than deleted with its uses; its household goes too when the
   * batch created it and nothing else uses it.
   */
  async remove(scope: ImportScope, entityIds: string[]): Promise<void> {
    const persons = await scope.tx.person.findMany({
      where: { id: { in: entityIds } },
      select: { id: true, householdId: true },
    });
    const uses = await this.households.personsInUse(
      scope,
      persons.map((person) => person.id),
    );
    const used = [...uses.values()].find((relations) => relations.length > 0);
    if (used)
      throw new DomainError(
        ErrorCode.CONFLICT,
        `A person this import created is in use (${used.join(', ')}): roll back or move those first`,
      );
    await this.households.removePersons(
      scope,
      persons.map((person) => person.id),
    );
    await this.references.removeHouseholdsIfUnused(
      scope,
      persons.map((person) => person.householdId),
    );
  }
}
