import { useCallback, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Callout, Card, TextInput } from '@tremor/react';
import { listHouseholds } from '../../api';
import { LoadingState } from '../../components/full-page-status';
import { useResource } from '../../hooks/use-resource';

/** Financial records and Cash flows both start by choosing a household. */
export default function HouseholdsPage() {
  const { pathname } = useLocation();
  const section = pathname.startsWith('/cash-flows') ? 'cash-flows' : 'financial-records';
  const [search, setSearch] = useState('');
  const load = useCallback(
    (signal: AbortSignal) => listHouseholds({ search: search.trim() || undefined, limit: 50 }, signal),
    [search],
  );
  const { data: page, error, loading } = useResource(load);
  const households = page?.items;

  return (
    <div className="mx-auto max-w-4xl space-y-6" data-testid="financial-households-page">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">
          {section === 'cash-flows' ? 'Cash flows' : 'Financial records'}
        </h1>
        <p className="mt-1 text-tremor-default text-tremor-content">
          Choose a household to see its net worth, accounts and cash flows.
        </p>
      </div>
      <Card>
        <label htmlFor="household-search" className="text-tremor-default font-medium text-tremor-content-strong">
          Search households
        </label>
        <TextInput
          id="household-search"
          className="mt-1.5"
          placeholder="Household name"
          value={search}
          onValueChange={setSearch}
        />
        {error && (
          <Callout className="mt-4" title="The households could not be loaded" color="rose" role="alert">
            {error.message}
          </Callout>
        )}
        {loading && !households && <LoadingState label="Loading households…" />}
        {households && households.length === 0 && (
          <p className="mt-4 text-tremor-default text-tremor-content">No household matches.</p>
        )}
        <ul className="mt-4 divide-y divide-tremor-border" data-testid="household-list">
          {households?.map((household) => (
            <li key={household.id}>
              <Link
                to={`/${section}/${household.id}`}
                className="flex items-center justify-between px-2 py-3 text-tremor-default text-tremor-content-emphasis hover:bg-tremor-background-subtle"
              >
                <span className="font-medium">{household.name}</span>
                <span className="text-tremor-content">
                  {household.memberCount} {household.memberCount === 1 ? 'member' : 'members'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
