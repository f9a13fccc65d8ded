import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { Badge, Button } from '@tremor/react';
import { Link } from 'react-router';
import {
  formatShortDate,
  addHouseholdMemberSchema,
  enumerationOptions,
  enumLabel,
  type ContactListItem,
  type FamilyMemberRole,
  type GlobalSearchResult,
  type HouseholdResponse,
  type PersonResponse,
} from '@meridian/domain';
import { deletePerson, getHousehold, globalSearch, householdMemberCalls, listContacts } from '../../api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormMessages, InputField, SelectInput } from '../../components/fields';
import { useCan } from '../platform/auth/use-can';
import { Empty, RecordCard, RecordRow, SmallButton } from './record-list';
import { useForm } from './use-form';

type MemberKind = 'NEW_PERSON' | 'PERSON' | 'CONTACT';
type FoundPerson = GlobalSearchResult['persons'][number];

const KIND_OPTIONS = [
  { value: 'NEW_PERSON', label: 'A new person' },
  { value: 'PERSON', label: 'An existing person' },
  { value: 'CONTACT', label: 'An existing contact' },
];

/** The person's role in the household's family (its oldest family holds the placement). */
function roleOf(household: HouseholdResponse, personId: string): FamilyMemberRole | undefined {
  for (const family of household.families) {
    const relation = family.relationships.find((member) => member.personId === personId);
    if (relation) return relation.role;
  }
  return undefined;
}

/**
 * Picks one record from a search as the user types (two letters or more): the matches with what
 * tells two of a name apart, then the picked one with Change. `kind` names its test ids.
 */
