import { useId, useMemo } from 'react';
import { Badge } from '@tremor/react';
import {
  ACCOUNT_GROUP_ORDER,
  enumLabel,
  formatShortDate,
  Money,
  RECORD_TYPE_LABELS,
  type FinancialRecordType,
  type FinancialView,
} from '@meridian/domain';
import { ColumnsMenu, DataTable, useColumnChoice, type DataColumn, type SortState } from '../../components/data-table';
import { SelectInput } from '../../components/fields';
import { FlagText } from '../../components/flag-text';
import { FreshnessBadge, type SyncedRecord } from './freshness-badge';
import { showMoney, showOwnMoney } from './money';

/** The table's filters and sort, kept in the page's address by the caller. */
export interface RecordsTableState extends SortState {
  group: string;
  type: string;
  /** '' (all), 'manual' (entered by hand) or 'synced' (through a connection or a managed feed). */
  source: string;
}

export const RECORDS_TABLE_DEFAULTS: RecordsTableState = {
  sort: 'group',
  order: 'asc',
  group: '',
  type: '',
  source: '',
};

const isSynced = (record: SyncedRecord) => record.connectionType !== 'MANUAL';

/** Who the record belongs to: the owners of an asset, the borrowers of a debt. */
function partyNames(record: SyncedRecord): string {
  const parties = record.owners.length > 0 ? record.owners : record.borrowers;
  return parties.map((party) => party.name).join(', ');
}

/** As the grouped list names it: the nickname or institution, else the record's type. */
function shownName(record: SyncedRecord): string {
  return record.displayName === record.label ? RECORD_TYPE_LABELS[record.type] : record.displayName;
}

const GROUP_RANK = new Map(ACCOUNT_GROUP_ORDER.map((group, index) => [group, index]));
const byText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

/** Records without a value (or never synced) sort last whichever way the column is sorted. */
function compareNullable<T>(a: T | null, b: T | null, compare: (a: T, b: T) => number, order: 1 | -1): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return compare(a, b) * order;
}

function sortRecords(records: readonly SyncedRecord[], { sort, order }: SortState): SyncedRecord[] {
  const direction = order === 'asc' ? 1 : -1;
  const compare = (a: SyncedRecord, b: SyncedRecord): number => {
    switch (sort) {
      case 'name':
        return byText(shownName(a), shownName(b)) * direction;
      case 'type':
        return (byText(RECORD_TYPE_LABELS[a.type], RECORD_TYPE_LABELS[b.type]) || byText(a.label, b.label)) * direction;
      case 'owner':
        return compareNullable(partyNames(a) || null, partyNames(b) || null, byText, direction);
      case 'value':
        return compareNullable(
          a.converted ? Money.fromJSON(a.converted) : null,
          b.converted ? Money.fromJSON(b.converted) : null,
          (x, y) => x.compare(y),
          direction,
        );
      case 'synced':
        return compareNullable(a.sync?.lastSyncedAt ?? null, b.sync?.lastSyncedAt ?? null, byText, direction);
      default:
        return (GROUP_RANK.get(a.accountGroup)! - GROUP_RANK.get(b.accountGroup)!) * direction;
    }
  };
  // The view's own order (group, account type, name) breaks ties.
  return records
    .map((record, index) => ({ record, index }))
    .sort((a, b) => compare(a.record, b.record) || a.index - b.index)
    .map(({ record }) => record);
}

