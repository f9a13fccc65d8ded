import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { Badge, Button, Callout, Card, Text, Title } from '@tremor/react';
import type { ImportBatchView, ImportReviewItemView } from '@meridian/domain';
import { listImportReviewItems, resolveImportReviewItem, toApiError } from '../../../api';
import { LoadingState } from '../../../components/full-page-status';
import { useResource } from '../../../hooks/use-resource';
import { fieldLabel } from './import-labels';

const REVIEW_STATUS: Record<ImportReviewItemView['status'], string> = {
  PENDING: 'To review',
  ACCEPTED: 'Same person: update',
  REJECTED: 'Someone else: new contact',
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
  parts.push(...listed(record.emails, 'email'), ...listed(record.phoneNumbers, 'number'));
  return parts.join(' · ') || '—';
}

/**
 * Rows that look like an existing contact (no source id; same e-mail, phone or name): never merged
 * or duplicated silently. Each is accepted (it is that contact) or rejected (it is someone else).
 */
export function ReviewQueue({ batch, onChanged }: { batch: ImportBatchView; onChanged: () => void }) {
  const load = useCallback((signal: AbortSignal) => listImportReviewItems(batch.id, signal), [batch.id]);
  const items = useResource(load);
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<string>();
  const editable = batch.status === 'PENDING';

  async function decide(item: ImportReviewItemView, decision: 'accept' | 'reject') {
    setBusy(item.id);
    setError(undefined);
    try {
      await resolveImportReviewItem(batch.id, item.id, decision);
    } catch (failure) {
      setError(`Row ${item.rowNumber}: ${toApiError(failure).message}`);
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
        These rows have no source id and look like a contact you already have. Accept if it is the same person; reject
        to treat the row as someone else.
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
            <tbody>
              {items.data.map((item) => {
                const pending = item.status === 'PENDING';
                return (
                  <tr
                    key={item.id}
                    className="border-b border-tremor-border align-top last:border-0"
                    data-testid={`review-${item.rowNumber}`}
                  >
                    <td className="px-3 py-2 tabular-nums">{item.rowNumber}</td>
                    <td className="px-3 py-2">{recordSummary(item.record)}</td>
                    <td className="px-3 py-2">
                      <Link
                        to={`/crm/contacts/${item.candidate.id}`}
                        className="font-medium text-tremor-brand hover:underline"
                      >
                        {item.candidate.name}
                      </Link>
                      <span className="block text-tremor-label text-tremor-content">
                        {[...item.candidate.emails, ...item.candidate.phones].join(' · ')}
                      </span>
                      <span className="block text-tremor-label text-tremor-content">
                        Matched on {MATCHED_ON[item.matchedOn] ?? item.matchedOn}
                      </span>
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-right">
                      {pending && editable ? (
                        <span className="inline-flex gap-2">
                          <Button
                            size="xs"
                            variant="secondary"
                            loading={busy === item.id}
                            disabled={busy !== undefined}
                            onClick={() => void decide(item, 'accept')}
                            aria-label={`Same person, row ${item.rowNumber}`}
                          >
                            Same person
                          </Button>
                          <Button
                            size="xs"
                            variant="light"
                            disabled={busy !== undefined}
                            onClick={() => void decide(item, 'reject')}
                            aria-label={`Someone else, row ${item.rowNumber}`}
                          >
                            Someone else
                          </Button>
                        </span>
                      ) : (
                        <Badge size="xs" color={item.status === 'ACCEPTED' ? 'emerald' : 'gray'}>
                          {REVIEW_STATUS[item.status]}
                        </Badge>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
