import { useState } from 'react';
import { Button, Callout, Card, Text, Title } from '@tremor/react';
import { valueTargetLabel, type ImportValueMap } from '@meridian/domain';
import { putImportValueMap, toApiError, type ImportMappingView } from '../../../api';
import { controlClass } from '../../../components/fields';
import type { ImportColumnAccount } from './import-report-parts';

// Issue 23: the value map a user sees and can change. For each column whose values become ours
// (contact type, category, status, marital status...), every value the file holds with what it
// becomes, in words; choosing another target saves the map with the import and runs the dry run
// again, so what the commit will write is what the page shows.

/** The select's value for a target: our value as is, and two words of its own for empty and unknown. */
const EMPTY = 'EMPTY';
const NOT_RECOGNISED = 'NOT_RECOGNISED';

type Draft = Record<string, Record<string, string>>;

function mappedColumns(mapping: ImportMappingView): ImportColumnAccount[] {
  return mapping.columns.filter((column) => column.targets !== null && (column.values ?? []).length > 0);
}

function draftOf(columns: readonly ImportColumnAccount[]): Draft {
  return Object.fromEntries(
    columns.map((column) => [
      column.header,
      Object.fromEntries(
        (column.values ?? []).map((value) => [value.from, value.known ? (value.to ?? EMPTY) : NOT_RECOGNISED]),
      ),
    ]),
  );
}

/** The map the API takes: every value given a target (one left "not recognised" keeps the profile's rule). */
function bodyOf(draft: Draft): ImportValueMap {
  return Object.fromEntries(
    Object.entries(draft).map(([header, values]) => [
      header,
      Object.fromEntries(
        Object.entries(values)
          .filter(([, target]) => target !== NOT_RECOGNISED)
          .map(([from, target]) => [from, target === EMPTY ? null : target]),
      ),
    ]),
  );
}

/** What the column is, in words, above its values. */
function columnHint(column: ImportColumnAccount): string {
  switch (column.field) {
    case 'contactType':
      return 'Contact type';
    case 'category':
      return `Kept on the note as “${column.keptAs ?? column.header}” unless mapped to a contact type or a tag`;
    case 'kept':
      return `Kept on the note as “${column.keptAs ?? column.header}” unless kept as a tag`;
    case 'leadSource':
      return 'Source';
    case 'householdRole':
      return 'Role in the household';
    case 'gender':
      return 'Gender';
    default:
      return 'Status';
  }
}

/**
 * The value map of the import: one table per column, one select per value. Saving replaces the
 * import's map and starts the dry run again (`onSaved` gets the new mapping, then `rerun` runs).
 */
export function ValueMapEditor({
  mapping,
  batchId,
  editable,
  onSaved,
  rerun,
}: {
  mapping: ImportMappingView;
  batchId: string;
  editable: boolean;
  onSaved: (mapping: ImportMappingView) => void;
  rerun: () => Promise<void>;
}) {
  const columns = mappedColumns(mapping);
  const [draft, setDraft] = useState<Draft>(() => draftOf(columns));
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (columns.length === 0) return null;

  function choose(header: string, from: string, target: string) {
    setDraft((current) => ({ ...current, [header]: { ...current[header], [from]: target } }));
    setDirty(true);
  }

  async function save() {
    setBusy(true);
    setError(undefined);
    try {
      const saved = await putImportValueMap(batchId, { values: bodyOf(draft) });
      setDirty(false);
      onSaved(saved);
      await rerun();
    } catch (failure) {
      setError(toApiError(failure).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card role="region" aria-labelledby="value-map-title" data-testid="value-map">
      <Title id="value-map-title">Values and what they become</Title>
      <Text className="mt-1">
        Each value the file holds in these columns, and what the import makes of it. Choose another and save: the dry
        run runs again with your choices, and the commit uses them.
      </Text>
      <fieldset className="mt-4 space-y-6" disabled={!editable || busy}>
        {columns.map((column) => (
          <div key={column.header}>
            <h3 className="text-tremor-default font-medium text-tremor-content-strong">{column.header}</h3>
            <p className="text-tremor-label text-tremor-content">{columnHint(column)}</p>
            <table
              className="mt-2 w-full max-w-2xl text-left text-tremor-default"
              aria-label={`Value map of ${column.header}`}
            >
              <thead className="border-b border-tremor-border text-tremor-content">
                <tr>
                  <th className="px-3 py-2">In the file</th>
                  <th className="px-3 py-2">Becomes</th>
                </tr>
              </thead>
              <tbody>
                {(column.values ?? []).map((value) => {
                  const current = draft[column.header]?.[value.from] ?? NOT_RECOGNISED;
                  return (
                    <tr
                      key={value.from}
                      className="border-b border-tremor-border last:border-0"
                      data-testid="value-map-row"
                    >
                      <th scope="row" className="px-3 py-2 font-normal text-tremor-content-strong">
                        {value.from}
                      </th>
                      <td className="px-3 py-2">
                        <select
                          className={controlClass(false)}
                          aria-label={`${column.header}: ${value.from}`}
                          value={current}
                          onChange={(event) => choose(column.header, value.from, event.target.value)}
                        >
                          {current === NOT_RECOGNISED && (
                            <option value={NOT_RECOGNISED}>Not recognised (left as the import decides)</option>
                          )}
                          {(column.targets ?? []).map((target) => (
                            <option key={target ?? EMPTY} value={target ?? EMPTY}>
                              {valueTargetLabel(column.field ?? '', target)}
                            </option>
                          ))}
                        </select>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ))}
      </fieldset>
      {error && <Callout className="mt-4" title={error} color="rose" role="alert" data-testid="value-map-error" />}
      {editable && (
        <div className="mt-4 flex justify-end">
          <Button disabled={!dirty} loading={busy} onClick={() => void save()}>
            Save the values and run the dry run again
          </Button>
        </div>
      )}
    </Card>
  );
}
