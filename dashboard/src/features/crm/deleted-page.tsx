import { useCallback, useEffect, useId, useState } from 'react';
import { Badge, Callout, Card } from '@tremor/react';
import { Link } from 'react-router';
import { DeletedKind, type DeletedItem } from '@meridian/domain';
import { listDeletedRecords, restoreDeleted, toApiError } from '../../api';
import { SelectInput } from '../../components/fields';
import { LoadingState } from '../../components/full-page-status';
import { Pager } from '../../components/pager';
import { RelativeTime } from '../../components/relative-time';
import { useResource } from '../../hooks/use-resource';
import { Empty, SmallButton } from './record-list';

const PAGE_SIZE = 25;

const KIND_LABEL: Record<DeletedKind, string> = { CONTACT: 'Contact', HOUSEHOLD: 'Household', PERSON: 'Person' };
const KIND_OPTIONS = DeletedKind.map((kind) => ({ value: kind, label: KIND_LABEL[kind] }));

/** Where a restored record (or the record a merged one went into) is seen. */
function pathOf(kind: DeletedKind, id: string): string | undefined {
  if (kind === 'CONTACT') return `/crm/contacts/${id}`;
  if (kind === 'HOUSEHOLD') return `/crm/households/${id}`;
  return undefined;
}

function DeletedRow({ item, onRestored }: { item: DeletedItem; onRestored: (item: DeletedItem) => void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function restore() {
    setBusy(true);
    setError(undefined);
    try {
      await restoreDeleted(item.kind, item.id);
      onRestored(item);
    } catch (failure) {
      setError(toApiError(failure).message);
      setBusy(false);
    }
  }
  const mergedPath = item.mergedInto ? pathOf(item.kind, item.mergedInto.id) : undefined;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="deleted-item">
      <span className="flex min-w-0 flex-wrap items-center gap-2 text-tremor-default text-tremor-content-emphasis">
        <Badge size="xs" color="slate">
          {KIND_LABEL[item.kind]}
        </Badge>
        <span className="font-medium">{item.name}</span>
        <span className="text-tremor-content">
          deleted <RelativeTime value={item.deletedAt} />
        </span>
        {item.mergedInto && (
          <span className="text-tremor-content" data-testid="deleted-merged-into">
            merged into {mergedPath ? <Link to={mergedPath}>{item.mergedInto.name}</Link> : item.mergedInto.name}
          </span>
        )}
      </span>
      <span className="flex items-center gap-2">
        {error && (
          <span role="alert" className="text-tremor-label text-red-600">
            {error}
          </span>
        )}
        {item.restorable ? (
          <SmallButton onClick={() => void restore()} disabled={busy} testId="restore">
            Restore
          </SmallButton>
        ) : (
          <span className="max-w-sm text-tremor-label text-tremor-content" data-testid="deleted-reason">
            {item.reason}
          </span>
        )}
      </span>
    </li>
  );
}

/**
 * Deleted contacts, households and persons (RECORDS_RESTORE, checked by its route): restore one, or read why it cannot be
 * restored here (merged away: its merge's undo brings it back; its household is deleted).
 */
export default function DeletedPage() {
  const id = useId();
  const [kind, setKind] = useState('');
  const [page, setPage] = useState(1);
  const [restored, setRestored] = useState<DeletedItem>();
  const load = useCallback(
    (signal: AbortSignal) =>
      listDeletedRecords({ kind: (kind || undefined) as DeletedKind | undefined, page, limit: PAGE_SIZE }, signal),
    [kind, page],
  );
  const deleted = useResource(load);
  useEffect(() => {
    document.title = 'Deleted records · Meridian';
  }, []);

  const restoredPath = restored && pathOf(restored.kind, restored.id);

  return (
    <section className="space-y-4" data-testid="deleted-page">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">Deleted records</h1>
        <p className="mt-1 text-tremor-default text-tremor-content">
          Newest first. Restoring a household brings back the members and contacts deleted with it.
        </p>
      </div>
      {restored && (
        <Callout color="emerald" title="Restored" data-testid="restored">
          {restored.name} is back{restoredPath ? ': ' : '.'}
          {restoredPath && <Link to={restoredPath}>open it</Link>}
        </Callout>
      )}
      <div className="max-w-xs">
        <SelectInput
          id={`${id}-kind`}
          label="Kind"
          value={kind}
          onChange={(value) => {
            setKind(value);
            setPage(1);
          }}
          options={KIND_OPTIONS}
          emptyLabel="All kinds"
          testId="deleted-kind"
        />
      </div>
      {deleted.error && (
        <Callout color="red" title="Deleted records could not be loaded">
          {deleted.error.message}
        </Callout>
      )}
      {!deleted.data && deleted.loading && <LoadingState />}
      {deleted.data && (
        <Card>
          {deleted.data.items.length === 0 ? (
            <Empty>
              Nothing deleted. Contacts, households and persons deleted in the CRM wait here to be restored.
            </Empty>
          ) : (
            <ul className="divide-y divide-tremor-border">
              {deleted.data.items.map((item) => (
                <DeletedRow
                  key={`${item.kind}-${item.id}`}
                  item={item}
                  onRestored={(done) => {
                    setRestored(done);
                    deleted.reload();
                  }}
                />
              ))}
            </ul>
          )}
          <div className="mt-3">
            <Pager page={page} limit={PAGE_SIZE} total={deleted.data.total} onPage={setPage} />
          </div>
        </Card>
      )}
    </section>
  );
}
