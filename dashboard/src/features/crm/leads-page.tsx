import { useCallback, useId, useState } from 'react';
import { Button, Callout } from '@tremor/react';
import { Link, useLocation } from 'react-router';
import { listLeads } from '../../api';
import { SelectInput } from '../../components/fields';
import { LoadingState } from '../../components/full-page-status';
import { Pager } from '../../components/pager';
import { useResource } from '../../hooks/use-resource';
import { ContactsTable } from './contacts-table';
import { useTeamOptions } from './teams';

const PAGE_SIZE = 25;

/** Leads, newest first (crm §7 `GET /leads?team=`). */
export default function LeadsPage() {
  const id = useId();
  const teams = useTeamOptions();
  const location = useLocation();
  const created = (location.state as { created?: string } | null)?.created;
  const [team, setTeam] = useState('');
  const [page, setPage] = useState(1);
  const load = useCallback((signal: AbortSignal) => listLeads({ team, page, limit: PAGE_SIZE }, signal), [team, page]);
  const leads = useResource(load);

  return (
    <section className="space-y-4" data-testid="leads-page">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">Leads</h1>
          <p className="mt-1 text-tremor-default text-tremor-content">Newest first.</p>
        </div>
        <Link to="/crm/leads/new">
          <Button data-testid="new-lead">New lead</Button>
        </Link>
      </div>
      {created && (
        <Callout color="emerald" title="Lead created" data-testid="lead-created">
          {created} was added to your leads.
        </Callout>
      )}
      <div className="max-w-xs">
        <SelectInput
          id={`${id}-team`}
          label="Team"
          value={team}
          onChange={(value) => {
            setTeam(value);
            setPage(1);
          }}
          options={teams}
          emptyLabel="All teams"
          testId="leads-team"
        />
      </div>
      {leads.error && (
        <Callout color="red" title="Leads could not be loaded">
          {leads.error.message}
        </Callout>
      )}
      {!leads.data && leads.loading && <LoadingState />}
      {leads.data && (
        <>
          <ContactsTable
            items={leads.data.items}
            columns={['email', 'phone', 'source', 'tags', 'created']}
            testId="leads-table"
          />
          <Pager page={page} limit={PAGE_SIZE} total={leads.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
