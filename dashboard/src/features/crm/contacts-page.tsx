import { useEffect, useId, useState } from 'react';
import { Badge, Button, Callout } from '@tremor/react';
import { Link } from 'react-router';
import { codeToWords, enumerationOptions } from '@meridian/domain';
import { listAdvisors, listContacts, listTags } from '../../api';
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
import { useDebounced } from '../../components/use-debounced';
import { useResource } from '../../hooks/use-resource';
import { useCan } from '../platform/auth/use-can';
import { CONTACT_COLUMNS, ContactsTable } from './contacts-table';
import { useTeamOptions } from './teams';

type ContactFilter = 'search' | 'type' | 'tagId' | 'teamId' | 'advisorId' | 'birthdayWithinDays';

/** The tag filter's choices, by name with the tag's type (emoji kept after the text: no emoji font fallback needed). */
export function useTagOptions() {
  const tags = useResource(listTags);
  return (tags.data ?? []).map((tag) => ({ value: tag.id, label: `${tag.name} (${codeToWords(tag.type)})` }));
}

export function useAdvisorOptions() {
  const advisors = useResource(listAdvisors);
  return (advisors.data ?? []).map((advisor) => ({ value: advisor.id, label: advisor.displayName }));
}

/** The search box: typed freely, written to the URL once the typing pauses. */
export function useSearchBox(current: string, onSettled: (value: string) => void) {
  const [text, setText] = useState(current);
  const settled = useDebounced(text.trim(), 250);
  useEffect(() => {
    if (settled !== current) onSettled(settled);
    // Only a settled change of the text writes the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return [text, setText] as const;
}

export default function ContactsPage() {
  const id = useId();
  const canWrite = useCan()('CRM_WRITE');
  const teams = useTeamOptions();
  const tags = useTagOptions();
  const advisors = useAdvisorOptions();
  const list = useListQuery<ContactFilter>({ sort: 'name', order: 'asc', limit: 25 });
  const { page, limit, sort, order, filter, update } = list;
  const columns = useColumnChoice('contacts', CONTACT_COLUMNS);
  const [search, setSearch] = useSearchBox(filter('search'), (value) => update({ search: value }));
  const birthdays = filter('birthdayWithinDays');

  const query = {
    search: filter('search'),
    type: filter('type'),
    tagId: filter('tagId'),
    teamId: filter('teamId'),
    advisorId: filter('advisorId'),
    birthdayWithinDays: birthdays,
    sort,
    order,
    page,
    limit,
  };
  const contacts = useListResource(listContacts, query);

  return (
    <section className="space-y-4" data-testid="contacts-page">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">Contacts</h1>
          <p className="mt-1 text-tremor-default text-tremor-content">
            Search by name, e-mail or phone number; click a column’s header to sort by it.
          </p>
        </div>
        {canWrite && (
          <div className="flex gap-2">
            <Link to="/crm/contacts/new">
              <Button variant="secondary" data-testid="new-contact">
                New contact
              </Button>
            </Link>
            <Link to="/crm/leads/new">
              <Button data-testid="new-lead">New lead</Button>
            </Link>
          </div>
        )}
      </div>

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-5" role="group" aria-label="Filter contacts">
        <InputField
          id={`${id}-search`}
          label="Search"
          value={search}
          onChange={setSearch}
          testId="contacts-search"
          placeholder="Name, e-mail or phone"
        />
        <FilterSelect
          list={list}
          name="type"
          label="Type"
          options={enumerationOptions('ContactType')}
          emptyLabel="All types"
          testId="contacts-type"
        />
        <FilterSelect list={list} name="tagId" label="Tag" options={tags} emptyLabel="All tags" testId="contacts-tag" />
        <FilterSelect
          list={list}
          name="teamId"
          label="Team"
          options={teams}
          emptyLabel="All teams"
          testId="contacts-team"
        />
        <FilterSelect
          list={list}
          name="advisorId"
          label="Advisor"
          options={advisors}
          emptyLabel="All advisors"
          testId="contacts-advisor"
        />
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap gap-2">
          {birthdays && (
            <Badge color="amber" data-testid="birthday-filter">
              Birthdays in the next {birthdays} days{' '}
              <button
                type="button"
                className="ml-1 underline"
                onClick={() => update({ birthdayWithinDays: undefined })}
              >
                Clear
              </button>
            </Badge>
          )}
        </div>
        <ColumnsMenu columns={CONTACT_COLUMNS} hidden={columns.hidden} onToggle={columns.toggle} />
      </div>

      {contacts.error && (
        <Callout color="red" title="Contacts could not be loaded">
          {contacts.error.message}
        </Callout>
      )}
      {!contacts.data && contacts.loading && <LoadingState />}
      {contacts.data && (
        <>
          <ContactsTable
            items={contacts.data.items}
            columns={columns.visible}
            testId="contacts-table"
            sort={{ sort, order }}
            onSort={(next) => update({ ...next })}
            empty={
              canWrite ? (
                <>
                  No contacts match these filters. Clear a filter, or{' '}
                  <Link className="text-tremor-brand underline" to="/crm/contacts/new">
                    add a contact
                  </Link>
                  .
                </>
              ) : (
                'No contacts match these filters. Clear a filter to see more.'
              )
            }
          />
          <ListPager
            page={page}
            limit={limit}
            total={contacts.data.total}
            onPage={(next) => update({ page: next })}
            onLimit={(next) => update({ limit: next })}
          />
        </>
      )}
    </section>
  );
}
