import { useState } from 'react';
import { Link } from 'react-router';
import { Card, Text, Title } from '@tremor/react';
import type { ImportBatchView } from '@meridian/domain';
import { listImports } from '../../../api';
import { Loaded } from '../../../components/loaded';
import { RelativeTime } from '../../../components/relative-time';
import { useResource } from '../../../hooks/use-resource';
import { formatCount } from '../../../lib/format';
import { IMPORT_REFRESH_MS, ImportStatusBadge, isActiveImport, kindLabel, sourceLabel } from './import-labels';

const cell = 'px-3 py-2 align-top';

/** 'Create 3 · Update 1 · Unchanged 0 · Invalid 1': the dry run's decision for every row. */
export function CountsLine({ counts }: { counts: ImportBatchView['counts'] }) {
  return (
    <span className="tabular-nums">
      {formatCount(counts.create)} new · {formatCount(counts.update)} updated · {formatCount(counts.unchanged)}{' '}
      unchanged · {formatCount(counts.invalid)} invalid
      {counts.review > 0 && ` · ${formatCount(counts.review)} to review`}
    </span>
  );
}

function BatchesTable({ batches }: { batches: readonly ImportBatchView[] }) {
  if (batches.length === 0) {
    return <p className="mt-2 text-tremor-default text-tremor-content">No import yet: start one with New import.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-tremor-default" aria-label="Recent imports" data-testid="imports-table">
        <thead className="border-b border-tremor-border text-tremor-content">
          <tr>
            <th className={cell}>File</th>
            <th className={cell}>Source</th>
            <th className={cell}>Records</th>
            <th className={cell}>Status</th>
            <th className={cell}>Rows</th>
            <th className={cell}>Created</th>
          </tr>
        </thead>
        <tbody>
          {batches.map((batch) => (
            <tr
              key={batch.id}
              className="border-b border-tremor-border last:border-0"
              data-testid={`import-${batch.id}`}
            >
              <td className={cell}>
                <Link to={`/imports/${batch.id}`} className="font-medium text-tremor-brand hover:underline">
                  {batch.fileName ?? batch.id}
                </Link>
              </td>
              <td className={cell}>{sourceLabel(batch.source)}</td>
              <td className={cell}>{kindLabel(batch.kind)}</td>
              <td className={cell}>
                <ImportStatusBadge batch={batch} testId="import-status" />
              </td>
              <td className={cell} data-testid="import-counts">
                {batch.stage === 'UPLOADED' ? (
                  <span className="tabular-nums">{formatCount(batch.rowCount ?? 0)} rows</span>
                ) : (
                  <CountsLine counts={batch.counts} />
                )}
              </td>
              <td className={cell}>
                <RelativeTime value={batch.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Imports from files: the latest batches with where each stands, and the way into the wizard. The
 * list follows any dry run or commit in progress and stops polling once everything is idle.
 */
export default function ImportsPage() {
  const [live, setLive] = useState(false);
  const batches = useResource(listImports, live ? IMPORT_REFRESH_MS : undefined);
  const busy = batches.data?.some(isActiveImport) ?? false;
  if (busy !== live) setLive(busy);

  return (
    <div className="mx-auto max-w-7xl space-y-6" data-testid="imports-page">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">Imports</h1>
          <Text className="mt-1">
            Load contacts and records from another system&apos;s CSV or XLSX export: map, check, commit, roll back.
          </Text>
        </div>
        <Link
          to="/imports/new"
          className="rounded-tremor-default bg-tremor-brand px-4 py-2 text-tremor-default font-medium text-tremor-brand-inverted shadow-tremor-input hover:bg-tremor-brand-emphasis"
        >
          New import
        </Link>
      </div>
      <Card role="region" aria-labelledby="imports-title">
        <Title id="imports-title" className="mb-3">
          Recent imports
        </Title>
        <Loaded resource={batches} what="imports">
          {(data) => <BatchesTable batches={data} />}
        </Loaded>
      </Card>
    </div>
  );
}
