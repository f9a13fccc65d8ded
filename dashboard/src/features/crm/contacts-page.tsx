import { useCallback, useEffect, useId, useState } from 'react';
import { Button, Callout } from '@tremor/react';
import { Link } from 'react-router';
import { enumerationOptions } from '@meridian/domain';
import { listContacts, listTags } from '../../api';
import { CheckboxInput, InputField, SelectInput } from '../../components/fields';
import { LoadingState } from '../../components/full-page-status';
import { Pager } from '../../components/pager';
import { useResource } from '../../hooks/use-resource';
import { CONTACT_COLUMNS, ContactsTable, type ContactColumn } from './contacts-table';
import { useTeamOptions } from './teams';

const COLUMNS_KEY = 'meridian.crm.contactColumns';
const DEFAULT_COLUMNS: ContactColumn[] = ['type', 'email', 'phone', 'tags'];
const PAGE_SIZE = 25;

/** The column choice saved in this browser, or the default one. */
function savedColumns(): ContactColumn[] {
  try {
    const saved = JSON.parse(window.localStorage.getItem(COLUMNS_KEY) ?? 'null') as unknown;
    if (Array.isArray(saved)) {
      return CONTACT_COLUMNS.map((column) => column.key).filter((key) => saved.includes(key));
    }
  } catch {
    // Unreadable or unavailable storage: the default columns.
  }
  return DEFAULT_COLUMNS;
}

function saveColumns(columns: ContactColumn[]): void {
  try {
    window.localStorage.setItem(COLUMNS_KEY, JSON.stringify(columns));
  } catch {
    // Kept for this page only.
  }
}

/** A value that follows `value` once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export default function ContactsPage() {
  const id = useId();
  const teams = useTeamOptions();
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  const [tagId, setTagId] = useState('');
  const [teamId, setTeamId] = useState('');
  const [page, setPage] = useState(1);
  const [columns, setColumns] = useState<ContactColumn[]>(savedColumns);
  const query = useDebounced(search.trim(), 250);

  useEffect(() => setPage(1), [query, type, tagId, teamId]);

  const load = useCallback(
    (signal: AbortSignal) => listContacts({ search: query, type, tagId, teamId, page, limit: PAGE_SIZE }, signal),
    [query, type, tagId, teamId, page],
  );
  const contacts = useResource(load);
  const tags = useResource(listTags);

  function toggleColumn(column: ContactColumn, shown: boolean) {
    const next = CONTACT_COLUMNS.map((item) => item.key).filter((key) =>
      key === column ? shown : columns.includes(key),
    );
    setColumns(next);
    saveColumns(next);
  }

  return (
    <section className="space-y-4" data-testid="contacts-page">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong">Contacts</h1>
          <p className="mt-1 text-tremor-default text-tremor-content">Search by name, e-mail or phone number.</p>
        </div>
        <div className="flex gap-2">
          <Link to="/crm/contacts/new">
            <Button variant="secondary">New contact</Button>
          </Link>
          <Link to="/crm/leads/new">
            <Button data-testid="new-lead">New lead</Button>
          </Link>
        </div>
      </div>

      <div className="grid grid-cols-1 gap-3 sm:grid-cols-4">
        <InputField
          id={`${id}-search`}
          label="Search"
          value={search}
          onChange={setSearch}
          testId="contacts-search"
          placeholder="Name, e-mail or phone"
        />
        <SelectInput
          id={`${id}-type`}
          label="Type"
          value={type}
          onChange={setType}
          options={enumerationOptions('ContactType')}
          emptyLabel="All types"
          testId="contacts-type"
        />
        <SelectInput
          id={`${id}-tag`}
          label="Tag"
          value={tagId}
          onChange={setTagId}
          options={(tags.data ?? []).map((tag) => ({
            value: tag.id,
            label: `${tag.emoji ? `${tag.emoji} ` : ''}${tag.name} (${tag.type})`,
          }))}
          emptyLabel="All tags"
          testId="contacts-tag"
        />
        <SelectInput
          id={`${id}-team`}
          label="Team"
          value={teamId}
          onChange={setTeamId}
          options={teams}
          emptyLabel="All teams"
          testId="contacts-team"
        />
      </div>

      <fieldset className="flex flex-wrap items-center gap-4" data-testid="contacts-columns">
        <legend className="sr-only">Columns</legend>
        <span className="text-tremor-default font-medium text-tremor-content-strong">Columns</span>
        {CONTACT_COLUMNS.map((column) => (
          <CheckboxInput
            key={column.key}
            id={`${id}-column-${column.key}`}
            label={column.label}
            checked={columns.includes(column.key)}
            onChange={(shown) => toggleColumn(column.key, shown)}
            testId={`column-${column.key}`}
          />
        ))}
      </fieldset>

      {contacts.error && (
        <Callout color="red" title="Contacts could not be loaded">
          {contacts.error.message}
        </Callout>
      )}
      {!contacts.data && contacts.loading && <LoadingState />}
      {contacts.data && (
        <>
          <ContactsTable items={contacts.data.items} columns={columns} testId="contacts-table" />
          <Pager page={page} limit={PAGE_SIZE} total={contacts.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
