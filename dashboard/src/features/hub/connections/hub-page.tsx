import { useCallback, useState } from 'react';
import { Button, Card, Text, Title } from '@tremor/react';
import { getQueueHealth, getSyncRunsDaily, listConnections, listSyncRuns } from '../../../api';
import { Loaded } from '../../../components/loaded';
import { Pager } from '../../../components/pager';
import { LIVE_REFRESH_MS, isActiveRun } from '../../../components/run-status';
import { useResource } from '../../../hooks/use-resource';
import { ConnectionsTable } from './connections-table';
import { QueueHealthCards } from './queue-health';
import { RunsChart } from './runs-chart';
import { StripeCard } from './stripe-card';
import { RUN_COLUMNS, RunFilterBar, RunsTable, type RunFilters } from './runs-table';
import { ColumnsMenu, ListPager, useColumnChoice, useListQuery } from '../../../components/data-table';

const CONNECTIONS_PAGE_SIZE = 25;
const CHART_DAYS = 14;

/**
 * The integration hub's page (titled Connections): queue health, runs per day, every connection with
 * Run now and Delete, and the run history with filters. It refreshes every 2 s while any run is
 * queued or running, so a run's progress shows live, and stops when everything is idle.
 */
export default function HubPage() {
  const [connectionPage, setConnectionPage] = useState(1);
  // The run history's filters, sort and page live in the URL: the home page links to /connections?status=FAILED.
  const runList = useListQuery<'status' | 'service' | 'trigger' | 'stale'>({
    sort: 'queuedAt',
    order: 'desc',
    limit: 20,
  });
  const runColumns = useColumnChoice('sync-runs', RUN_COLUMNS);
  const filters: RunFilters = {
    status: runList.filter('status') as RunFilters['status'],
    service: runList.filter('service') as RunFilters['service'],
    trigger: runList.filter('trigger') as RunFilters['trigger'],
  };
  const stale = runList.filter('stale') === 'true';
  const runPage = runList.page;
  const [live, setLive] = useState(false);
  const refreshMs = live ? LIVE_REFRESH_MS : undefined;

  const loadConnections = useCallback(
    (signal: AbortSignal) => listConnections({ page: connectionPage, limit: CONNECTIONS_PAGE_SIZE }, signal),
    [connectionPage],
  );
  const loadRuns = useCallback(
    (signal: AbortSignal) =>
      listSyncRuns(
        {
          status: filters.status || undefined,
          service: filters.service || undefined,
          trigger: filters.trigger || undefined,
          stale: stale || undefined,
          sort: runList.sort,
          order: runList.order,
          page: runPage,
          limit: runList.limit,
        },
        signal,
      ),
    [filters.status, filters.service, filters.trigger, stale, runList.sort, runList.order, runPage, runList.limit],
  );
  const loadDaily = useCallback((signal: AbortSignal) => getSyncRunsDaily(CHART_DAYS, signal), []);

  const connections = useResource(loadConnections, refreshMs);
  const runs = useResource(loadRuns, refreshMs);
  const daily = useResource(loadDaily, refreshMs);
  const queues = useResource(getQueueHealth, refreshMs);

  const busy =
    (connections.data?.items.some((connection) => connection.lastRun && isActiveRun(connection.lastRun.status)) ??
      false) ||
    (runs.data?.items.some((run) => isActiveRun(run.status)) ?? false) ||
    (queues.data?.some((queue) => queue.active + queue.waiting > 0) ?? false);
  // Setting state during render (not in an effect) keeps the switch to one render.
  if (busy !== live) setLive(busy);

  function reloadAll() {
    connections.reload();
    runs.reload();
    daily.reload();
    queues.reload();
  }

  return (
    <div className="mx-auto max-w-7xl space-y-6" data-testid="hub-page">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">Connections</h1>
          <Text className="mt-1">Every sync of the organization: what runs, what failed and why.</Text>
        </div>
        <div className="flex items-center gap-3">
          <span
            className="text-tremor-label text-tremor-content"
            role="status"
            aria-live="polite"
            data-testid="live-indicator"
          >
            {live ? 'Live: a sync is in progress' : 'Idle'}
          </span>
          <Button variant="secondary" size="xs" onClick={reloadAll}>
            Refresh
          </Button>
        </div>
      </div>

      <section aria-labelledby="queues-title">
        <h2 id="queues-title" className="mb-3 text-tremor-default font-semibold text-tremor-content-strong">
          Queue health
        </h2>
        <Loaded resource={queues} what="queue health">
          {(data) => <QueueHealthCards queues={data} />}
        </Loaded>
      </section>

      <Card data-testid="runs-chart" role="region" aria-labelledby="runs-chart-title">
        <Title id="runs-chart-title">Runs per day</Title>
        <Text>The last {CHART_DAYS} days, by status (UTC).</Text>
        <Loaded resource={daily} what="runs per day">
          {(data) => <RunsChart daily={data} />}
        </Loaded>
      </Card>

      <StripeCard onChanged={reloadAll} />

      <Card role="region" aria-labelledby="connections-title">
        <Title id="connections-title" className="mb-3">
          Connections
        </Title>
        <Loaded resource={connections} what="connections">
          {(data) => (
            <>
              <ConnectionsTable connections={data.items} onChanged={reloadAll} />
              {data.total > data.limit && (
                <div className="mt-3">
                  <Pager
                    page={connectionPage}
                    limit={CONNECTIONS_PAGE_SIZE}
                    total={data.total}
                    onPage={setConnectionPage}
                  />
                </div>
              )}
            </>
          )}
        </Loaded>
      </Card>

      <Card role="region" aria-labelledby="runs-title">
        <Title id="runs-title">Run history</Title>
        <div className="mt-3">
          <RunFilterBar filters={filters} onChange={(next) => runList.update({ ...next })} />
        </div>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <label className="flex items-center gap-2 text-tremor-default text-tremor-content-emphasis">
            <input
              type="checkbox"
              checked={stale}
              onChange={(event) => runList.update({ stale: event.target.checked ? 'true' : undefined })}
              data-testid="runs-filter-stale"
            />
            Stale connections only: the newest run of each connection not synced within its schedule
          </label>
          <ColumnsMenu columns={RUN_COLUMNS} hidden={runColumns.hidden} onToggle={runColumns.toggle} />
        </div>
        <div className="mt-4">
          <Loaded resource={runs} what="runs">
            {(data) => (
              <>
                <RunsTable
                  runs={data.items}
                  columns={runColumns.visible}
                  sort={{ sort: runList.sort, order: runList.order }}
                  onSort={(next) => runList.update({ ...next })}
                />
                <div className="mt-3">
                  <ListPager
                    page={runPage}
                    limit={runList.limit}
                    total={data.total}
                    onPage={(next) => runList.update({ page: next })}
                    onLimit={(next) => runList.update({ limit: next })}
                  />
                </div>
              </>
            )}
          </Loaded>
        </div>
      </Card>
    </div>
  );
}
