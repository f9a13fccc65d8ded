import type { MergeKind } from '@meridian/domain';

/**
 * A table whose rows belong to the merged record through `column` and move to the survivor.
 * `key` identifies a moved row, so undo moves back exactly those rows.
 */
export interface ChildTable {
  table: string;
  column: string;
  key: string;
  /** The summary's words: "2 phones". */
  label: string;
  /**
   * Columns (SQL over the alias `$`) that make a merged row a duplicate of a survivor's row: it is
   * removed, kept once, and stored whole for undo. Without them every row moves.
   */
  duplicateWhen?: readonly string[];
  /** Holds an is_primary flag, one per owner (crm §3): the survivor's primary stays primary. */
  primary?: boolean;
  /** A reference by id without a foreign key (links, mentions): only rows of this entity type move. */
  entityType?: { column: string; value: string };
}

const ownerRows = (table: string, column: string, label: string): ChildTable => ({ table, column, key: 'id', label });

/**
 * Everything that points at a contact. `merge-tables.test.ts` checks this against the database's
 * foreign keys, so a new table referencing contacts cannot be forgotten (and its rows dropped).
 */
export const CONTACT_CHILD_TABLES: readonly ChildTable[] = [
  {
    table: 'contact_emails',
    column: 'contact_id',
    key: 'id',
    label: 'e-mails',
    duplicateWhen: ['lower($.email)'],
    primary: true,
  },
  {
    table: 'contact_phone_numbers',
    column: 'contact_id',
    key: 'id',
    label: 'phones',
    duplicateWhen: ['$.country_code', '$.number'],
    primary: true,
  },
  {
    table: 'contact_addresses',
    column: 'contact_id',
    key: 'id',
    label: 'addresses',
    duplicateWhen: [
      'lower($.line1)',
      "lower(coalesce($.line2, ''))",
      'lower($.city)',
      'lower($.province)',
      "upper(replace($.postal_code, ' ', ''))",
      'lower($.country_name)',
    ],
    primary: true,
  },
  {
    table: 'contact_employments',
    column: 'contact_id',
    key: 'id',
    label: 'employments',
    duplicateWhen: ["lower(coalesce($.employer_name, ''))", "lower(coalesce($.job_title, ''))"],
    primary: true,
  },
  {
    table: 'contact_social_links',
    column: 'contact_id',
    key: 'id',
    label: 'social links',
    duplicateWhen: ['$.type', 'lower($.branch)'],
  },
  { table: 'contact_tags', column: 'contact_id', key: 'tag_id', label: 'tags', duplicateWhen: ['$.tag_id'] },
  {
    table: 'custom_field_values',
    column: 'contact_id',
    key: 'id',
    label: 'custom field values',
    // One value per field: the survivor's stays; the merged one is kept in the merge for undo.
    duplicateWhen: ['$.definition_id'],
  },
  ownerRows('leads', 'contact_id', 'leads'),
  ownerRows('prospects', 'contact_id', 'prospects'),
  ownerRows('opportunities', 'contact_id', 'opportunities'),
  ownerRows('tasks', 'owner_contact_id', 'tasks'),
  {
    table: 'meeting_participants',
    column: 'contact_id',
    key: 'id',
    label: 'meetings',
    duplicateWhen: ['$.meeting_id'],
  },
  ownerRows('notes', 'owner_contact_id', 'notes'),
  ownerRows('documents', 'owner_contact_id', 'documents'),
  ownerRows('import_review_items', 'candidate_contact_id', 'import reviews'),
  ownerRows('invitations', 'contact_id', 'portal invitations'),
  {
    // A thread the survivor is already linked to stays linked once; the merged link is kept for undo.
    table: 'email_thread_contacts',
    column: 'contact_id',
    key: 'thread_id',
    label: 'e-mail threads',
    duplicateWhen: ['$.thread_id'],
  },
  ...referenceTables('contact'),
];

/** Everything that points at a household (checked against the foreign keys like contacts'). */
export const HOUSEHOLD_CHILD_TABLES: readonly ChildTable[] = [
  ownerRows('persons', 'household_id', 'members'),
  ownerRows('contacts', 'household_id', 'contacts'),
  ownerRows('families', 'household_id', 'families'),
  ownerRows('corporations', 'household_id', 'corporations'),
  ownerRows('trusts', 'household_id', 'trusts'),
  ownerRows('foundations', 'household_id', 'foundations'),
  ownerRows('financial_records', 'household_id', 'financial records'),
  ownerRows('cash_flow_sources', 'household_id', 'cash flows'),
  ownerRows('recurring_streams', 'household_id', 'recurring streams'),
  ownerRows('transactions', 'household_id', 'transactions'),
  ownerRows('plans', 'household_id', 'plans'),
  ownerRows('timelines', 'household_id', 'timelines'),
  ownerRows('connections', 'owner_household_id', 'bank connections'),
  ownerRows('invitations', 'household_id', 'invitations'),
  ownerRows('prospects', 'household_id', 'prospects'),
  ownerRows('opportunities', 'household_id', 'opportunities'),
  ownerRows('workflows', 'household_id', 'workflows'),
  ownerRows('meetings', 'household_id', 'meetings'),
  ownerRows('tasks', 'household_id', 'tasks'),
  ownerRows('tasks', 'owner_household_id', 'owned tasks'),
  ownerRows('notes', 'owner_household_id', 'notes'),
  ownerRows('documents', 'owner_household_id', 'documents'),
  ownerRows('household_services', 'household_id', 'services'),
  {
    // One Stripe customer per household and connection: where the survivor has one there, it
    // stays, and the merged household's is kept in the merge for undo.
    table: 'billing_customers',
    column: 'household_id',
    key: 'connection_id',
    label: 'billing customers',
    duplicateWhen: ['$.connection_id'],
  },
  {
    table: 'custom_field_values',
    column: 'household_id',
    key: 'id',
    label: 'custom field values',
    duplicateWhen: ['$.definition_id'],
  },
  ...referenceTables('household'),
];

/** Outside ids (hub external_links) and mentions in notes, tasks and documents name a record by id alone. */
function referenceTables(entityType: MergeKind): ChildTable[] {
  const kind = entityType === 'contact' ? 'CONTACT' : 'HOUSEHOLD';
  return [
    {
      table: 'external_links',
      column: 'entity_id',
      key: 'id',
      label: 'external links',
      entityType: { column: 'entity_type', value: entityType },
    },
    {
      table: 'note_mentions',
      column: 'entity_id',
      key: 'id',
      label: 'note mentions',
      duplicateWhen: ['$.note_id'],
      entityType: { column: 'entity_kind', value: kind },
    },
    {
      // No id of its own: a task mentions an entity once, so the task names the moved row.
      table: 'task_mentions',
      column: 'entity_id',
      key: 'task_id',
      label: 'task mentions',
      duplicateWhen: ['$.task_id'],
    },
    {
      table: 'document_mentions',
      column: 'entity_id',
      key: 'id',
      label: 'document mentions',
      duplicateWhen: ['$.document_id'],
      entityType: { column: 'entity_kind', value: kind },
    },
  ];
}

export function childTablesOf(kind: MergeKind): readonly ChildTable[] {
  return kind === 'contact' ? CONTACT_CHILD_TABLES : HOUSEHOLD_CHILD_TABLES;
}