function SearchPicker<T extends { id: string }>({
  kind,
  label,
  placeholder,
  search: searchFor,
  name,
  detail,
  pickedDetail = detail,
  none,
  hint,
  picked,
  onPick,
  error,
}: {
  kind: 'contact' | 'person';
  label: string;
  placeholder: string;
  search: (text: string, signal: AbortSignal) => Promise<T[]>;
  name: (item: T) => string;
  detail: (item: T) => string;
  /** What the picked one shows beside its name; `detail` unless told. */
  pickedDetail?: (item: T) => string;
  none: string;
  hint?: string;
  picked: T | undefined;
  onPick: (item: T | undefined) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<T[]>();
  useEffect(() => {
    if (search.trim().length < 2) {
      setFound(undefined);
      return;
    }
    const controller = new AbortController();
    searchFor(search.trim(), controller.signal)
      .then(setFound)
      .catch(() => setFound([]));
    return () => controller.abort();
  }, [search, searchFor]);

  if (picked) {
    return (
      <div className="sm:col-span-2 flex items-center gap-2 text-tremor-default" data-testid={`member-${kind}-picked`}>
        <span className="font-medium text-tremor-content-strong">{name(picked)}</span>
        {pickedDetail(picked) && <span className="text-tremor-content">{pickedDetail(picked)}</span>}
        <SmallButton onClick={() => onPick(undefined)}>Change</SmallButton>
      </div>
    );
  }
  return (
    <div className="sm:col-span-2">
      <InputField
        id={`${id}-search`}
        label={label}
        value={search}
        onChange={setSearch}
        placeholder={placeholder}
        error={error}
        testId={`member-${kind}-search`}
      />
      {found && found.length > 0 && (
        <ul className="mt-1 divide-y divide-tremor-border rounded-tremor-default border border-tremor-border">
          {found.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="w-full px-3 py-2 text-left text-tremor-default hover:bg-tremor-background-muted"
                onClick={() => onPick(item)}
                data-testid={`member-${kind}-option`}
              >
                {name(item)}
                <span className="ml-2 text-tremor-content">{detail(item)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {found && found.length === 0 && (
        <p className="mt-1 text-tremor-label text-tremor-content" data-testid={`member-${kind}-none`}>
          {none}
        </p>
      )}
      {!found && hint && <p className="mt-1 text-tremor-label text-tremor-content">{hint}</p>}
    </div>
  );
}

const searchContacts = (text: string, signal: AbortSignal) =>
  listContacts({ search: text, limit: 5 }, signal).then((page) => page.items);

/** Contacts matching what is typed, for picking an existing contact (the first few). */
function ContactPicker(props: {
  picked: ContactListItem | undefined;
  onPick: (contact: ContactListItem | undefined) => void;
  error?: string | undefined;
}) {
  return (
    <SearchPicker
      kind="contact"
      label="Find a contact"
      placeholder="Name, e-mail or phone"
      search={searchContacts}
      name={(contact) => contact.name.display}
      detail={(contact) => [enumLabel('ContactType', contact.type), contact.email].filter(Boolean).join(' · ')}
      pickedDetail={(contact) => contact.email ?? ''}
      none="No contact matches; add a new person instead."
      {...props}
    />
  );
}

const describePerson = (person: FoundPerson) =>
  [
    person.dateOfBirth ? `born ${formatShortDate(person.dateOfBirth, true)}` : undefined,
    person.household ? `now in ${person.household.name}` : 'in no household',
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * Persons matching what is typed (the global search's persons), with their birth date and current
 * household so two of a name can be told apart; this household's own members are left out.
 */
function PersonPicker({
  household,
  ...props
}: {
  household: HouseholdResponse;
  picked: FoundPerson | undefined;
  onPick: (person: FoundPerson | undefined) => void;
  error?: string | undefined;
}) {
  const search = useCallback(
    async (text: string, signal: AbortSignal) => {
      const members = new Set(household.members.map((member) => member.id));
      const result = await globalSearch(text, 8, signal);
      return result.persons.filter((person) => !members.has(person.id));
    },
    [household.members],
  );
  return (
    <SearchPicker
      kind="person"
      label="Find a person"
      placeholder="First or last name"
      search={search}
      name={(person) => person.name}
      detail={describePerson}
      none="No other person matches; add a new person instead."
      hint="Type two letters of a name. A person in another household moves to this one."
      {...props}
    />
  );
}

/** Add a member: a new person, an existing person or an existing contact's person; each with a family role. */
function AddMemberForm({
  household,
  onChange,
}: {
  household: HouseholdResponse;
  onChange: (household: HouseholdResponse) => void;
}) {
  const form = useForm({ kind: 'NEW_PERSON' as MemberKind, first: '', last: '', dateOfBirth: '', role: 'MEMBER' }, [
    'kind',
    'name.first',
    'name.last',
    'dateOfBirth',
    'personId',
    'contactId',
    'role',
  ]);
  const [contact, setContact] = useState<ContactListItem>();
  const [person, setPerson] = useState<FoundPerson>();
  /** Counts the members added: a new count starts the pickers afresh, their search cleared. */
  const [added, setAdded] = useState(0);

  async function add(event: FormEvent) {
    event.preventDefault();
    const { kind, first, last, dateOfBirth, role } = form.values;
    const body =
      kind === 'NEW_PERSON'
        ? { kind, name: { first, last }, dateOfBirth: dateOfBirth || null, role }
        : kind === 'PERSON'
          ? { kind, personId: person?.id ?? '', role }
          : { kind, contactId: contact?.id ?? '', role };
    const result = await form.submit(body, addHouseholdMemberSchema, (payload) =>
      householdMemberCalls.add(household.id, payload),
    );
    if (result) {
      form.reset();
      // The next member is most often of the same kind (the rest of a family).
      form.set('kind', kind);
      setContact(undefined);
      setPerson(undefined);
      setAdded((count) => count + 1);
      onChange(result);
    }
  }

  return (
    <form
      onSubmit={add}
      noValidate
      aria-label="Add a member"
      className="grid grid-cols-1 gap-3 border-t border-tremor-border pt-3 sm:grid-cols-2"
      data-testid="add-member-form"
    >
      <SelectInput
        label="Add"
        options={KIND_OPTIONS}
        {...form.field('kind')}
        onChange={(value) => form.set('kind', value as MemberKind)}
        testId="member-kind"
      />
      <SelectInput
        label="Family role"
        options={enumerationOptions('FamilyMemberRole')}
        {...form.field('role')}
        testId="member-role"
      />
      {form.values.kind === 'NEW_PERSON' ? (
        <>
          <InputField
            label="First name"
            required
            {...form.field('first')}
            error={form.errors.fields['name.first']}
            testId="member-first"
          />
          <InputField
            label="Last name"
            required
            {...form.field('last')}
            error={form.errors.fields['name.last']}
            testId="member-last"
          />
          <InputField label="Date of birth" type="date" {...form.field('dateOfBirth')} testId="member-dob" />
        </>
      ) : form.values.kind === 'PERSON' ? (
        <PersonPicker
          key={added}
          household={household}
          picked={person}
          onPick={setPerson}
          error={form.errors.fields.personId}
        />
      ) : (
        <ContactPicker key={added} picked={contact} onPick={setContact} error={form.errors.fields.contactId} />
      )}
      <div className="sm:col-span-2">
        <FormMessages messages={form.errors.form} testId="add-member-error" />
      </div>
      <div className="flex items-end sm:col-span-2">
        <Button type="submit" variant="secondary" loading={form.pending} data-testid="add-member">
          Add member
        </Button>
      </div>
    </form>
  );
}

/**
 * The household's members with their family role: add a new person or an existing contact, and
 * remove one (they leave the household and its families; the person and their contacts stay).
 * Adding takes CRM_WRITE; removing a member and deleting a person CRM_DELETE.
 */
export function HouseholdMembersCard({
  household,
  onChange,
}: {
  household: HouseholdResponse;
  onChange: (household: HouseholdResponse) => void;
}) {
  const [removing, setRemoving] = useState<PersonResponse>();
  const [deleting, setDeleting] = useState<PersonResponse>();
  const can = useCan();
  const contactOf = (personId: string) => household.contacts.find((contact) => contact.person?.id === personId);

  return (
    <RecordCard title="Members" testId="household-members">
      {household.members.length === 0 && (
        <Empty>
          {can('CRM_WRITE')
            ? 'No member yet: add the people this household is made of below, the head first.'
            : 'No member yet.'}
        </Empty>
      )}
      <ul className="divide-y divide-tremor-border">
        {household.members.map((person) => {
          const role = roleOf(household, person.id);
          const contact = contactOf(person.id);
          return (
            <RecordRow
              key={person.id}
              testId="household-member"
              actions={
                can('CRM_DELETE') && (
                  <>
                    <SmallButton onClick={() => setRemoving(person)} testId="remove-member">
                      Remove
                    </SmallButton>
                    <SmallButton onClick={() => setDeleting(person)} testId="delete-person">
                      Delete person
                    </SmallButton>
                  </>
                )
              }
            >
              {contact ? (
                <Link to={`/crm/contacts/${contact.id}`} data-testid="member-name">
                  {person.name.display}
                </Link>
              ) : (
                <span data-testid="member-name">{person.name.display}</span>
              )}
              {role && (
                <Badge size="xs" color={role === 'HEAD' ? 'blue' : 'gray'} data-testid="member-role-badge">
                  {enumLabel('FamilyMemberRole', role)}
                </Badge>
              )}
              {person.dateOfBirth && (
                <span className="text-tremor-content">born {formatShortDate(person.dateOfBirth, true)}</span>
              )}
            </RecordRow>
          );
        })}
      </ul>
      {can('CRM_WRITE') && <AddMemberForm household={household} onChange={onChange} />}
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.name.display} from ${household.name}?`}
          testId="remove-member-dialog"
          confirmLabel="Remove member"
          action={async () => onChange(await householdMemberCalls.remove(household.id, removing.id))}
          onDone={() => setRemoving(undefined)}
          onClose={() => setRemoving(undefined)}
        >
          They leave the household and its families, and their contacts leave the household too. The person and their
          contacts stay in the CRM, with their history; add them back at any time.
        </ConfirmDialog>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name.display}?`}
          testId="delete-person-dialog"
          confirmLabel="Delete person"
          action={async () => {
            await deletePerson(deleting.id);
            onChange(await getHousehold(household.id));
          }}
          onDone={() => setDeleting(undefined)}
          onClose={() => setDeleting(undefined)}
        >
          {deleting.name.display} disappears from this household and from the CRM&apos;s lists and search. A person who
          owns or shares financial records cannot be deleted: change those records&apos; owners first. An administrator
          can restore them from Deleted records.
        </ConfirmDialog>
      )}
    </RecordCard>
  );
}
