import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, Title } from '@tremor/react';
import { enumLabel } from '@meridian/domain';
import { listAuditLogs } from '../../../api/audit';
import { CheckboxInput, InputField, SelectInput } from '../../../components/fields';
import { useSessionUser } from '../auth/auth-context';
import { AuditEntryList } from './audit-trail';

/** The kinds of record whose changes the log holds, by their id prefix. */
const RECORD_KINDS = ['contact', 'household', 'person', 'family', 'team', 'connection'] as const;
const KIND_OPTIONS = RECORD_KINDS.map((kind) => ({ value: kind, label: enumLabel('EntityKind', kind.toUpperCase()) }));

/**
 * The organization's audit log (AUDIT_READ, checked by its route): who changed what, newest first, filtered by record
 * kind, by day and to one's own changes. `?entityId=` narrows it to one record (a profile's
 * "see the whole history" link).
 */
export default function AuditPage() {
  const user = useSessionUser();
  const [search] = useSearchParams();
  const entityId = search.get('entityId') ?? undefined;
  const [entityType, setEntityType] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [mine, setMine] = useState(false);
  const load = useCallback(
    (page: number, limit: number, signal: AbortSignal) =>
      listAuditLogs({ entityId, entityType, from, to, actorId: mine ? user.id : undefined, page, limit }, signal),
    [entityId, entityType, from, to, mine, user.id],
  );
  const filtered = entityType !== '' || from !== '' || to !== '' || mine;

  return (
    <div className="mx-auto max-w-5xl space-y-6" data-testid="audit-page">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">Audit log</h1>
        <p className="mt-1 text-tremor-default text-tremor-content">
          Who changed what, newest first: every change made in the dashboard, through the API, by a sync or by an
          import.
        </p>
      </div>
      <Card>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-4" role="search" aria-label="Filter the audit log">
          <SelectInput
            id="audit-kind"
            label="Record"
            value={entityType}
            onChange={setEntityType}
            options={KIND_OPTIONS}
            emptyLabel="Every kind"
            testId="audit-filter-kind"
          />
          <InputField id="audit-from" label="From" type="date" value={from} onChange={setFrom} testId="audit-from" />
          <InputField id="audit-to" label="To" type="date" value={to} onChange={setTo} testId="audit-to" />
          <div className="flex items-end pb-2">
            <CheckboxInput
              id="audit-mine"
              label="Only my changes"
              checked={mine}
              onChange={setMine}
              testId="audit-filter-mine"
            />
          </div>
        </div>
        <Title className="mt-6">Changes</Title>
        <div className="mt-2" data-testid="audit-list">
          <AuditEntryList
            key={`${entityId}|${entityType}|${from}|${to}|${mine}`}
            load={load}
            label="Changes"
            empty={
              <p className="text-tremor-default text-tremor-content" data-testid="audit-empty">
                {filtered
                  ? 'No change matches these filters: widen the dates or choose every kind of record.'
                  : 'Nothing has changed yet: changes appear here as soon as someone edits a contact, a household or a record.'}
              </p>
            }
          />
        </div>
      </Card>
    </div>
  );
}
