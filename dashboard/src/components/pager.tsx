import { useId } from 'react';

/** The page sizes a list offers when it lets the user choose one. */
const PAGE_SIZES = [10, 25, 50, 100];

/**
 * Previous and Next under a paged list, with the result count and where the list stands; with
 * `onLimit`, also the rows-per-page choice (the shared lists of `data-table.tsx`).
 */
export function Pager({
  page,
  limit,
  total,
  onPage,
  onLimit,
}: {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
  onLimit?: (limit: number) => void;
}) {
  const id = useId();
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 text-tremor-default text-tremor-content"
      data-testid="pager"
    >
      <span data-testid="list-count">
        {total} {total === 1 ? 'result' : 'results'} · page {page} of {pages}
      </span>
      <span className="flex items-center gap-2">
        {onLimit && (
          <>
            <label htmlFor={`${id}-size`}>Rows per page</label>
            <select
              id={`${id}-size`}
              className="rounded-tremor-small border border-tremor-border bg-tremor-background px-2 py-1"
              value={limit}
              onChange={(event) => onLimit(Number(event.target.value))}
              data-testid="page-size"
            >
              {[...new Set([...PAGE_SIZES, limit])]
                .sort((a, b) => a - b)
                .map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
            </select>
          </>
        )}
        <button
          type="button"
          className="rounded px-2 py-1 hover:bg-tremor-background-subtle disabled:opacity-40"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </button>
        <button
          type="button"
          className="rounded px-2 py-1 hover:bg-tremor-background-subtle disabled:opacity-40"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
      </span>
    </div>
  );
}
