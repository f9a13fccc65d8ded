import { Inject, Injectable } from '@nestjs/common';
import type { CustomFieldEntityKind } from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';

export const definitionSelect = {
  id: true,
  entityKind: true,
  type: true,
  name: true,
  options: true,
  position: true,
  archivedAt: true,
  createdAt: true,
} satisfies Prisma.CustomFieldDefinitionSelect;
export type DefinitionRow = Prisma.CustomFieldDefinitionGetPayload<{ select: typeof definitionSelect }>;

export const valueSelect = {
  id: true,
  definitionId: true,
  valueText: true,
  valueNumber: true,
  valueDate: true,
  valueBoolean: true,
  valueOptions: true,
  valueAmount: true,
  valueAmountCurrency: true,
} satisfies Prisma.CustomFieldValueSelect;
export type ValueRow = Prisma.CustomFieldValueGetPayload<{ select: typeof valueSelect }>;

/** The entity a value belongs to: its kind and the one foreign key column that kind uses. */
export type ValueOwner = { kind: 'CONTACT'; contactId: string } | { kind: 'HOUSEHOLD'; householdId: string };

/** The owner's foreign key column, for a where clause or a new value row. */
export function ownerWhere(owner: ValueOwner): { contactId: string } | { householdId: string } {
  return owner.kind === 'CONTACT' ? { contactId: owner.contactId } : { householdId: owner.householdId };
}

const DEFINITION_ORDER = [{ position: 'asc' as const }, { name: 'asc' as const }, { id: 'asc' as const }];

@Injectable()
export class CustomFieldsRepository {
  constructor(@Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient) {}

  listDefinitions(entityKind: CustomFieldEntityKind | undefined) {
    return this.prisma.customFieldDefinition.findMany({
      where: { archivedAt: null, ...(entityKind ? { entityKind } : {}) },
      select: definitionSelect,
      orderBy: DEFINITION_ORDER,
    });
  }

  findDefinition(definitionId: string) {
    return this.prisma.customFieldDefinition.findFirst({
      where: { id: definitionId, archivedAt: null },
      select: definitionSelect,
    });
  }

  nextPosition(entityKind: CustomFieldEntityKind): Promise<number> {
    return this.prisma.customFieldDefinition
      .aggregate({ where: { entityKind }, _max: { position: true } })
      .then((result) => (result._max.position ?? -1) + 1);
  }

  nameTaken(entityKind: CustomFieldEntityKind, name: string, exceptId?: string): Promise<boolean> {
    return this.prisma.customFieldDefinition
      .count({
        where: {
          entityKind,
          name: { equals: name, mode: 'insensitive' },
          ...(exceptId ? { NOT: { id: exceptId } } : {}),
        },
      })
      .then((count) => count > 0);
  }

  /** The active definitions of a kind and this entity's values of them. */
  async definitionsWithValues(owner: ValueOwner) {
    const [definitions, values] = await Promise.all([
      this.listDefinitions(owner.kind),
      this.prisma.customFieldValue.findMany({ where: ownerWhere(owner), select: valueSelect }),
    ]);
    return { definitions, values };
  }
}
