import { type FormEvent, useCallback, useId, useState } from 'react';
import { Callout, Card } from '@tremor/react';
import { Link, useNavigate } from 'react-router';
import { createHouseholdSchema, enumLabel } from '@meridian/domain';
import { createHousehold, listHouseholds } from '../../api';
import { InputField, SelectInput } from '../../components/fields';
import { LoadingState } from '../../components/full-page-status';
import { Pager } from '../../components/pager';
import { useResource } from '../../hooks/use-resource';
import { useSessionUser } from '../platform/auth/auth-context';
import { HouseholdNameFields } from './household-fields';
import { GridForm, SubmitCell } from './record-form';
import { useTeamOptions } from './teams';
import { useForm } from './use-form';

const PAGE_SIZE = 25;

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

export default function HouseholdsPage() {
  const id = useId();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const load = useCallback(
    (signal: AbortSignal) => listHouseholds({ search: search.trim(), page, limit: PAGE_SIZE }, signal),
    [search, page],
  );
  const households = useResource(load);
  return (
    <section className="space-y-4" data-testid="households-page">
      <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">Households</h1>
      <NewHouseholdForm />
      <div className="max-w-sm">
        <InputField
          id={`${id}-search`}
          label="Search"
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
          testId="households-search"
          placeholder="Household name"
        />
      </div>
      {households.error && (
        <Callout color="red" title="Households could not be loaded">
          {households.error.message}
        </Callout>
      )}
      {!households.data && households.loading && <LoadingState />}
      {households.data && (
        <>
          <div className="overflow-x-auto rounded-tremor-default border border-tremor-border bg-tremor-background">
            <table className="w-full text-left text-tremor-default" data-testid="households-table">
              <thead className="border-b border-tremor-border bg-tremor-background-muted text-tremor-content">
                <tr>
                  <th className="px-4 py-2 font-medium">Name</th>
                  <th className="px-4 py-2 font-medium">Salutation</th>
                  <th className="px-4 py-2 font-medium">Members</th>
                  <th className="px-4 py-2 font-medium">Contact type</th>
                </tr>
              </thead>
              <tbody>
                {households.data.items.map((item) => (
                  <tr key={item.id} className="border-b border-tremor-border last:border-0">
                    <td className="px-4 py-2 font-medium">
                      <Link className="hover:underline" to={`/crm/households/${item.id}`}>
                        {item.name}
                      </Link>
                    </td>
                    <td className="px-4 py-2">{item.salutation ?? '—'}</td>
                    <td className="px-4 py-2 tabular-nums">{item.memberCount}</td>
                    <td className="px-4 py-2">{item.contactType ? enumLabel('ContactType', item.contactType) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} limit={PAGE_SIZE} total={households.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
