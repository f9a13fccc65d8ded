import { useCallback, useState } from 'react';
import { Callout, Card } from '@tremor/react';
import { Link, useSearchParams } from 'react-router';
import { enumLabel, type DocumentResponse } from '@meridian/domain';
import { toApiError } from '../../../api';
import { documentCalls } from '../../../api/notes';
import { LoadingState } from '../../../components/full-page-status';
import { Pager } from '../../../components/pager';
import { useDebounced } from '../../../components/use-debounced';
import { useResource } from '../../../hooks/use-resource';
import { SearchPageHeader } from '../search-page-header';
import { DocumentTable, downloadDocument } from './document-table';

const PAGE_SIZE = 25;

/** The page a document's owner is shown on (its Documents tab), or null for a team or a professional. */
function ownerPath(owner: DocumentResponse['owner']): string | null {
  if (owner.kind === 'CONTACT') return `/crm/contacts/${owner.id}?tab=documents`;
  if (owner.householdId) return `/crm/households/${owner.householdId}?tab=documents`;
  return null;
}

/**
 * Every document of the firm within the user's reach, newest first, by page, found by its name;
 * each downloads through a signed address and links to the page it was filed on. Uploading
 * happens there, where the document's owner is known.
 */
export default function DocumentsPage() {
  const [params, setParams] = useSearchParams();
  const words = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = useDebounced(words.trim(), 250);
  const load = useCallback(
    (signal: AbortSignal) => documentCalls.list({ search: search || undefined, page, limit: PAGE_SIZE }, signal),
    [search, page],
  );
  const found = useResource(load);
  const [error, setError] = useState<string>();
  const go = (next: { q?: string; page?: number }) => {
    const q = next.q ?? words;
    const query: Record<string, string> = {};
    if (q) query.q = q;
    if (next.page && next.page > 1) query.page = String(next.page);
    setParams(query, { replace: true });
  };

  async function download(item: DocumentResponse) {
    setError(undefined);
    try {
      await downloadDocument(item.id);
    } catch (failure) {
      setError(`${item.name}: ${toApiError(failure).message}`);
    }
  }

  const data = found.data;
  return (
    <div className="mx-auto max-w-5xl space-y-6" data-testid="documents-page">
      <SearchPageHeader
        title="Documents"
        intro="Every document filed on your households and contacts, newest first. Upload one from its household’s or contact’s page, under Documents."
        searchLabel="Find by name"
        placeholder="For example: statement, KYC, 2026"
        words={words}
        onWords={(value) => go({ q: value, page: 1 })}
        testId="documents"
      />
      {(found.error ?? error) && (
        <Callout color="red" title={error ?? 'The documents could not be loaded'} role="alert">
          {found.error?.message}
        </Callout>
      )}
      {!data && !found.error && <LoadingState />}
      {data && (
        <Card data-testid="documents-results">
          {data.items.length === 0 ? (
            <p className="text-tremor-default text-tremor-content" data-testid="documents-empty">
              {search
                ? 'No document has a name with these words. Try fewer letters.'
                : 'No document yet. Open a household or a contact and upload one under Documents.'}
            </p>
          ) : (
            <>
              <DocumentTable
                documents={data.items}
                onDownload={(item) => void download(item)}
                where={{
                  label: 'Filed on',
                  cell: (item) => {
                    const path = ownerPath(item.owner);
                    return (
                      <>
                        {path ? (
                          <Link to={path} className="text-tremor-brand hover:underline">
                            {item.owner.name}
                          </Link>
                        ) : (
                          item.owner.name
                        )}{' '}
                        <span className="text-tremor-label text-tremor-content-subtle">
                          ({enumLabel('TaskOwnerKind', item.owner.kind)})
                        </span>
                      </>
                    );
                  },
                }}
              />
              <div className="mt-3">
                <Pager page={data.page} limit={data.limit} total={data.total} onPage={(next) => go({ page: next })} />
              </div>
            </>
          )}
        </Card>
      )}
    </div>
  );
}
