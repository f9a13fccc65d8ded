import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useSessionUser } from '../features/platform/auth/auth-context';
import { useResource } from '../hooks/use-resource';
import { SelectInput, type Option } from './fields';
import { Pager } from './pager';

/** A column of a list: its header, its cell, and the sort key the API takes (absent: not sortable). */
export interface DataColumn<T> {
  key: string;
  label: string;
  render: (item: T) => ReactNode;
  sortKey?: string;
  /** Always shown (the name): not offered in the Columns menu. */
  fixed?: boolean;
  /** Hidden until the user shows it. */
  hiddenByDefault?: boolean;
  numeric?: boolean;
}

export interface SortState {
  sort: string;
  order: 'asc' | 'desc';
}

/**
 * A list's state in the URL query string (page, limit, sort, order and each filter), so a link
 * opens the filtered list and a filtered list can be shared. Changing anything but the page goes
 * back to page 1.
 */
export function useListQuery<F extends string>(defaults: { sort: string; order: 'asc' | 'desc'; limit: number }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const limit = Number(params.get('limit')) || defaults.limit;
  const sort = params.get('sort') ?? defaults.sort;
  const order =
    params.get('order') === 'asc' || params.get('order') === 'desc'
      ? (params.get('order') as 'asc' | 'desc')
      : defaults.order;
  const filter = useCallback((name: F) => params.get(name) ?? '', [params]);
  const update = useCallback(
    (changes: Record<string, string | number | undefined>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(name);
            else next.set(name, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { page, limit, sort, order, filter, update };
}

/**
 * One of a list's filters kept in the URL (`useListQuery`): a select whose empty choice shows
 * everything. The filter bars of the contacts, leads and households lists are made of these.
 */
export function FilterSelect<F extends string>({
  list,
  name,
  label,
  options,
  emptyLabel,
  testId,
}: {
  list: { filter: (name: F) => string; update: (changes: Record<string, string | undefined>) => void };
  name: F;
  label: string;
  options: readonly Option[];
  emptyLabel: string;
  testId: string;
}) {
  const id = useId();
  return (
    <SelectInput
      id={id}
      label={label}
      value={list.filter(name)}
      onChange={(value) => list.update({ [name]: value })}
      options={options}
      emptyLabel={emptyLabel}
      testId={testId}
    />
  );
}

/**
 * Loads a list for the query its URL holds: the query is compared by value, so the list reloads
 * only when a filter, the sort or the page really changes (not on every render's new object).
 */
export function useListResource<Q extends object, R>(
  fetchList: (query: Q, signal: AbortSignal) => Promise<R>,
  query: Q,
) {
  const key = JSON.stringify(query);
  const load = useCallback((signal: AbortSignal) => fetchList(JSON.parse(key) as Q, signal), [fetchList, key]);
  return useResource(load);
}

/** The column set each user chose for a list, kept in this browser under the user's id. */
export function useColumnChoice<T>(listKey: string, columns: readonly DataColumn<T>[]) {
  const user = useSessionUser();
  const storageKey = `meridian.columns.${user.id}.${listKey}`;
  const [hidden, setHidden] = useState<string[]>(() => {
    try {
      const saved = JSON.parse(window.localStorage.getItem(storageKey) ?? 'null') as unknown;
      if (Array.isArray(saved)) return saved.filter((key): key is string => typeof key === 'string');
    } catch {
      // Unreadable storage: the default columns.
    }
    return columns.filter((column) => column.hiddenByDefault).map((column) => column.key);
  });
  const toggle = useCallback(
    (key: string, shown: boolean) => {
      setHidden((current) => {
        const next = shown ? current.filter((item) => item !== key) : [...new Set([...current, key])];
        try {
          window.localStorage.setItem(storageKey, JSON.stringify(next));
        } catch {
          // Kept for this page only.
        }
        return next;
      });
    },
    [storageKey],
  );
  const visible = useMemo(
    () => columns.filter((column) => column.fixed || !hidden.includes(column.key)),
    [columns, hidden],
  );
  return { hidden, toggle, visible };
}

/** "Columns": a menu of checkboxes that shows or hides each column that is not fixed. */
export function ColumnsMenu<T>({
  columns,
  hidden,
  onToggle,
  testId = 'columns-menu',
}: {
  columns: readonly DataColumn<T>[];
  hidden: readonly string[];
  onToggle: (key: string, shown: boolean) => void;
  testId?: string;
}) {
  const id = useId();
  return (
    <details className="relative" data-testid={testId}>
      <summary className="cursor-pointer list-none rounded-tremor-small border border-tremor-border bg-tremor-background px-3 py-1.5 text-tremor-default font-medium text-tremor-content-emphasis hover:bg-tremor-background-subtle">
        Columns
      </summary>
      <fieldset className="absolute right-0 z-10 mt-1 w-52 space-y-1 rounded-tremor-default border border-tremor-border bg-tremor-background p-3 shadow-tremor-dropdown">
        <legend className="sr-only">Shown columns</legend>
        {columns
          .filter((column) => !column.fixed)
          .map((column) => (
            <label
              key={column.key}
              htmlFor={`${id}-${column.key}`}
              className="flex items-center gap-2 text-tremor-default text-tremor-content-emphasis"
            >
              <input
                id={`${id}-${column.key}`}
                type="checkbox"
                checked={!hidden.includes(column.key)}
                onChange={(event) => onToggle(column.key, event.target.checked)}
                data-testid={`column-${column.key}`}
              />
              {column.label}
            </label>
          ))}
      </fieldset>
    </details>
  );
}

const cellClass = 'px-4 py-2';

/** A list's table: sortable headers (click again to reverse), the visible columns, an empty message. */
export function DataTable<T>({
  columns,
  items,
  rowKey,
  sort,
  onSort,
  empty,
  testId,
  rowTestId,
  cellTestIdPrefix = 'cell',
  label,
}: {
  columns: readonly DataColumn<T>[];
  items: readonly T[];
  rowKey: (item: T) => string;
  sort?: SortState;
  onSort?: (sort: SortState) => void;
  /** What to say (and offer) when nothing matches. */
  empty: ReactNode;
  testId: string;
  rowTestId?: string;
  /** Cells are marked `${cellTestIdPrefix}-${column key}` (fixed columns are not: their content is). */
  cellTestIdPrefix?: string;
  label: string;
}) {
  return (
    <div className="overflow-x-auto rounded-tremor-default border border-tremor-border bg-tremor-background">
      <table className="w-full text-left text-tremor-default" data-testid={testId} aria-label={label}>
        <thead className="border-b border-tremor-border bg-tremor-background-muted text-tremor-content">
          <tr>
            {columns.map((column) => {
              const active = sort && column.sortKey !== undefined && sort.sort === column.sortKey;
              const ariaSort = active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={`${cellClass} font-medium ${column.numeric ? 'text-right' : ''}`}
                  aria-sort={ariaSort}
                  data-testid={`header-${column.key}`}
                >
                  {column.sortKey !== undefined && onSort ? (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 hover:text-tremor-content-strong"
                      onClick={() =>
                        onSort({
                          sort: column.sortKey!,
                          order: active && sort.order === 'asc' ? 'desc' : 'asc',
                        })
                      }
                    >
                      {column.label}
                      <span aria-hidden="true" className={active ? 'text-tremor-content-strong' : 'opacity-30'}>
                        {active && sort.order === 'desc' ? '▼' : '▲'}
                      </span>
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {items.length === 0 && (
            <tr>
              <td className="px-4 py-6 text-tremor-content" colSpan={columns.length}>
                {empty}
              </td>
            </tr>
          )}
          {items.map((item) => (
            <tr key={rowKey(item)} className="border-b border-tremor-border last:border-0" data-testid={rowTestId}>
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={`${cellClass} text-tremor-content-emphasis ${column.numeric ? 'text-right tabular-nums' : ''}`}
                  data-testid={column.fixed ? undefined : `${cellTestIdPrefix}-${column.key}`}
                >
                  {column.render(item)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The count, the page size, Previous and Next: the shared pager with its rows-per-page choice. */
export function ListPager(props: {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}) {
  return <Pager {...props} />;
}
