import { Injectable } from '@nestjs/common';
import { EntityType, newId, type CustomFieldType } from '@meridian/domain';
import { deleteRows, insertRows, updateRows, type ColumnTypes } from '../../../common/persistence/sql.js';
import type { WriteScope } from '../../../common/tenancy/write-scope.js';

/** A field to define for contacts (crm §3): its type, name and, for a select, its options. */
export interface CustomFieldDefinitionDraft {
  type: CustomFieldType;
  name: string;
  options: readonly string[] | null;
}

/** A stored field of contacts, as a writer deciding whether to reuse it needs it. */
export interface StoredCustomField {
  id: string;
  name: string;
  type: CustomFieldType;
  options: string[];
  archived: boolean;
}

/**
 * One contact's value of one field: a `YYYY-MM-DD` day for a date field, the chosen options for a
 * multi-select, text for the others that hold text (text, long text, single select).
 */
export interface ContactCustomFieldValue {
  definitionId: string;
  contactId: string;
  type: CustomFieldType;
  value: string | readonly string[];
}

const DEFINITION_TYPES: ColumnTypes = {
  id: 'text',
  organization_id: 'text',
  entity_kind: 'custom_field_entity_kind',
  type: 'custom_field_type',
  name: 'text',
  options: 'jsonb',
  position: 'integer',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const UPDATE_TYPES: ColumnTypes = { options: 'jsonb', updated_at: 'timestamptz' };

/** The value slots of a row, every one set, so a value written again never leaves an old one behind. */
function valueSlots(type: CustomFieldType, value: string | readonly string[]) {
  const text = typeof value === 'string' ? value : null;
  return {
    value_text: type === 'DATE' || type === 'MULTI_SELECT' ? null : text,
    value_date: type === 'DATE' ? text : null,
    value_options: type === 'MULTI_SELECT' ? (typeof value === 'string' ? [value] : [...value]) : [],
  };
}

/**
 * The one set-based writer of custom fields of contacts, for writes of many contacts at once (an
 * import chunk): definitions found by name or made, options added, values set or cleared, each a
 * statement for the whole batch. The request-by-request API stays in CustomFieldsService.
 */
@Injectable()
export class CustomFieldsWriter {
  /**
   * The contact fields of these names (case aside), by lower-cased name: the one spelled exactly
   * so when there is one (the names are unique as spelled), else the oldest.
   */
  async contactFieldsNamed(scope: WriteScope, names: readonly string[]): Promise<Map<string, StoredCustomField>> {
    const wanted = [...new Set(names.map((name) => name.toLowerCase()))];
    if (wanted.length === 0) return new Map();
    const rows = await scope.sql.query<{
      id: string;
      name: string;
      type: CustomFieldType;
      options: unknown;
      archived: boolean;
    }>(
      `SELECT id, name, type::text AS type, options, archived_at IS NOT NULL AS archived
         FROM custom_field_definitions
        WHERE organization_id = $1 AND entity_kind = 'CONTACT' AND lower(name) = ANY($2::text[])
        ORDER BY created_at, id`,
      scope.organizationId,
      wanted,
    );
    const byName = new Map<string, StoredCustomField>();
    const exact = new Set(names);
    for (const row of rows) {
      const key = row.name.toLowerCase();
      const known = byName.get(key);
      if (known && (exact.has(known.name) || !exact.has(row.name))) continue;
      const options = Array.isArray(row.options) ? row.options.filter((option) => typeof option === 'string') : [];
      byName.set(key, { id: row.id, name: row.name, type: row.type, options, archived: row.archived });
    }
    return byName;
  }

  /** Defines fields of contacts, after the ones the organization has; returns their ids in order. */
  async defineContactFields(scope: WriteScope, drafts: readonly CustomFieldDefinitionDraft[]): Promise<string[]> {
    if (drafts.length === 0) return [];
    const [position] = await scope.sql.query<{ next: number }>(
      `SELECT coalesce(max(position) + 1, 0)::int AS next FROM custom_field_definitions
        WHERE organization_id = $1 AND entity_kind = 'CONTACT'`,
      scope.organizationId,
    );
    const ids = drafts.map(() => newId(EntityType.customFieldDefinition));
    await insertRows(
      scope.sql,
      'custom_field_definitions',
      DEFINITION_TYPES,
      drafts.map((draft, index) => ({
        id: ids[index],
        organization_id: scope.organizationId,
        entity_kind: 'CONTACT',
        type: draft.type,
        name: draft.name,
        options: draft.options === null ? null : [...draft.options],
        position: (position?.next ?? 0) + index,
        created_at: scope.now,
        updated_at: scope.now,
      })),
    );
    return ids;
  }

  /** Sets the options of select fields (the whole list). */
  async setOptions(scope: WriteScope, updates: readonly { id: string; options: readonly string[] }[]): Promise<void> {
    await updateRows(
      scope.sql,
      'custom_field_definitions',
      scope.organizationId,
      UPDATE_TYPES,
      updates.map(({ id, options }) => ({ id, set: { options: [...options], updated_at: scope.now } })),
    );
  }

  /** Sets each contact's value of each field, replacing the one it had. */
  async setContactValues(scope: WriteScope, values: readonly ContactCustomFieldValue[]): Promise<void> {
    if (values.length === 0) return;
    await scope.sql.execute(
      `INSERT INTO custom_field_values (id, organization_id, definition_id, entity_kind, contact_id, value_text,
                                        value_date, value_options, created_at, updated_at)
       SELECT r.id, $1, r.definition_id, 'CONTACT', r.contact_id, r.value_text, r.value_date, r.value_options, $2, $2
         FROM jsonb_to_recordset($3::jsonb)
           AS r(id text, definition_id text, contact_id text, value_text text, value_date date, value_options text[])
       ON CONFLICT (definition_id, contact_id) DO UPDATE
          SET value_text = excluded.value_text, value_date = excluded.value_date,
              value_options = excluded.value_options, value_number = NULL, value_boolean = NULL,
              value_amount = NULL, value_amount_currency = NULL, updated_at = excluded.updated_at`,
      scope.organizationId,
      scope.now,
      JSON.stringify(
        values.map((value) => ({
          id: newId(EntityType.customFieldValue),
          definition_id: value.definitionId,
          contact_id: value.contactId,
          ...valueSlots(value.type, value.value),
        })),
      ),
    );
  }

  /** Clears these contacts' values of these fields. */
  async clearContactValues(
    scope: WriteScope,
    values: readonly { definitionId: string; contactId: string }[],
  ): Promise<void> {
    if (values.length === 0) return;
    await scope.sql.execute(
      `DELETE FROM custom_field_values AS value
        USING jsonb_to_recordset($2::jsonb) AS r(definition_id text, contact_id text)
        WHERE value.organization_id = $1 AND value.definition_id = r.definition_id
          AND value.contact_id = r.contact_id`,
      scope.organizationId,
      JSON.stringify(values.map((value) => ({ definition_id: value.definitionId, contact_id: value.contactId }))),
    );
  }

  /** Which of these fields no entity has a value of. */
  async unusedFields(scope: WriteScope, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await scope.sql.query<{ id: string }>(
      `SELECT definition.id FROM custom_field_definitions AS definition
        WHERE definition.organization_id = $1 AND definition.id = ANY($2::text[])
          AND NOT EXISTS (SELECT 1 FROM custom_field_values AS value
                           WHERE value.organization_id = definition.organization_id
                             AND value.definition_id = definition.id)`,
      scope.organizationId,
      [...new Set(ids)],
    );
    return rows.map((row) => row.id);
  }

  /** Removes fields (their values go with them). */
  async removeFields(scope: WriteScope, ids: readonly string[]): Promise<void> {
    await deleteRows(scope.sql, 'custom_field_definitions', scope.organizationId, ids);
  }
}
