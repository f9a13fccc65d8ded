import { useCallback, useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Callout, Card, Text, Title } from '@tremor/react';
import type {
  ImportBatchView,
  ImportReviewChoice,
  ImportReviewChoiceField,
  ImportReviewDecision,
  ImportReviewItemView,
  ImportReviewReason,
} from '@meridian/domain';
import { listImportReviewItems, resolveImportReviewItem, toApiError } from '../../../api';
import { controlClass } from '../../../components/fields';
import { LoadingState } from '../../../components/full-page-status';
import { useResource } from '../../../hooks/use-resource';
import { fieldLabel, formatFieldValue } from './import-labels';

const REVIEW_STATUS: Record<ImportReviewItemView['status'], string> = {
  PENDING: 'To review',
  ACCEPTED: 'Same person: update',
  REJECTED: 'Someone else: new contact',
};

const REASON: Record<ImportReviewReason, { label: string; colour: 'amber' | 'blue' | 'rose' }> = {
  EXISTING_CONTACT: { label: 'May be a contact you have', colour: 'amber' },
  SAME_IN_FILE: { label: 'May be an earlier row', colour: 'blue' },
  MISSING_NAME: { label: 'Missing name', colour: 'rose' },
};

const MATCHED_ON: Record<string, string> = {
  EMAIL: 'e-mail',
  PHONE: 'phone number',
  NAME: 'name',
};

/** What a record's list holds, by the key of its items: `emails` [{email}] -> the addresses. */
function listed(value: unknown, key: string): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const text = typeof item === 'object' && item !== null ? (item as Record<string, unknown>)[key] : undefined;
    return typeof text === 'string' ? [text] : [];
  });
}

/** The row as mapped, in one line: its names and other plain values, then its e-mails and phones. */
function recordSummary(record: ImportReviewItemView['record']): string {
  const parts: string[] = [];
  for (const [field, value] of Object.entries(record)) {
    // `kind` says what the record is, which the queue already tells.
    if (field === 'kind' || value === null || value === undefined || value === '' || typeof value === 'object')
      continue;
    parts.push(`${fieldLabel(field)}: ${String(value)}`);
  }
  parts.push(...listed(record.emails, 'email'), ...listed(record.phones, 'number'));
  return parts.join(' · ') || '—';
}

/** A row that is "someone": a contact or an earlier row to merge into (else it only lacks a name). */
function hasTarget(item: ImportReviewItemView): boolean {
  return item.candidate !== null || item.duplicateOfRow !== null;
}

/** Who the row may be: the contact (with what matched), or the earlier row of the file. */
function Target({ item }: { item: ImportReviewItemView }) {
  const matched = item.matchedOn && (
    <span className="block text-tremor-label text-tremor-content">
      Matched on {MATCHED_ON[item.matchedOn] ?? item.matchedOn}
    </span>
  );
  if (item.candidate) {
    return (
      <>
        <Link to={`/crm/contacts/${item.candidate.id}`} className="font-medium text-tremor-brand hover:underline">
          {item.candidate.name}
        </Link>
        <span className="block text-tremor-label text-tremor-content">
          {[...item.candidate.emails, ...item.candidate.phones].join(' · ')}
        </span>
        {matched}
      </>
    );
  }
  if (item.duplicateOfRow !== null) {
    return (
      <>
        <span className="font-medium text-tremor-content-strong">Row {item.duplicateOfRow} of this file</span>
        {matched}
      </>
    );
  }
  return <span className="text-tremor-content">Nobody: a new contact once named</span>;
}

/** The names a row lacks, to give before it is created. */
function MissingNames({
  item,
  names,
  onChange,
}: {
  item: ImportReviewItemView;
  names: Record<string, string>;
  onChange: (field: string, value: string) => void;
}) {
  const baseId = useId();
  return (
    <div className="flex flex-wrap gap-3" data-testid={`review-${item.rowNumber}-names`}>
      {item.missingFields.map((field) => (
        <div key={field} className="w-48">
          <label
            htmlFor={`${baseId}-${field}`}
            className="block text-tremor-label font-medium text-tremor-content-strong"
          >
            {fieldLabel(field)} for row {item.rowNumber}
          </label>
          <input
            id={`${baseId}-${field}`}
            className={`${controlClass(false)} mt-1`}
            value={names[field] ?? ''}
            onChange={(event) => onChange(field, event.target.value)}
          />
        </div>
      ))}
    </div>
  );
}

