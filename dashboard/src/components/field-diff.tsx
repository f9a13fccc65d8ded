import type { FieldChange } from '@meridian/domain';

/** A field's value, or a muted dash where it had none. */
function Value({ text, testId }: { text: string | null; testId: string }) {
  if (text === null) {
    return (
      <span className="text-tremor-content-subtle" data-testid={testId}>
        (empty)
      </span>
    );
  }
  return (
    <span className="text-tremor-content-strong" data-testid={testId}>
      {text}
    </span>
  );
}

/**
 * What a change did, one line per field: "Last name: Okafo → Okafor". A created record shows only
 * what it was given, a removed one what it had; never the stored JSON.
 */
export function FieldDiff({
  changes,
  testId = 'field-diff',
  emptyText = 'No field changed.',
}: {
  changes: readonly FieldChange[];
  testId?: string;
  emptyText?: string;
}) {
  if (changes.length === 0) {
    return <p className="text-tremor-default text-tremor-content">{emptyText}</p>;
  }
  return (
    <ul className="space-y-0.5 text-tremor-default" data-testid={testId}>
      {changes.map((change) => (
        <li key={change.field} data-testid={`${testId}-row`}>
          <span className="text-tremor-content">{change.label}: </span>
          {change.before === null ? (
            <Value text={change.after} testId={`${testId}-after`} />
          ) : change.after === null ? (
            <>
              <Value text={change.before} testId={`${testId}-before`} />
              <span className="text-tremor-content"> → removed</span>
            </>
          ) : (
            <>
              <Value text={change.before} testId={`${testId}-before`} />
              <span className="text-tremor-content" aria-label="changed to">
                {' '}
                →{' '}
              </span>
              <Value text={change.after} testId={`${testId}-after`} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
