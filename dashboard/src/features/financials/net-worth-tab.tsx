import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BarChart, Badge, Button, Card, DonutChart, Legend, Metric, Text, Title } from '@tremor/react';
import { formatShortDate, RECORD_TYPE_LABELS, type FinancialView } from '@meridian/domain';
import { FlagText } from '../../components/flag-text';
import { useCan } from '../platform/auth/use-can';
import { chartDollars, chartValue, showMoney, showOwnMoney } from './money';
import { FreshnessBadge, type SyncedRecord } from './freshness-badge';
import { RecordForm } from './record-form';
import { RecordPanel } from './record-panel';
import { RECORDS_TABLE_DEFAULTS, RecordsTable, type RecordsTableState } from './records-table';

type ViewRecord = SyncedRecord;

const ASSET_COLOURS = ['blue', 'cyan', 'indigo', 'violet'];

function SummaryCard({ title, value, testId, note }: { title: string; value: string; testId: string; note?: string }) {
  return (
    <Card decoration="top" decorationColor={testId === 'total-debt' ? 'rose' : 'blue'}>
      <Text>{title}</Text>
      <Metric className="mt-1" data-testid={testId}>
        {value}
      </Metric>
      {note && <Text className="mt-1">{note}</Text>}
    </Card>
  );
}

function RecordRow({
  record,
  currency,
  onOpen,
  open,
}: {
  record: ViewRecord;
  currency: string;
  onOpen: () => void;
  open: boolean;
}) {
  const owners = record.owners.map((owner) => owner.name).join(', ');
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-expanded={open}
      data-testid={`record-${record.id}`}
      className="flex w-full items-center justify-between gap-4 px-3 py-3 text-left hover:bg-tremor-background-subtle"
    >
      <span className="min-w-0">
        <span className="block truncate text-tremor-default font-medium text-tremor-content-strong">
          {record.displayName === record.label ? RECORD_TYPE_LABELS[record.type] : record.displayName}
        </span>
        <span className="mt-0.5 flex flex-wrap items-center gap-2 text-tremor-label text-tremor-content">
          <span data-testid="record-label">
            <FlagText text={record.label} />
          </span>
          {owners && <span>· {owners}</span>}
          {record.isJoint && <Badge size="xs">Joint</Badge>}
          {record.sync && <FreshnessBadge sync={record.sync} />}
        </span>
      </span>
      <span className="shrink-0 text-right">
        <span
          className="block text-tremor-default font-medium text-tremor-content-strong"
          data-testid="record-converted"
        >
          {showMoney(record.converted)}
        </span>
        {record.value && record.value.currency !== currency && (
          <span className="block text-tremor-label text-tremor-content">{showOwnMoney(record.value, currency)}</span>
        )}
      </span>
    </button>
  );
}

/** A synced account whose login broke: what happened, and (for a role that links banks) the way to repair it. */
function ReauthNotice({
  record,
  onReconnect,
}: {
  record: ViewRecord;
  onReconnect: ((connectionId: string) => void) | undefined;
}) {
  if (!record.sync?.needsReauth) return null;
  const { connectionId } = record.sync;
  return (
    <div className="flex items-center justify-between gap-4 bg-red-50 px-3 py-2" data-testid="reauth-notice">
      <span className="text-tremor-label text-red-700">
        The bank asks the client to sign in again; this account stopped syncing.
      </span>
      {onReconnect && (
        <Button size="xs" color="rose" variant="secondary" onClick={() => onReconnect(connectionId)}>
          Reconnect
        </Button>
      )}
    </div>
  );
}

/**
 * How the accounts are listed ("By group" or the sortable "Table") and the table's sort and
 * filters, in the address so a reload or a shared link shows the same list.
 */
