import { type FormEvent, useId } from 'react';
import { Callout, Card } from '@tremor/react';
import { Link, useNavigate } from 'react-router';
import {
  createHouseholdSchema,
  enumerationOptions,
  enumLabel,
  formatCad,
  formatShortDate,
  type HouseholdListItem,
} from '@meridian/domain';
import { createHousehold, listHouseholds } from '../../api';
import {
  ColumnsMenu,
  DataTable,
  ListPager,
  useColumnChoice,
  useListQuery,
  useListResource,
  type DataColumn,
  FilterSelect,
} from '../../components/data-table';
import { CheckboxInput, InputField, SelectInput } from '../../components/fields';
import { LoadingState } from '../../components/full-page-status';
import { useAdvisorOptions, useSearchBox, useTagOptions } from './contacts-page';
import { useSessionUser } from '../platform/auth/auth-context';
import { useCan } from '../platform/auth/use-can';
import { HouseholdNameFields } from './household-fields';
import { GridForm, SubmitCell } from './record-form';
import { useTeamOptions } from './teams';
import { useForm } from './use-form';

function NewHouseholdForm() {
  const navigate = useNavigate();
  const user = useSessionUser();
  const teams = useTeamOptions();
  const form = useForm({ teamId: user.teamIds[0] ?? '', name: '', salutation: '' }, ['teamId', 'name', 'salutation']);
  async function create(event: FormEvent) {
    event.preventDefault();
    const result = await form.submit(form.values, createHouseholdSchema, createHousehold);
    if (result) navigate(`/crm/households/${result.id}`);
  }
  return (
    <Card>
      <GridForm
        label="New household"
        columns="grid-cols-1 sm:grid-cols-4"
        form={form}
        onSubmit={create}
        errorTestId="new-household-error"
        footer={<SubmitCell label="Create household" pending={form.pending} />}
      >
        <HouseholdNameFields form={form} nameLabel="Household name" testId="new-household" />
        <SelectInput label="Team" {...form.field('teamId')} options={teams} testId="new-household-team" required />
      </GridForm>
    </Card>
  );
}

/**
 * A household list's columns: the name (a link to `linkTo`), advisor, members and assets tell two
 * of a name apart. The CRM list and the financial pages' household picker share them.
 */
export function householdColumns(linkTo: (id: string) => string): DataColumn<HouseholdListItem>[] {
  return [
    {
      key: 'name',
      label: 'Name',
      fixed: true,
      sortKey: 'name',
      render: (item) => (
        <Link
          className="font-medium text-tremor-content-strong hover:underline"
          to={linkTo(item.id)}
          data-testid="household-name"
        >
          {item.name}
        </Link>
      ),
    },
    ...HOUSEHOLD_DETAIL_COLUMNS,
  ];
}

const HOUSEHOLD_DETAIL_COLUMNS: DataColumn<HouseholdListItem>[] = [
  {
    key: 'advisor',
    label: 'Advisor',
    sortKey: 'advisor',
    render: (item) => item.primaryAdvisor?.displayName ?? 'No advisor',
  },
  {
    key: 'members',
    label: 'Members',
    sortKey: 'members',
    render: (item) =>
      item.memberNames.length === 0 ? (
        <span className="text-tremor-content">No members yet</span>
      ) : (
        <span title={item.memberNames.join(', ')}>
          {item.memberNames.slice(0, 3).join(', ')}
          {item.memberNames.length > 3 ? ` and ${item.memberNames.length - 3} more` : ''}
        </span>
      ),
  },
  {
    key: 'assets',
    label: 'Total assets',
    numeric: true,
    render: (item) =>
      item.totalAssets === null ? (
        <span title="A record's currency has no exchange rate yet">—</span>
      ) : (
        `${formatCad(item.totalAssets)} ${item.assetsCurrency}`
      ),
  },
  {
    key: 'type',
    label: 'Contact type',
    render: (item) => enumLabel('ContactType', item.contactType),
  },
  {
    key: 'kyc',
    label: 'Last KYC update',
    sortKey: 'lastKycUpdatedAt',
    render: (item) => (item.lastKycUpdatedAt ? formatShortDate(item.lastKycUpdatedAt) : 'Never'),
  },
  { key: 'salutation', label: 'Salutation', hiddenByDefault: true, render: (item) => item.salutation ?? '—' },
  {
    key: 'created',
    label: 'Created',
    sortKey: 'createdAt',
    hiddenByDefault: true,
    render: (item) => formatShortDate(item.createdAt),
  },
];

const HOUSEHOLD_COLUMNS = householdColumns((id) => `/crm/households/${id}`);

type HouseholdFilter = 'search' | 'teamId' | 'advisorId' | 'type' | 'tagId' | 'reviewOverdue';

export default function HouseholdsPage() {
  const id = useId();
  const canWrite = useCan()('CRM_WRITE');
  const teams = useTeamOptions();
  const tags = useTagOptions();
  const advisors = useAdvisorOptions();
  const list = useListQuery<HouseholdFilter>({
    sort: 'name',
    order: 'asc',
    limit: 25,
  });
  const { page, limit, sort, order, filter, update } = list;
  const columns = useColumnChoice('households', HOUSEHOLD_COLUMNS);
  const [search, setSearch] = useSearchBox(filter('search'), (value) => update({ search: value }));
  const households = useListResource(listHouseholds, {
    search: filter('search'),
    teamId: filter('teamId'),
    advisorId: filter('advisorId'),
    type: filter('type'),
    tagId: filter('tagId'),
    reviewOverdue: filter('reviewOverdue'),
    sort,
    order,
    page,
    limit,
  });
  return (
    <section className="space-y-4" data-testid="households-page">
      <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">Households</h1>
      {canWrite && <NewHouseholdForm />}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-5" role="group" aria-label="Filter households">
        <InputField
          id={`${id}-search`}
          label="Search"
          value={search}
          onChange={setSearch}
          testId="households-search"
          placeholder="Household name"
        />
        <FilterSelect
          list={list}
          name="advisorId"
          label="Advisor"
          options={advisors}
          emptyLabel="All advisors"
          testId="households-advisor"
        />
        <FilterSelect
          list={list}
          name="teamId"
          label="Team"
          options={teams}
          emptyLabel="All teams"
          testId="households-team"
        />
        <FilterSelect
          list={list}
          name="type"
          label="Contact type"
          options={enumerationOptions('ContactType')}
          emptyLabel="All types"
          testId="households-type"
        />
        <FilterSelect
          list={list}
          name="tagId"
          label="Tag"
          options={tags}
          emptyLabel="All tags"
          testId="households-tag"
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxInput
          id={`${id}-overdue`}
          label="Review overdue: no KYC update and no meeting in 12 months"
          checked={filter('reviewOverdue') === 'true'}
          onChange={(checked) => update({ reviewOverdue: checked ? 'true' : undefined })}
          testId="households-review-overdue"
        />
        <ColumnsMenu columns={HOUSEHOLD_COLUMNS} hidden={columns.hidden} onToggle={columns.toggle} />
      </div>
      {households.error && (
        <Callout color="red" title="Households could not be loaded">
          {households.error.message}
        </Callout>
      )}
      {!households.data && households.loading && <LoadingState />}
      {households.data && (
        <>
          <DataTable
            columns={columns.visible}
            items={households.data.items}
            rowKey={(item) => item.id}
            sort={{ sort, order }}
            onSort={(next) => update({ ...next })}
            empty={
              canWrite
                ? 'No household matches these filters. Clear a filter, or create a household above.'
                : 'No household matches these filters. Clear a filter to see more.'
            }
            testId="households-table"
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