/** The fields both sides fill differently: now and in the file, and which to keep. */
function Conflicts({
  item,
  choices,
  onChoose,
  disabled,
}: {
  item: ImportReviewItemView;
  choices: Partial<Record<ImportReviewChoiceField, ImportReviewChoice>>;
  onChoose: (field: ImportReviewChoiceField, choice: ImportReviewChoice) => void;
  disabled: boolean;
}) {
  const name = useId();
  const now = item.candidate ? 'The contact has' : `Row ${item.duplicateOfRow} has`;
  return (
    <table className="w-full text-left text-tremor-label" aria-label={`Fields that differ, row ${item.rowNumber}`}>
      <thead className="text-tremor-content">
        <tr>
          <th className="py-1 pr-3">Field</th>
          <th className="py-1 pr-3">{now}</th>
          <th className="py-1 pr-3">This row has</th>
          <th className="py-1">Keep</th>
        </tr>
      </thead>
      <tbody>
        {item.conflicts.map((conflict) => {
          const label = fieldLabel(conflict.field);
          const choice = choices[conflict.field] ?? 'KEEP';
          return (
            <tr key={conflict.field} data-testid={`conflict-${conflict.field}`}>
              <td className="py-1 pr-3 font-medium text-tremor-content-strong">{label}</td>
              <td className="py-1 pr-3">{formatFieldValue(conflict.current)}</td>
              <td className="py-1 pr-3">{formatFieldValue(conflict.file)}</td>
              <td className="py-1">
                <fieldset className="flex gap-3" aria-label={`${label}, row ${item.rowNumber}`} disabled={disabled}>
                  {(['KEEP', 'FILE'] as const).map((option) => (
                    <label key={option} className="inline-flex items-center gap-1">
                      <input
                        type="radio"
                        name={`${name}-${conflict.field}`}
                        checked={choice === option}
                        onChange={() => onChoose(conflict.field, option)}
                      />
                      {option === 'KEEP' ? 'Current' : 'This row'}
                    </label>
                  ))}
                </fieldset>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** What accepting writes (pending: with the current values kept), or wrote once decided. */
function Changes({ item }: { item: ImportReviewItemView }) {
  if (item.changes.length === 0) return null;
  const title = item.status === 'PENDING' ? 'Accepting adds or changes' : 'Changes';
  return (
    <div>
      <p className="text-tremor-label font-medium text-tremor-content-strong">{title}</p>
      <ul className="mt-1 space-y-0.5 text-tremor-label" aria-label={`${title}, row ${item.rowNumber}`}>
        {item.changes.map((change) => (
          <li key={change.field} data-testid="review-change">
            <span className="font-medium text-tremor-content-strong">{fieldLabel(change.field)}</span>:{' '}
            <del className="text-tremor-content">{formatFieldValue(change.before)}</del> →{' '}
            <ins className="no-underline text-tremor-content-strong">{formatFieldValue(change.after)}</ins>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ReviewItem({
  item,
  editable,
  busy,
  onDecide,
}: {
  item: ImportReviewItemView;
  editable: boolean;
  busy: string | undefined;
  onDecide: (item: ImportReviewItemView, decision: 'accept' | 'reject', body: ImportReviewDecision) => void;
}) {
  const [choices, setChoices] = useState<Partial<Record<ImportReviewChoiceField, ImportReviewChoice>>>({});
  const [names, setNames] = useState<Record<string, string>>({});
  const pending = item.status === 'PENDING';
  const open = pending && editable;
  const target = hasTarget(item);
  const given = Object.fromEntries(Object.entries(names).filter(([, value]) => value.trim() !== ''));
  const body: ImportReviewDecision = {
    ...(Object.keys(choices).length > 0 && { choices }),
    ...(Object.keys(given).length > 0 && { fields: given }),
  };
  const reason = REASON[item.reason];
  return (
    <tbody className="border-b border-tremor-border last:border-0" data-testid={`review-${item.rowNumber}`}>
      <tr className="align-top">
        <td className="px-3 pt-2 tabular-nums">{item.rowNumber}</td>
        <td className="px-3 pt-2">
          <Badge size="xs" color={reason.colour}>
            {reason.label}
          </Badge>
          <span className="mt-1 block">{recordSummary(item.record)}</span>
        </td>
        <td className="px-3 pt-2">
          <Target item={item} />
        </td>
        <td className="whitespace-nowrap px-3 pt-2 text-right">
          {open ? (
            <span className="inline-flex gap-2">
              <Button
                size="xs"
                variant="secondary"
                loading={busy === item.id}
                disabled={busy !== undefined}
                onClick={() => onDecide(item, 'accept', body)}
                aria-label={`${target ? 'Same person' : 'Create contact'}, row ${item.rowNumber}`}
              >
                {target ? 'Same person' : 'Create contact'}
              </Button>
              <Button
                size="xs"
                variant="light"
                disabled={busy !== undefined}
                onClick={() => onDecide(item, 'reject', body)}
                aria-label={`${target ? 'Someone else' : 'Skip row'}, row ${item.rowNumber}`}
              >
                {target ? 'Someone else' : 'Skip row'}
              </Button>
            </span>
          ) : (
            <Badge size="xs" color={item.status === 'ACCEPTED' ? 'emerald' : 'gray'}>
              {item.action === 'INVALID' ? 'Skipped' : REVIEW_STATUS[item.status]}
            </Badge>
          )}
        </td>
      </tr>
      <tr>
        <td />
        <td colSpan={3} className="space-y-3 px-3 pb-3 pt-2">
          {open && item.missingFields.length > 0 && (
            <MissingNames
              item={item}
              names={names}
              onChange={(field, value) => setNames((current) => ({ ...current, [field]: value }))}
            />
          )}
          {open && item.conflicts.length > 0 && (
            <Conflicts
              item={item}
              choices={choices}
              disabled={busy !== undefined}
              onChoose={(field, choice) => setChoices((current) => ({ ...current, [field]: choice }))}
            />
          )}
          <Changes item={item} />
        </td>
      </tr>
    </tbody>
  );
}

/**
 * The rows the dry run did not decide alone: a row that looks like a contact the firm has (an
 * e-mail or phone in common, or without a source id the name), like an earlier row of the file, or
 * that lacks a name. Never merged, duplicated or dropped silently: each is accepted (the same person:
 * what it adds is shown, and for a field both fill differently the user keeps the current value or
 * takes the row's; a row missing a name is created with the name given) or rejected.
 */
export function ReviewQueue({ batch, onChanged }: { batch: ImportBatchView; onChanged: () => void }) {
  const load = useCallback((signal: AbortSignal) => listImportReviewItems(batch.id, signal), [batch.id]);
  const items = useResource(load);
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  const editable = batch.status === 'PENDING';

  async function decide(item: ImportReviewItemView, decision: 'accept' | 'reject', body: ImportReviewDecision) {
    setBusy(item.id);
    setError(undefined);
    try {
      await resolveImportReviewItem(batch.id, item.id, decision, body);
    } catch (failure) {
      const apiError = toApiError(failure);
      const details = apiError.details.map((detail) => detail.message).join('; ');
      setError(`Row ${item.rowNumber}: ${details || apiError.message}`);
    } finally {
      setBusy(undefined);
      items.reload();
      onChanged();
    }
  }

  // Only a dry run that queued rows for review has this card; decided rows stay listed.
  if (items.data?.length === 0 && !items.error) return null;
  const open = items.data?.filter((item) => item.status === 'PENDING').length ?? batch.counts.review;
  return (
    <Card role="region" aria-labelledby="review-title">
      <Title id="review-title">To review ({open})</Title>
      <Text className="mt-1">
        These rows may be a contact you already have or an earlier row of this file, or lack a name. Accept if it is the
        same person: the contact keeps everything it has and gains what the row adds; where both give a value, choose
        which to keep. Reject to treat the row as someone else.
      </Text>
      {error && <Callout className="mt-3" title={error} color="rose" role="alert" />}
      {items.error && (
        <Callout className="mt-3" title="The review queue could not be loaded" color="rose" role="alert">
          {items.error.message}
        </Callout>
      )}
      {items.data === undefined && !items.error && <LoadingState label="Loading the rows to review…" />}
      {items.data !== undefined && (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-tremor-default" aria-label="Rows to review">
            <thead className="border-b border-tremor-border text-tremor-content">
              <tr>
                <th className="px-3 py-2">Row</th>
                <th className="px-3 py-2">In the file</th>
                <th className="px-3 py-2">Looks like</th>
                <th className="px-3 py-2">
                  <span className="sr-only">Decision</span>
                </th>
              </tr>
            </thead>
            {items.data.map((item) => (
              // Keyed on the decision too: a decided item starts with fresh choices if listed again.
              <ReviewItem
                key={`${item.id}:${item.status}`}
                item={item}
                editable={editable}
                busy={busy}
                onDecide={(target, decision, body) => void decide(target, decision, body)}
              />
            ))}
          </table>
        </div>
      )}
    </Card>
  );
}
