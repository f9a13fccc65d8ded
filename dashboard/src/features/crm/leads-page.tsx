import { useId } from 'react';
import { Button, Callout } from '@tremor/react';
import { Link, useLocation } from 'react-router';
import { listLeads } from '../../api';
import {
  ColumnsMenu,
  ListPager,
  useColumnChoice,
  useListQuery,
  useListResource,
  FilterSelect,
} from '../../components/data-table';
import { InputField } from '../../components/fields';
import { LoadingState } from '../../components/full-page-status';
import { useAdvisorOptions, useSearchBox, useTagOptions } from './contacts-page';
import { CONTACT_COLUMNS, ContactsTable } from './contacts-table';
import { useTeamOptions } from './teams';
import { useCan } from '../platform/auth/use-can';

/** What a lead list shows: type is always LEAD there. */
const LEAD_COLUMNS = CONTACT_COLUMNS.filter((column) => column.key !== 'type').map((column) =>
  column.key === 'source' || column.key === 'created' ? { ...column, hiddenByDefault: false } : column,
);

/** Leads, newest first unless sorted (crm §7 `GET /leads?team=`), filtered from the URL. */
export default function LeadsPage() {
  const id = useId();
  const canWrite = useCan()('CRM_WRITE');
  const teams = useTeamOptions();
  const tags = useTagOptions();
  const advisors = useAdvisorOptions();
  const location = useLocation();
  const created = (location.state as { created?: string } | null)?.created;
  const list = useListQuery<'search' | 'team' | 'tagId' | 'advisorId'>({
    sort: 'createdAt',
    order: 'desc',
    limit: 25,
  });
  const { page, limit, sort, order, filter, update } = list;
  const columns = useColumnChoice('leads', LEAD_COLUMNS);
  const [search, setSearch] = useSearchBox(filter('search'), (value) => update({ search: value }));
  const leads = useListResource(listLeads, {
    search: filter('search'),
    team: filter('team'),
    tagId: filter('tagId'),
    advisorId: filter('advisorId'),
    sort,
    order,
    page,
    limit,
  });

  return (
    <section className="space-y-4" data-testid="leads-page">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">Leads</h1>
          <p className="mt-1 text-tremor-default text-tremor-content">
            Newest first; click a column’s header to sort by it.
          </p>
        </div>
        {canWrite && (
          <Link to="/crm/leads/new">
            <Button data-testid="new-lead">New lead</Button>
          </Link>
        )}
      </div>
      {created && (
        <Callout color="emerald" title="Lead created" data-testid="lead-created">
          {created} was added to your leads.
        </Callout>
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-4" role="group" aria-label="Filter leads">
        <InputField
          id={`${id}-search`}
          label="Search"
          value={search}
          onChange={setSearch}
          testId="leads-search"
          placeholder="Name, e-mail or phone"
        />
        <FilterSelect list={list} name="team" label="Team" options={teams} emptyLabel="All teams" testId="leads-team" />
        <FilterSelect list={list} name="tagId" label="Tag" options={tags} emptyLabel="All tags" testId="leads-tag" />
        <FilterSelect
          list={list}
          name="advisorId"
          label="Advisor"
          options={advisors}
          emptyLabel="All advisors"
          testId="leads-advisor"
        />
      </div>
      <div className="flex justify-end">
        <ColumnsMenu columns={LEAD_COLUMNS} hidden={columns.hidden} onToggle={columns.toggle} />
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
            columns={columns.visible}
            testId="leads-table"
            sort={{ sort, order }}
            onSort={(next) => update({ ...next })}
            empty={
              canWrite ? (
                <>
                  No leads match.{' '}
                  <Link className="text-tremor-brand underline" to="/crm/leads/new">
                    Add a lead
                  </Link>{' '}
                  to start your pipeline.
                </>
              ) : (
                'No leads match.'
              )
            }
          />
          <ListPager
            page={page}
            limit={limit}
            total={leads.data.total}
            onPage={(next) => update({ page: next })}
            onLimit={(next) => update({ limit: next })}
          />
        </>
      )}
    </section>
  );
}
