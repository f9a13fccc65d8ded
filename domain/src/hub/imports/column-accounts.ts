import { normalizeHeader } from './headers.js';
import type { ImportColumn, ImportProfile, ImportRecordKind, RefusedColumn } from './profile.js';

/**
 * What an import does with each column of a file (the dry run lists every one, so nothing is left
 * behind unsaid): MAPPED into a field of ours (a custom field of the organization among them),
 * KEPT on the contact's note under a label, REFUSED by design (sensitive data), or NOT_IMPORTED
 * (no column of the profile reads it).
 */
export const ColumnOutcome = ['MAPPED', 'KEPT', 'REFUSED', 'NOT_IMPORTED'] as const;
export type ColumnOutcome = (typeof ColumnOutcome)[number];

export interface ColumnAccount {
  header: string;
  outcome: ColumnOutcome;
  /** The field a MAPPED or KEPT column feeds. */
  field: string | null;
  /** The label a KEPT column's values (or a category's values kept on the note) carry on the note. */
  keptAs: string | null;
  /** The custom field of contacts a MAPPED column fills (`Last review`), made by the first import that needs it. */
  customField: string | null;
  /** Why a REFUSED column is refused. */
  reason: string | null;
}

const SENSITIVE = 'Sensitive: never imported';

/** The contact fields that fill a custom field named by the column's label. */
const CUSTOM_FIELD_COLUMNS: ReadonlySet<string> = new Set(['customDate', 'customChoice', 'customText']);

/**
 * Columns no import reads, whatever its profile or mapping: government identity numbers and health
 * data, which the product does not hold. Wealthbox, Redtail and Salesforce exports carry them.
 */
export const SENSITIVE_COLUMNS: readonly RefusedColumn[] = [
  {
    headers: ['ssn', 'Social Security Number', 'SIN', 'Social Insurance Number', 'National ID'],
    reason: `${SENSITIVE} (social security or insurance number)`,
  },
  { headers: ['tax_id', 'taxpayer_id', 'Tax ID', 'TIN', 'Taxpayer ID Number'], reason: `${SENSITIVE} (tax id)` },
  { headers: ['passport_number', 'Passport'], prefix: true, reason: `${SENSITIVE} (passport)` },
  { headers: ['green_card_number', 'Green Card'], prefix: true, reason: `${SENSITIVE} (green card)` },
  {
    headers: ['drivers_license', "Driver's License", 'Driver License'],
    prefix: true,
    reason: `${SENSITIVE} (driver's license)`,
  },
  { headers: ['medical_conditions', 'Medical'], prefix: true, reason: `${SENSITIVE} (health)` },
];

function refusalIn(list: readonly RefusedColumn[], header: string): RefusedColumn | undefined {
  const folded = normalizeHeader(header);
  return list.find((refused) =>
    refused.headers.some((alias) => {
      const key = normalizeHeader(alias);
      return refused.prefix ? folded.startsWith(key) : folded === key;
    }),
  );
}

/** Why a header is refused: sensitive for any import, or refused by the profile; undefined when it is not. */
export function refusalOf(profile: Pick<ImportProfile, 'refused'> | null, header: string): RefusedColumn | undefined {
  return refusalIn(SENSITIVE_COLUMNS, header) ?? refusalIn(profile?.refused ?? [], header);
}

/** Every header of the file with its outcome, in file order. */
export function accountColumns<K extends ImportRecordKind>(
  profile: Pick<ImportProfile<K>, 'refused'> | null,
  headers: readonly string[],
  bindings: readonly { column: ImportColumn<K>; header: string }[],
): ColumnAccount[] {
  return headers.map((header) => {
    const refused = refusalOf(profile, header);
    const none = { keptAs: null, customField: null, reason: null };
    if (refused) return { header, outcome: 'REFUSED', field: null, ...none, reason: refused.reason };
    const binding = bindings.find((candidate) => candidate.header === header);
    if (!binding) return { header, outcome: 'NOT_IMPORTED', field: null, ...none };
    const { field, label } = binding.column;
    if (field === 'kept') return { header, outcome: 'KEPT', field, ...none, keptAs: label ?? header };
    if (CUSTOM_FIELD_COLUMNS.has(field))
      return { header, outcome: 'MAPPED', field, ...none, customField: label ?? header };
    return { header, outcome: 'MAPPED', field, ...none, keptAs: field === 'category' ? (label ?? header) : null };
  });
}
