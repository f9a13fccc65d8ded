/** Previous and Next under a paged list, with the result count and where the list stands. */
export function Pager({
  page,
  limit,
  total,
  onPage,
}: {
  page: number;
  limit: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <div className="flex items-center justify-between text-tremor-default text-tremor-content" data-testid="pager">
      <span>
        {total} {total === 1 ? 'result' : 'results'} · page {page} of {pages}
      </span>
      <span className="flex gap-2">
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