function recordColumns(currency: string, onOpen: (id: string) => void, openId?: string): DataColumn<SyncedRecord>[] {
  return [
    {
      key: 'name',
      label: 'Name',
      fixed: true,
      sortKey: 'name',
      render: (record) => (
        <button
          type="button"
          className="text-left font-medium text-tremor-content-strong hover:underline"
          onClick={() => onOpen(record.id)}
          aria-expanded={openId === record.id}
          data-testid="records-table-name"
        >
          <FlagText text={shownName(record)} />
        </button>
      ),
    },
    {
      key: 'type',
      label: 'Type',
      sortKey: 'type',
      render: (record) => (
        <span title={RECORD_TYPE_LABELS[record.type]}>
          <FlagText text={record.label} />
        </span>
      ),
    },
    {
      key: 'group',
      label: 'Group',
      sortKey: 'group',
      render: (record) => enumLabel('AccountGroup', record.accountGroup),
    },
    {
      key: 'owner',
      label: 'Owner',
      sortKey: 'owner',
      render: (record) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          {partyNames(record) || <span className="text-tremor-content">No owner recorded</span>}
          {record.isJoint && <Badge size="xs">Joint</Badge>}
        </span>
      ),
    },
    {
      key: 'value',
      label: `Value (${currency})`,
      sortKey: 'value',
      numeric: true,
      render: (record) => (
        <span>
          {showMoney(record.converted)}
          {record.value && record.value.currency !== currency && (
            <span className="block text-tremor-label text-tremor-content">{showOwnMoney(record.value, currency)}</span>
          )}
        </span>
      ),
    },
    {
      key: 'synced',
      label: 'Last synced',
      sortKey: 'synced',
      render: (record) =>
        record.sync ? (
          <FreshnessBadge sync={record.sync} />
        ) : (
          <span className="text-tremor-content">{isSynced(record) ? 'Not synced yet' : 'Entered by hand'}</span>
        ),
    },
    {
      key: 'asOf',
      label: 'Balance as of',
      hiddenByDefault: true,
      render: (record) => (record.asOfDate ? formatShortDate(record.asOfDate, true) : '—'),
    },
    {
      key: 'updated',
      label: 'Last changed',
      hiddenByDefault: true,
      render: (record) => formatShortDate(record.updatedAt),
    },
  ];
}

/** Every record of the household in one table: sorted by any column, filtered by group, type and source. */
export function RecordsTable({
  view,
  state,
  onState,
  openId,
  onOpen,
}: {
  view: FinancialView;
  state: RecordsTableState;
  onState: (changes: Partial<RecordsTableState>) => void;
  openId?: string;
  onOpen: (id: string) => void;
}) {
  const id = useId();
  const records = view.records as SyncedRecord[];
  const columns = useMemo(() => recordColumns(view.currency, onOpen, openId), [view.currency, onOpen, openId]);
  const choice = useColumnChoice('financial-records', columns);
  const groupOptions = view.accountGroups
    .filter((group) => group.recordIds.length > 0)
    .map((group) => ({ value: group.group, label: group.label }));
  const typeOptions = [...new Set(records.map((record) => record.type))]
    .map((type: FinancialRecordType) => ({ value: type, label: RECORD_TYPE_LABELS[type] }))
    .sort((a, b) => byText(a.label, b.label));
  const shown = sortRecords(
    records.filter(
      (record) =>
        (!state.group || record.accountGroup === state.group) &&
        (!state.type || record.type === state.type) &&
        (!state.source || (state.source === 'synced') === isSynced(record)),
    ),
    state,
  );
  const filtered = Boolean(state.group || state.type || state.source);

  return (
    <div className="space-y-3" data-testid="records-table-view">
      <div className="grid grid-cols-1 items-end gap-3 sm:grid-cols-4" role="group" aria-label="Filter records">
        <SelectInput
          id={`${id}-group`}
          label="Group"
          value={state.group}
          onChange={(group) => onState({ group })}
          options={groupOptions}
          emptyLabel="All groups"
          testId="records-filter-group"
        />
        <SelectInput
          id={`${id}-type`}
          label="Type"
          value={state.type}
          onChange={(type) => onState({ type })}
          options={typeOptions}
          emptyLabel="All types"
          testId="records-filter-type"
        />
        <SelectInput
          id={`${id}-source`}
          label="Entered by hand or synced"
          value={state.source}
          onChange={(source) => onState({ source })}
          options={[
            { value: 'manual', label: 'Entered by hand' },
            { value: 'synced', label: 'Synced from a bank or feed' },
          ]}
          emptyLabel="All records"
          testId="records-filter-source"
        />
        <div className="flex justify-end">
          <ColumnsMenu columns={columns} hidden={choice.hidden} onToggle={choice.toggle} testId="records-columns" />
        </div>
      </div>
      <DataTable
        columns={choice.visible}
        items={shown}
        rowKey={(record) => record.id}
        sort={state}
        onSort={(sort) => onState(sort)}
        empty={
          filtered
            ? 'No record matches these filters. Choose “All” in a filter to see more.'
            : 'No financial records yet. Add an account, asset or debt, or link a bank to bring its accounts in.'
        }
        testId="records-table"
        rowTestId="records-table-row"
        cellTestIdPrefix="records"
        label="Financial records"
      />
    </div>
  );
}
