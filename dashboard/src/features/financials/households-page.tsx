import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { Callout } from '@tremor/react';
import { listHouseholds } from '../../api';
import {
  ColumnsMenu,
  DataTable,
  ListPager,
  useColumnChoice,
  useListQuery,
  useListResource,
  FilterSelect,
} from '../../components/data-table';
import { InputField } from '../../components/fields';
import { LoadingState } from '../../components/full-page-status';
import { useAdvisorOptions, useSearchBox } from '../crm/contacts-page';
import { householdColumns } from '../crm/households-page';
import { useTeamOptions } from '../crm/teams';

/** The CRM list's columns, each household opening its financial page; type and KYC date on demand. */
function pickerColumns(link: (id: string) => string) {
  return householdColumns(link).map((column) =>
    column.key === 'type' || column.key === 'kyc' ? { ...column, hiddenByDefault: true } : column,
  );
}
const COLUMNS = {
  'financial-records': pickerColumns((id) => `/financial-records/${id}`),
  'cash-flows': pickerColumns((id) => `/cash-flows/${id}`),
  planning: pickerColumns((id) => `/households/${id}/plans`),
};

type PickerSection = keyof typeof COLUMNS;

const PICKER_TEXT: Readonly<Record<PickerSection, { title: string; lead: string }>> = {
  'financial-records': {
    title: 'Financial records',
    lead: 'Choose a household to see its net worth, accounts and cash flows.',
  },
  'cash-flows': { title: 'Cash flows', lead: 'Choose a household to see its net worth, accounts and cash flows.' },
  planning: { title: 'Planning', lead: 'Choose a household to see its plans, or to make one from its records.' },
};

function pickerSection(pathname: string): PickerSection {
  if (pathname.startsWith('/cash-flows')) return 'cash-flows';
  if (pathname.startsWith('/planning')) return 'planning';
  return 'financial-records';
}

type PickerFilter = 'search' | 'advisorId' | 'teamId';

/** Financial records, Cash flows and Planning all start by choosing a household. */
export default function HouseholdsPage() {
  const id = useId();
  const { pathname } = useLocation();
  const section = pickerSection(pathname);
  const allColumns = COLUMNS[section];
  const advisors = useAdvisorOptions();
  const teams = useTeamOptions();
  const list = useListQuery<PickerFilter>({
    sort: 'name',
    order: 'asc',
    limit: 25,
  });
  const { page, limit, sort, order, filter, update } = list;
  // One column set for both pickers: they show the same households.
  const columns = useColumnChoice('financial-households', allColumns);
  const [search, setSearch] = useSearchBox(filter('search'), (value) => update({ search: value }));
  const households = useListResource(listHouseholds, {
    search: filter('search'),
    advisorId: filter('advisorId'),
    teamId: filter('teamId'),
    sort,
    order,
    page,
    limit,
  });
  const filtered = Boolean(filter('search') || filter('advisorId') || filter('teamId'));

  return (
    <section className="space-y-4" data-testid="financial-households-page">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">
          {PICKER_TEXT[section].title}
        </h1>
        <p className="mt-1 text-tremor-default text-tremor-content">{PICKER_TEXT[section].lead}</p>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3" role="group" aria-label="Filter households">
        <InputField
          id={`${id}-search`}
          label="Search households"
          value={search}
          onChange={setSearch}
          testId="financial-households-search"
          placeholder="Household name"
        />
        <FilterSelect
          list={list}
          name="advisorId"
          label="Advisor"
          options={advisors}
          emptyLabel="All advisors"
          testId="financial-households-advisor"
        />
        <FilterSelect
          list={list}
          name="teamId"
          label="Team"
          options={teams}
          emptyLabel="All teams"
          testId="financial-households-team"
        />
      </div>
      <div className="flex justify-end">
        <ColumnsMenu columns={allColumns} hidden={columns.hidden} onToggle={columns.toggle} />
      </div>
      {households.error && (
        <Callout title="The households could not be loaded" color="rose" role="alert">
          {households.error.message}
        </Callout>
      )}
      {!households.data && households.loading && <LoadingState label="Loading households…" />}
      {households.data && (
        <>
          <DataTable
            columns={columns.visible}
            items={households.data.items}
            rowKey={(item) => item.id}
            sort={{ sort, order }}
            onSort={(next) => update({ ...next })}
            empty={
              filtered ? (
                'No household matches these filters. Clear a filter or search for another name.'
              ) : (
                <>
                  No households yet.{' '}
                  <Link to="/crm/households" className="text-tremor-brand hover:underline">
                    Create a household
                  </Link>{' '}
                  in the CRM, then add its accounts here.
                </>
              )
            }
            testId="household-list"
            rowTestId="household-row"
            cellTestIdPrefix="household"
            label="Households"
          />
          <ListPager
            page={page}
            limit={limit}
            total={households.data.total}
            onPage={(next) => update({ page: next })}
            onLimit={(next) => update({ limit: next })}
          />
        </>
      )}
    </section>
  );
}