function useRecordsListing() {
  const [params, setParams] = useSearchParams();
  const read = (name: keyof RecordsTableState) => params.get(`records.${name}`) ?? RECORDS_TABLE_DEFAULTS[name];
  const order = read('order');
  const state: RecordsTableState = {
    sort: read('sort'),
    order: order === 'desc' ? 'desc' : 'asc',
    group: read('group'),
    type: read('type'),
    source: read('source'),
  };
  const update = useCallback(
    (changes: Partial<RecordsTableState> & { layout?: 'groups' | 'table' }) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (!value || value === RECORDS_TABLE_DEFAULTS[name as keyof RecordsTableState] || value === 'groups')
              next.delete(`records.${name}`);
            else next.set(`records.${name}`, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { layout: params.get('records.layout') === 'table' ? 'table' : 'groups', state, update } as const;
}

const layoutButton = (active: boolean) =>
  `px-3 py-1 text-tremor-default ${
    active
      ? 'bg-tremor-brand text-tremor-brand-inverted'
      : 'bg-tremor-background text-tremor-content-emphasis hover:bg-tremor-background-subtle'
  }`;

/** Net worth and debt, assets and debts by group, and every account in the spec's order. */
export function NetWorthTab({
  view,
  onChanged,
  onReconnect,
}: {
  view: FinancialView;
  onChanged: () => void;
  /** Opens the link flow for a connection that needs re-authentication (none: the role may not link banks). */
  onReconnect: ((connectionId: string) => void) | undefined;
}) {
  const canWrite = useCan()('FINANCIALS_WRITE');
  const [openId, setOpenId] = useState<string>();
  const listing = useRecordsListing();
  const toggleOpen = useCallback((id: string) => setOpenId((current) => (current === id ? undefined : id)), []);
  /** The side drawer: adding a record, or editing the one with this id. */
  const [drawer, setDrawer] = useState<{ kind: 'add' } | { kind: 'edit'; id: string }>();
  const byId = new Map<string, ViewRecord>(view.records.map((record) => [record.id, record]));
  const assetGroups = view.accountGroups.filter((group) => group.side === 'ASSET' && Number(group.total.value) > 0);
  const debtGroups = view.accountGroups.filter((group) => group.side === 'LIABILITY');
  const snapshot = Object.fromEntries(view.snapshotGroups.map((group) => [group.group, group.total]));

  return (
    <div className="mt-6 space-y-6">
      <div className="grid grid-cols-1 gap-6 md:grid-cols-3">
        <SummaryCard
          title={`Net worth (${view.currency})`}
          value={showMoney(view.netWorth)}
          testId="net-worth"
          note={`As of ${formatShortDate(view.valuationDate, true)}`}
        />
        <SummaryCard
          title="Total assets"
          value={showMoney(view.totalAssets)}
          testId="total-assets"
          note={`Savings and investments ${showMoney(snapshot.SAVINGS_AND_INVESTMENTS)} · Property ${showMoney(snapshot.PROPERTY_AND_REAL_ASSETS)}`}
        />
        <SummaryCard title="Total debt" value={showMoney(view.totalDebt)} testId="total-debt" />
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card data-testid="assets-chart">
          <Title>Assets by group</Title>
          {assetGroups.length === 0 ? (
            <Text className="mt-2" data-testid="assets-chart-empty">
              {canWrite ? 'No assets yet: add an account or a property below, or link a bank.' : 'No assets yet.'}
            </Text>
          ) : (
            <>
              <DonutChart
                className="mt-6 h-56"
                data={assetGroups.map((group) => ({ group: group.label, total: chartValue(group.total) }))}
                index="group"
                category="total"
                colors={ASSET_COLOURS}
                valueFormatter={chartDollars}
                noDataText="No assets recorded"
              />
              <Legend
                className="mt-4 justify-center"
                categories={assetGroups.map((group) => `${group.label} ${showMoney(group.total)}`)}
                colors={ASSET_COLOURS}
              />
            </>
          )}
        </Card>
        <Card data-testid="debts-chart">
          <Title>Debts by group</Title>
          {debtGroups.every((group) => Number(group.total.value) === 0) ? (
            <Text className="mt-2" data-testid="debts-chart-empty">
              {canWrite
                ? 'No debts recorded: a mortgage, loan or credit card added below appears here.'
                : 'No debts recorded.'}
            </Text>
          ) : (
            <BarChart
              className="mt-6 h-56"
              data={debtGroups.map((group) => ({ group: group.label, Owed: chartValue(group.total) }))}
              index="group"
              categories={['Owed']}
              colors={['rose']}
              valueFormatter={chartDollars}
              showLegend={false}
              yAxisWidth={80}
              noDataText="No debts recorded"
            />
          )}
        </Card>
      </div>

      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Title>Accounts</Title>
          <div className="flex flex-wrap items-center gap-3">
            {view.records.length > 0 && (
              <div
                className="inline-flex overflow-hidden rounded-tremor-small border border-tremor-border"
                role="group"
                aria-label="Show accounts"
              >
                <button
                  type="button"
                  className={layoutButton(listing.layout === 'groups')}
                  aria-pressed={listing.layout === 'groups'}
                  onClick={() => listing.update({ layout: 'groups' })}
                  data-testid="records-layout-groups"
                >
                  By group
                </button>
                <button
                  type="button"
                  className={`border-l border-tremor-border ${layoutButton(listing.layout === 'table')}`}
                  aria-pressed={listing.layout === 'table'}
                  onClick={() => listing.update({ layout: 'table' })}
                  data-testid="records-layout-table"
                >
                  Table
                </button>
              </div>
            )}
            {canWrite && (
              <Button size="xs" onClick={() => setDrawer({ kind: 'add' })} data-testid="add-record">
                Add account, asset or debt
              </Button>
            )}
          </div>
        </div>
        {view.records.length === 0 && (
          <Text className="mt-2" data-testid="accounts-empty">
            {canWrite
              ? 'No financial records yet. Add the household’s accounts, property and debts with “Add account, asset or debt”, or link a bank to bring its accounts in.'
              : 'No financial records yet.'}
          </Text>
        )}
        {listing.layout === 'table' && view.records.length > 0 && (
          <div className="mt-4 space-y-4">
            <RecordsTable
              view={view}
              state={listing.state}
              onState={listing.update}
              openId={openId}
              onOpen={toggleOpen}
            />
            {openId && byId.has(openId) && (
              <div className="rounded-tremor-default border border-tremor-border" data-testid="records-table-open">
                <RecordRow
                  record={byId.get(openId)!}
                  currency={view.currency}
                  open
                  onOpen={() => setOpenId(undefined)}
                />
                <ReauthNotice record={byId.get(openId)!} onReconnect={onReconnect} />
                <RecordPanel
                  record={byId.get(openId)!}
                  records={view.records}
                  parties={view.parties}
                  householdId={view.householdId}
                  onChanged={onChanged}
                  onEdit={() => setDrawer({ kind: 'edit', id: openId })}
                />
              </div>
            )}
          </div>
        )}
        {listing.layout === 'groups' && (
          <div className="mt-4 space-y-6" data-testid="accounts">
            {view.accountGroups
              .filter((group) => group.recordIds.length > 0)
              .map((group) => (
                <section key={group.group} data-testid={`group-${group.group}`}>
                  <div className="flex items-baseline justify-between border-b border-tremor-border pb-2">
                    <h2 className="text-tremor-default font-semibold text-tremor-content-strong">{group.label}</h2>
                    <span className="text-tremor-default text-tremor-content-emphasis">{showMoney(group.total)}</span>
                  </div>
                  <ul className="divide-y divide-tremor-border">
                    {group.recordIds.map((id) => {
                      const record = byId.get(id)!;
                      return (
                        <li key={id}>
                          <RecordRow
                            record={record}
                            currency={view.currency}
                            open={openId === id}
                            onOpen={() => setOpenId(openId === id ? undefined : id)}
                          />
                          <ReauthNotice record={record} onReconnect={onReconnect} />
                          {openId === id && (
                            <RecordPanel
                              record={record}
                              records={view.records}
                              parties={view.parties}
                              householdId={view.householdId}
                              onChanged={onChanged}
                              onEdit={() => setDrawer({ kind: 'edit', id })}
                            />
                          )}
                        </li>
                      );
                    })}
                  </ul>
                </section>
              ))}
          </div>
        )}
      </Card>
      {drawer && (drawer.kind === 'add' || byId.has(drawer.id)) && (
        <RecordForm
          householdId={view.householdId}
          view={view}
          record={drawer.kind === 'edit' ? byId.get(drawer.id) : undefined}
          onSaved={(saved) => {
            setDrawer(undefined);
            setOpenId(saved.id);
            onChanged();
          }}
          onClose={() => setDrawer(undefined)}
        />
      )}
    </div>
  );
}
