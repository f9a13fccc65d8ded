import { useCallback, useId, useState } from 'react';
import { Button, Callout } from '@tremor/react';
import { CONTACT_REPORT_COLUMNS, HOUSEHOLD_REPORT_COLUMNS, reportCellText } from '@meridian/domain';
import { downloadReportCsv, getReport, toApiError, type ReportKind, type ReportParams } from '../../api';
import { CheckboxInput, SelectInput } from '../../components/fields';
import { LoadingState } from '../../components/full-page-status';
import { Pager } from '../../components/pager';
import { useResource } from '../../hooks/use-resource';

const COLUMNS: Record<ReportKind, Record<string, string>> = {
  contacts: CONTACT_REPORT_COLUMNS,
  households: HOUSEHOLD_REPORT_COLUMNS,
};
const DEFAULT_SORT: Record<ReportKind, string> = { contacts: 'displayName', households: 'name' };
const PAGE_SIZE = 25;

/** The contact and household reports of crm §3: chosen columns, sort and paging, and a CSV download of the same. */
export default function ReportsPage() {
  const id = useId();
  const [kind, setKind] = useState<ReportKind>('contacts');
  const [columns, setColumns] = useState<string[]>(Object.keys(COLUMNS.contacts));
  const [sort, setSort] = useState(DEFAULT_SORT.contacts);
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(1);
  const [downloadError, setDownloadError] = useState<string>();
  const [downloading, setDownloading] = useState(false);

  const params: ReportParams = { columns, sort, order, page, limit: PAGE_SIZE };
  const paramsKey = JSON.stringify(params);
  const load = useCallback(
    (signal: AbortSignal) => getReport(kind, JSON.parse(paramsKey) as ReportParams, signal),
    [kind, paramsKey],
  );
  const report = useResource(load);

  function chooseKind(next: ReportKind) {
    setKind(next);
    setColumns(Object.keys(COLUMNS[next]));
    setSort(DEFAULT_SORT[next]);
    setPage(1);
  }

  function toggle(column: string, shown: boolean) {
    const next = Object.keys(COLUMNS[kind]).filter((key) => (key === column ? shown : columns.includes(key)));
    if (next.length > 0) setColumns(next);
  }

  async function download() {
    setDownloading(true);
    setDownloadError(undefined);
    try {
      await downloadReportCsv(kind, params);
    } catch (failure) {
      setDownloadError(toApiError(failure).message);
    } finally {
      setDownloading(false);
    }
  }

  const labels = COLUMNS[kind];
  return (
    <section className="space-y-4" data-testid="reports-page">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">Reports</h1>
        <Button onClick={download} loading={downloading} data-testid="download-csv">
          Download CSV
        </Button>
      </div>
      {downloadError && (
        <Callout color="red" title="The download failed">
          {downloadError}
        </Callout>
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <SelectInput
          id={`${id}-kind`}
          label="Report"
          value={kind}
          onChange={(v) => chooseKind(v as ReportKind)}
          options={[
            { value: 'contacts', label: 'Contacts' },
            { value: 'households', label: 'Households' },
          ]}
          testId="report-kind"
        />
        <SelectInput
          id={`${id}-sort`}
          label="Sort by"
          value={sort}
          onChange={(v) => {
            setSort(v);
            setPage(1);
          }}
          options={Object.entries(labels).map(([value, label]) => ({ value, label }))}
          testId="report-sort"
        />
        <SelectInput
          id={`${id}-order`}
          label="Order"
          value={order}
          onChange={(v) => {
            setOrder(v as 'asc' | 'desc');
            setPage(1);
          }}
          options={[
            { value: 'asc', label: 'Ascending' },
            { value: 'desc', label: 'Descending' },
          ]}
          testId="report-order"
        />
      </div>
      <fieldset className="flex flex-wrap gap-4" data-testid="report-columns">
        <legend className="mb-1 text-tremor-default font-medium text-tremor-content-strong">Columns</legend>
        {Object.entries(labels).map(([key, label]) => (
          <CheckboxInput
            key={key}
            id={`${id}-${key}`}
            label={label}
            checked={columns.includes(key)}
            onChange={(shown) => toggle(key, shown)}
            testId={`report-column-${key}`}
          />
        ))}
      </fieldset>
      {report.error && (
        <Callout color="red" title="The report could not be loaded">
          {report.error.message}
        </Callout>
      )}
      {!report.data && report.loading && <LoadingState />}
      {report.data && (
        <>
          <div className="overflow-x-auto rounded-tremor-default border border-tremor-border bg-tremor-background">
            <table className="w-full text-left text-tremor-default" data-testid="report-table">
              <thead className="border-b border-tremor-border bg-tremor-background-muted text-tremor-content">
                <tr>
                  {report.data.columns.map((column) => (
                    <th key={column.key} className="px-4 py-2 font-medium">
                      {column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.data.rows.map((row) => (
                  <tr key={row.id} className="border-b border-tremor-border last:border-0" data-testid="report-row">
                    {report.data!.columns.map((column) => (
                      <td
                        key={column.key}
                        className={`whitespace-nowrap px-4 py-2 ${typeof row.values[column.key] === 'number' ? 'tabular-nums' : ''}`}
                      >
                        {reportCellText(kind, column.key, row.values[column.key] ?? null) ?? '—'}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} limit={PAGE_SIZE} total={report.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
