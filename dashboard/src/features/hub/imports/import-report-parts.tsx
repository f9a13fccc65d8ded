import { useId } from 'react';
import { ContactType, valueTargetLabel } from '@meridian/domain';
import type { ImportMappingView, ImportRowResult } from '../../../api';
import { controlClass } from '../../../components/fields';
import { CONTACT_TYPE_LABELS, fieldLabel } from './import-labels';

// Issue 14's parts of the wizard: every column of the file with what happens to it (and what it
// holds), the contact type of new contacts whose file says none, and what a row is imported without.

/** Values shown of a column beside it; a column with a value map shows every one in the map. */
const SHOWN_SAMPLES = 3;

/**
 * A few values of a column, as a short quoted list ('“Mrs.”, “Mr.”', and how many more the dry run
 * found), or a dash when the column is empty.
 */
export function sampleText(samples: readonly string[]): string {
  if (samples.length === 0) return 'empty in every row';
  const shown = samples
    .slice(0, SHOWN_SAMPLES)
    .map((sample) => `“${sample}”`)
    .join(', ');
  return samples.length > SHOWN_SAMPLES ? `${shown} and ${samples.length - SHOWN_SAMPLES} more` : shown;
}

/** `“Past Client” → Other`, `“Inactive” → Keep as a tag`, or why the value is not taken. */
function valueMapText(field: string, value: NonNullable<ImportColumnAccount['values']>[number]): string {
  if (!value.known) return `“${value.from}” → not recognised`;
  return `“${value.from}” → ${valueTargetLabel(field, value.to)}`;
}

/** What the import does with a column, in words. */
function columnOutcomeText(column: ImportColumnAccount): string {
  switch (column.outcome) {
    case 'MAPPED':
      if (column.customField) return `Imported into the custom field “${column.customField}”`;
      if (column.field === 'category')
        return `Kept in the contact’s note as “${column.keptAs ?? column.header}”, or as its values say`;
      return `Imported as ${fieldLabel(column.field ?? '').toLowerCase()}`;
    case 'KEPT':
      return `Kept in the contact’s note as “${column.keptAs ?? column.header}”`;
    case 'REFUSED':
      return column.reason ?? 'Never imported';
    default:
      return 'Not imported';
  }
}

export type ImportColumnAccount = ImportMappingView['columns'][number];

/**
 * Every column of the file with what the import does with it: imported into a field, kept on the
 * contact's note, refused by design (sensitive data, whose values are never shown), or not imported.
 */
export function ColumnReport({
  columns,
  samples,
}: {
  columns: readonly ImportColumnAccount[];
  samples: Readonly<Record<string, readonly string[]>>;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-tremor-default" aria-label="Every column of the file">
        <thead className="border-b border-tremor-border text-tremor-content">
          <tr>
            <th className="px-3 py-2">Column</th>
            <th className="px-3 py-2">What happens to it</th>
            <th className="px-3 py-2">Values in the file</th>
          </tr>
        </thead>
        <tbody>
          {columns.map((column) => (
            <tr
              key={column.header}
              className="border-b border-tremor-border align-top last:border-0"
              data-testid="column-report-row"
              data-outcome={column.outcome}
            >
              <th scope="row" className="px-3 py-2 font-medium text-tremor-content-strong">
                {column.header}
              </th>
              <td className="px-3 py-2 text-tremor-content">
                {columnOutcomeText(column)}
                {column.values && column.values.length > 0 && (
                  <ul
                    className="mt-1 space-y-0.5"
                    aria-label={`Values of ${column.header}`}
                    data-testid="column-values"
                  >
                    {column.values.map((value) => (
                      <li key={value.from}>{valueMapText(column.field ?? '', value)}</li>
                    ))}
                  </ul>
                )}
              </td>
              <td className="px-3 py-2 text-tremor-content">
                {column.outcome === 'REFUSED' ? 'Not shown' : sampleText(samples[column.header] ?? [])}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The contact type given to new contacts whose row says none (the file's own type wins). */
export function ContactTypePicker({
  value,
  onChange,
  disabled,
}: {
  value: ContactType;
  onChange: (value: ContactType) => void;
  disabled: boolean;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="max-w-xs">
      <label htmlFor={id} className="block text-tremor-default font-medium text-tremor-content-strong">
        Type of new contacts
      </label>
      <select
        id={id}
        className={`${controlClass(false)} mt-1`}
        value={value}
        disabled={disabled}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.value as ContactType)}
      >
        {ContactType.map((type) => (
          <option key={type} value={type}>
            {CONTACT_TYPE_LABELS[type]}
          </option>
        ))}
      </select>
      <p id={hintId} className="mt-1 text-tremor-label text-tremor-content">
        For rows whose file gives no type. Applied when the dry run starts.
      </p>
    </div>
  );
}

/** What a row is imported without (or why it is skipped): the column, its value, and the reason. */
export function RowWarnings({ row }: { row: ImportRowResult }) {
  if (row.warnings.length === 0) return null;
  return (
    <ul className="space-y-0.5" aria-label={`Warnings of row ${row.rowNumber}`}>
      {row.warnings.map((warning, index) => (
        <li key={index} className="text-amber-700" data-testid="row-warning">
          <span className="text-tremor-content">
            {warning.column ?? fieldLabel(warning.field)}
            {warning.value !== null && ` “${warning.value}”`}:
          </span>{' '}
          {warning.message}
        </li>
      ))}
    </ul>
  );
}
