import { Inject, Injectable } from '@nestjs/common';
import {
  customFieldValueSchema,
  DomainError,
  EntityType,
  ErrorCode,
  isSelectType,
  newId,
  notFound,
  ReferenceUse,
  validationError,
  type CreateCustomField,
  type CustomFieldDefinitionResponse,
  type CustomFieldEntityKind,
  type CustomFieldValueView,
  type UpdateCustomField,
} from '@meridian/domain';
import type { Prisma } from '../../../generated/prisma/client.js';
import { TENANT_PRISMA, type TenantPrismaClient } from '../../../infra/prisma/prisma.service.js';
import { AuditService } from '../../platform/audit/index.js';
import { EntityResolver } from '../../platform/entity-resolver/index.js';
import { withOrganization } from '../../../common/tenancy/tenant-transaction.js';
import {
  CustomFieldsRepository,
  definitionSelect,
  ownerWhere,
  valueSelect,
  type DefinitionRow,
  type ValueOwner,
  type ValueRow,
} from './custom-fields.repository.js';

type Value = CustomFieldValueView['value'];

function optionsOf(definition: Pick<DefinitionRow, 'options'>): string[] {
  return Array.isArray(definition.options) ? definition.options.filter((option) => typeof option === 'string') : [];
}

function definitionView(row: DefinitionRow): CustomFieldDefinitionResponse {
  return {
    id: row.id,
    entityKind: row.entityKind,
    type: row.type,
    name: row.name,
    options: optionsOf(row),
    position: row.position,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The stored value in the slot its definition's type uses (crm §3 custom field types). */
function readValue(definition: Pick<DefinitionRow, 'type'>, row: ValueRow | undefined): Value {
  if (!row) return null;
  switch (definition.type) {
    case 'CHECKBOX':
      return row.valueBoolean;
    case 'CURRENCY_VALUE':
      return row.valueAmount === null || row.valueAmountCurrency === null
        ? null
        : { value: row.valueAmount.toNumber(), currency: row.valueAmountCurrency };
    case 'DATE':
      return row.valueDate === null ? null : row.valueDate.toISOString().slice(0, 10);
    case 'MULTI_SELECT':
      return row.valueOptions;
    case 'NUMBER':
      return row.valueNumber === null ? null : row.valueNumber.toNumber();
    default:
      return row.valueText;
  }
}

/**
 * Each field of `definitions` (the active ones of a kind, in their order) with the owner's value
 * among `values` (null when unset): what `valuesFor` answers, for a read that loads the rows
 * itself (the household page, in its one statement).
 */
export function customFieldValueViews(
  definitions: readonly Pick<DefinitionRow, 'id' | 'name' | 'type' | 'options'>[],
  values: readonly ValueRow[],
): CustomFieldValueView[] {
  const byDefinition = new Map(values.map((value) => [value.definitionId, value]));
  return definitions.map((definition) => ({
    definitionId: definition.id,
    name: definition.name,
    type: definition.type,
    options: optionsOf(definition),
    value: readValue(definition, byDefinition.get(definition.id)),
  }));
}

/** The columns to write for a parsed value: every slot, so a changed type never leaves an old value behind. */
function valueColumns(definition: Pick<DefinitionRow, 'type'>, value: unknown) {
  const columns = {
    valueText: null as string | null,
    valueNumber: null as number | null,
    valueDate: null as Date | null,
    valueBoolean: null as boolean | null,
    valueOptions: [] as string[],
    valueAmount: null as number | null,
    valueAmountCurrency: null as Prisma.CustomFieldValueCreateInput['valueAmountCurrency'],
  };
  switch (definition.type) {
    case 'CHECKBOX':
      return { ...columns, valueBoolean: value as boolean };
    case 'CURRENCY_VALUE': {
      const money = value as { value: number; currency: NonNullable<typeof columns.valueAmountCurrency> };
      return { ...columns, valueAmount: money.value, valueAmountCurrency: money.currency };
    }
    case 'DATE':
      return { ...columns, valueDate: value as Date };
    case 'MULTI_SELECT':
      return { ...columns, valueOptions: value as string[] };
    case 'NUMBER':
      return { ...columns, valueNumber: value as number };
    default:
      return { ...columns, valueText: value as string };
  }
}

const DUPLICATE_NAME = 'A custom field with this name already exists';

/**
 * Custom fields (crm §3): the organization defines fields per entity kind; contacts and households
 * carry values, each checked against its field's type.
 */
@Injectable()
export class CustomFieldsService {
  constructor(
    @Inject(TENANT_PRISMA) private readonly prisma: TenantPrismaClient,
    @Inject(CustomFieldsRepository) private readonly fields: CustomFieldsRepository,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(EntityResolver) private readonly entities: EntityResolver,
  ) {}

  async list(entityKind: CustomFieldEntityKind | undefined): Promise<CustomFieldDefinitionResponse[]> {
    return (await this.fields.listDefinitions(entityKind)).map(definitionView);
  }

  async define(input: CreateCustomField): Promise<CustomFieldDefinitionResponse> {
    if (await this.fields.nameTaken(input.entityKind, input.name)) {
      throw new DomainError(ErrorCode.CONFLICT, DUPLICATE_NAME, [{ path: 'name', message: DUPLICATE_NAME }]);
    }
    const position = await this.fields.nextPosition(input.entityKind);
    const created = await this.prisma.$transaction(async (tx) => {
      const row = await tx.customFieldDefinition.create({
        data: withOrganization({
          id: newId(EntityType.customFieldDefinition),
          entityKind: input.entityKind,
          type: input.type,
          name: input.name,
          options: isSelectType(input.type) ? (input.options ?? []) : undefined,
          position,
        }),
        select: definitionSelect,
      });
      await this.audit.record(tx, {
        action: 'CREATE',
        entityType: EntityType.customFieldDefinition,
        entityId: row.id,
        after: definitionView(row),
      });
      return row;
    });
    return definitionView(created);
  }

  async update(definitionId: string, input: UpdateCustomField): Promise<CustomFieldDefinitionResponse> {
    const before = await this.fields.findDefinition(definitionId);
    if (!before) throw notFound('Custom field');
    if (input.options !== undefined && !isSelectType(before.type)) {
      throw validationError([{ path: 'options', message: 'Only select fields have options' }]);
    }
    if (input.name !== undefined && (await this.fields.nameTaken(before.entityKind, input.name, definitionId))) {
      throw new DomainError(ErrorCode.CONFLICT, DUPLICATE_NAME, [{ path: 'name', message: DUPLICATE_NAME }]);
    }
    const after = await this.prisma.$transaction(async (tx) => {
      const row = await tx.customFieldDefinition.update({
        where: { id: definitionId },
        data: {
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.options ? { options: input.options } : {}),
        },
        select: definitionSelect,
      });
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType: EntityType.customFieldDefinition,
        entityId: definitionId,
        before: definitionView(before),
        after: definitionView(row),
      });
      return row;
    });
    return definitionView(after);
  }

  /** Archives a field: it leaves forms and views; its values stay for the record. */
  async archive(definitionId: string): Promise<CustomFieldDefinitionResponse> {
    const before = await this.fields.findDefinition(definitionId);
    if (!before) throw notFound('Custom field');
    const after = await this.prisma.$transaction(async (tx) => {
      const row = await tx.customFieldDefinition.update({
        where: { id: definitionId },
        data: { archivedAt: new Date() },
        select: definitionSelect,
      });
      await this.audit.record(tx, {
        action: 'SOFT_DELETE',
        entityType: EntityType.customFieldDefinition,
        entityId: definitionId,
        before: definitionView(before),
        after: { ...definitionView(row), archivedAt: row.archivedAt },
      });
      return row;
    });
    return definitionView(after);
  }

  /** Every active field of the owner's kind with the owner's value (null when unset). */
  async valuesFor(owner: ValueOwner): Promise<CustomFieldValueView[]> {
    const { definitions, values } = await this.fields.definitionsWithValues(owner);
    return customFieldValueViews(definitions, values);
  }

  /** Sets (or with null, clears) one value; the value must suit the field's type. */
  async setValue(owner: ValueOwner, definitionId: string, input: unknown): Promise<CustomFieldValueView[]> {
    const entityId = owner.kind === 'CONTACT' ? owner.contactId : owner.householdId;
    await this.entities.requireOne(entityId, ReferenceUse.customFieldOwner);
    const definition = await this.fields.findDefinition(definitionId);
    if (!definition || definition.entityKind !== owner.kind) throw notFound('Custom field');
    let parsed: unknown = null;
    if (input !== null && input !== undefined) {
      const result = customFieldValueSchema({ type: definition.type, options: optionsOf(definition) }).safeParse(input);
      if (!result.success) {
        throw validationError(
          result.error.issues.map((issue) => ({ path: ['value', ...issue.path].join('.'), message: issue.message })),
        );
      }
      parsed = result.data;
    }
    const entityType = owner.kind === 'CONTACT' ? EntityType.contact : EntityType.household;
    await this.prisma.$transaction(async (tx) => {
      const existing = await tx.customFieldValue.findFirst({
        where: { definitionId, ...ownerWhere(owner) },
        select: valueSelect,
      });
      if (parsed === null) {
        if (existing) await tx.customFieldValue.delete({ where: { id: existing.id } });
      } else if (existing) {
        await tx.customFieldValue.update({ where: { id: existing.id }, data: valueColumns(definition, parsed) });
      } else {
        await tx.customFieldValue.create({
          data: withOrganization({
            id: newId(EntityType.customFieldValue),
            definitionId,
            entityKind: owner.kind,
            ...ownerWhere(owner),
            ...valueColumns(definition, parsed),
          }),
        });
      }
      const after = await tx.customFieldValue.findFirst({
        where: { definitionId, ...ownerWhere(owner) },
        select: valueSelect,
      });
      await this.audit.record(tx, {
        action: 'UPDATE',
        entityType,
        entityId,
        before: {
          customField: { definitionId, name: definition.name, value: readValue(definition, existing ?? undefined) },
        },
        after: {
          customField: { definitionId, name: definition.name, value: readValue(definition, after ?? undefined) },
        },
      });
    });
    return this.valuesFor(owner);
  }
}
