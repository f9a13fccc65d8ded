import { type FormEvent, type ReactNode, useCallback, useState } from 'react';
import { Badge, Button, Callout, Card, Tab, TabGroup, TabList, TabPanel, TabPanels, Text, Title } from '@tremor/react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  formatShortDate,
  enumLabel,
  formatMoney,
  type FinancialView,
  type HouseholdResponse,
  setAvatarSchema,
  setContactNameSchema,
  setEmploymentStatusForm,
  setEmploymentStatusSchema,
  setGenderForm,
  setGenderSchema,
  updateContactNameForm,
  type ContactResponse,
} from '@meridian/domain';
import { contactCalls, getContact, getFinancialView, getHousehold } from '../../api';
import { InputField } from '../../components/fields';
import { LoadingState } from '../../components/full-page-status';
import { useResource } from '../../hooks/use-resource';
import { usePageTitle } from '../../hooks/use-page-title';
import { useCan } from '../platform/auth/use-can';
import {
  AddressesSection,
  EmailsSection,
  EmploymentsSection,
  PhoneNumbersSection,
  SocialLinksSection,
  TagsSection,
} from './contact-records';
import { ContactActivity } from './contact-activity';
import { DocumentsTab } from '../practice/documents';
import { NotesTab } from '../practice/notes';
import { EmailThreadsSection } from '../practice/comms';
import { ContactTasks } from '../practice/tasks/owner-tasks';
import { PortalAccessCard } from './contact-portal-access';
import { ContactsTable } from './contacts-table';
import { ContactActions } from './contact-actions';
import { CustomFieldsCard } from './custom-field-values';
import { DefinitionForm } from './definition-form';
import { MergeAction } from './merge';
import { BeginSaleButton } from '../sales/pipeline/begin-sale-button';
import { useForm } from './use-form';

function AvatarForm({ contact, onChange }: { contact: ContactResponse; onChange: (contact: ContactResponse) => void }) {
  const form = useForm({ avatarUrl: contact.avatarUrl ?? '' }, ['avatarUrl']);
  async function save(event: FormEvent) {
    event.preventDefault();
    const result = await form.submit(form.values, setAvatarSchema, (body) => contactCalls.setAvatar(contact.id, body));
    if (result) onChange(result);
  }
  return (
    <form onSubmit={save} noValidate className="flex items-end gap-2" aria-label="Set avatar">
      <InputField label="Avatar URL" type="url" {...form.field('avatarUrl')} testId="avatar-url" className="flex-1" />
      <Button type="submit" variant="secondary" loading={form.pending}>
        Save
      </Button>
    </form>
  );
}

/** The profile's tabs, in order; `?tab=` names the open one (Details when absent). */
const TABS = [
  { key: 'details', label: 'Details' },
  { key: 'household', label: 'Household' },
  { key: 'financials', label: 'Financials' },
  { key: 'activity', label: 'Activity' },
  { key: 'notes', label: 'Notes' },
  { key: 'documents', label: 'Documents' },
  { key: 'tasks', label: 'Tasks' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** The amount the figures are shown in: the financial view's default currency. */
const PROFILE_CURRENCY = 'CAD';

/**
 * The buttons of the profile's header (Delete, Convert, Merge...). Each is one entry: add yours here
 * with what it needs from the contact; `reload` reads the contact again after a change. Each shows
 * itself only to the roles whose permission it takes (useCan inside it).
 */
function headerActions(
  contact: ContactResponse,
  onChange: (contact: ContactResponse | undefined) => void,
  reload: () => void,
): ReactNode[] {
  return [
    <ContactActions key="lifecycle" contact={contact} onChange={onChange} />,
    <MergeAction
      key="merge"
      kind="contact"
      recordId={contact.id}
      recordName={contact.name.display}
      onChanged={() => {
        onChange(undefined);
        reload();
      }}
    />,
    <BeginSaleButton key="sale" subject={contact.leadId ? { leadId: contact.leadId } : { contactId: contact.id }} />,
  ];
}

/** The household's AUM: its investment accounts' market values, converted (the financial view's Investment group). */
function householdAum(view: FinancialView) {
  return view.accountGroups.find((group) => group.group === 'INVESTMENT')?.total ?? null;
}

function Figure({ label, value, hint, testId }: { label: string; value: string; hint: string; testId: string }) {
  return (
    <div className="min-w-[9rem]" data-testid={testId}>
      <p className="text-tremor-label text-tremor-content" title={hint}>
        {label}
      </p>
      <p className="text-lg font-semibold tabular-nums text-tremor-content-strong" data-testid={`${testId}-value`}>
        {value}
      </p>
    </div>
  );
}

function ProfileHeader({
  contact,
  household,
  view,
  viewError,
  actions,
}: {
  contact: ContactResponse;
  household: HouseholdResponse | undefined;
  view: FinancialView | undefined;
  viewError: string | undefined;
  actions: ReactNode[];
}) {
  const aum = view ? householdAum(view) : null;
  const figure = (money: { value: string } | null | undefined) =>
    money ? formatMoney(money.value) : viewError ? 'Not available' : '…';
  return (
    <header className="space-y-4" data-testid="contact-header">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-4">
          {contact.avatarUrl ? (
            <img src={contact.avatarUrl} alt="" className="h-14 w-14 rounded-full object-cover" />
          ) : (
            <span
              className="flex h-14 w-14 items-center justify-center rounded-full bg-tremor-brand-faint text-lg font-semibold text-tremor-brand-emphasis"
              aria-hidden="true"
            >
              {contact.name.first.charAt(0)}
              {contact.name.last.charAt(0)}
            </span>
          )}
          <div>
            <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong" data-testid="contact-name">
              {contact.name.display}
            </h1>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-tremor-default text-tremor-content">
              <Badge size="xs" data-testid="contact-type">
                {enumLabel('ContactType', contact.type)}
              </Badge>
              {contact.householdId ? (
                <Link
                  to={`/crm/households/${contact.householdId}`}
                  className="font-medium text-tremor-brand hover:underline"
                  data-testid="contact-household"
                >
                  {household?.name ?? 'Household'}
                </Link>
              ) : (
                <span data-testid="contact-household">No household</span>
              )}
              <span data-testid="contact-advisor">
                Advisor: {household?.primaryAdvisor?.displayName ?? (household ? 'none assigned' : '—')}
              </span>
              {contact.email && <span>{contact.email}</span>}
              {contact.phoneNumber && (
                <span>
                  +{contact.phoneNumber.number.countryCode} {contact.phoneNumber.number.number}
                </span>
              )}
              {contact.source && <span>Source: {enumLabel('LeadSource', contact.source)}</span>}
            </p>
            {contact.tags.length > 0 && (
              <ul className="mt-2 flex flex-wrap gap-1" aria-label="Tags" data-testid="contact-tags">
                {contact.tags.map((tag) => (
                  <li key={tag.id}>
                    <Badge size="xs" color="slate">
                      {tag.name}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2" data-testid="contact-actions">
          {actions}
        </div>
      </div>
      {contact.householdId && (
        <div className="flex flex-wrap gap-6 rounded-tremor-default border border-tremor-border px-4 py-3">
          <Figure
            label="Household net worth"
            value={figure(view?.netWorth)}
            hint="Everything the household owns minus what it owes, in CAD"
            testId="contact-net-worth"
          />
          <Figure
            label="Household AUM"
            value={figure(aum)}
            hint="Market value of the household's investment accounts, in CAD"
            testId="contact-aum"
          />
          {viewError && <Text className="self-center text-tremor-label">{viewError}</Text>}
        </div>
      )}
    </header>
  );
}

/** The contact's details: the spec's edit forms, or (a role that may not edit the CRM) their values read-only. */
function DetailsTab({ contact, onChange }: { contact: ContactResponse; onChange: (contact: ContactResponse) => void }) {
  const key = `${contact.id}-${contact.updatedAt}`;
  const readOnly = !useCan()('CRM_WRITE');
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card className="space-y-6" data-testid="contact-details">
          <Title>Name and profile</Title>
          <DefinitionForm
            key={`name-${key}`}
            definition={updateContactNameForm}
            readOnly={readOnly}
            schema={setContactNameSchema}
            send={(body) => contactCalls.setName(contact.id, body)}
            onDone={onChange}
            start={{
              'name.first': contact.name.first,
              'name.last': contact.name.last,
              'name.middle': contact.name.middle ?? '',
              'name.preferred': contact.name.preferred ?? '',
              'name.short': contact.name.short ?? '',
            }}
          />
          <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
            <DefinitionForm
              key={`gender-${key}`}
              definition={setGenderForm}
              readOnly={readOnly}
              schema={setGenderSchema}
              send={(body) => contactCalls.setGender(contact.id, body)}
              onDone={onChange}
              start={{ gender: contact.gender ?? '' }}
            />
            <DefinitionForm
              key={`status-${key}`}
              definition={setEmploymentStatusForm}
              readOnly={readOnly}
              schema={setEmploymentStatusSchema}
              send={(body) => contactCalls.setEmploymentStatus(contact.id, body)}
              onDone={onChange}
              start={{ employmentStatus: contact.employmentStatus ?? '' }}
            />
          </div>
          {!readOnly && <AvatarForm key={`avatar-${key}`} contact={contact} onChange={onChange} />}
        </Card>
        <div className="space-y-6">
          <TagsSection contact={contact} onChange={onChange} />
          <EmailsSection contact={contact} onChange={onChange} />
          <PhoneNumbersSection contact={contact} onChange={onChange} />
          <PortalAccessCard contact={contact} />
        </div>
      </div>
      <AddressesSection contact={contact} onChange={onChange} />
      <EmploymentsSection contact={contact} onChange={onChange} />
      <EmailThreadsSection
        contactId={contact.id}
        teamId={contact.teamId}
        emails={contact.emails.map((row) => row.email)}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <SocialLinksSection contact={contact} onChange={onChange} />
        <CustomFieldsCard
          fields={contact.customFields}
          save={(body) => contactCalls.setCustomField(contact.id, body)}
          onSaved={(customFields) => onChange({ ...contact, customFields })}
          readOnly={readOnly}
        />
      </div>
    </div>
  );
}

function NoHousehold() {
  return (
    <Text data-testid="contact-no-household">
      This contact is in no household yet. Add them to one from its page under{' '}
      <Link to="/crm/households" className="text-tremor-brand hover:underline">
        Households
      </Link>{' '}
      to follow their family and financials here.
    </Text>
  );
}

function HouseholdTab({ household }: { household: HouseholdResponse }) {
  const canWrite = useCan()('CRM_WRITE');
  return (
    <div className="space-y-6" data-testid="contact-household-tab">
      <div className="flex flex-wrap gap-4 text-tremor-default">
        <Link
          to={`/crm/households/${household.id}`}
          className="font-medium text-tremor-brand hover:underline"
          data-testid="household-page-link"
        >
          {household.name}
        </Link>
        <Link
          to={`/financial-records/${household.id}`}
          className="font-medium text-tremor-brand hover:underline"
          data-testid="household-financials-link"
        >
          {household.name}: financials
        </Link>
      </div>
      <Card>
        <Title>Members</Title>
        {household.members.length === 0 ? (
          <Text className="mt-2">
            {canWrite ? 'No member yet: add the household’s people on its page.' : 'No member yet.'}
          </Text>
        ) : (
          <ul className="mt-2 divide-y divide-tremor-border" data-testid="contact-household-members">
            {household.members.map((person) => (
              <li key={person.id} className="flex flex-wrap gap-3 py-2 text-tremor-default">
                <span className="text-tremor-content-strong">{person.name.display}</span>
                {person.dateOfBirth && (
                  <span className="text-tremor-content">born {formatShortDate(person.dateOfBirth, true)}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <section className="space-y-2">
        <Title>Contacts of the household</Title>
        <ContactsTable
          items={household.contacts}
          columns={['type', 'email', 'phone']}
          testId="contact-household-contacts"
        />
      </section>
    </div>
  );
}

function FinancialsTab({
  householdId,
  householdName,
  view,
  error,
}: {
  householdId: string;
  householdName: string;
  view: FinancialView | undefined;
  error: string | undefined;
}) {
  if (error) {
    return (
      <Callout title="The household's financials could not be loaded" color="rose">
        {error}
      </Callout>
    );
  }
  if (!view) return <LoadingState label="Loading financials…" />;
  const groups = view.accountGroups.filter((group) => group.recordIds.length > 0);
  return (
    <div className="space-y-6" data-testid="contact-financials-tab">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {[
          { label: 'Total assets', money: view.totalAssets, testId: 'financials-assets' },
          { label: 'Total debt', money: view.totalDebt, testId: 'financials-debt' },
          { label: 'Net worth', money: view.netWorth, testId: 'financials-net-worth' },
        ].map((item) => (
          <Card key={item.testId} data-testid={item.testId}>
            <Text>{item.label}</Text>
            <p className="mt-1 text-2xl font-semibold tabular-nums text-tremor-content-strong">
              {formatMoney(item.money.value)}
            </p>
          </Card>
        ))}
      </div>
      <Card>
        <Title>Records by group</Title>
        {groups.length === 0 ? (
          <Text className="mt-2">No financial record yet: add accounts, assets and debts on the financial page.</Text>
        ) : (
          <ul className="mt-2 divide-y divide-tremor-border" data-testid="financials-groups">
            {groups.map((group) => (
              <li key={group.group} className="flex justify-between gap-4 py-2 text-tremor-default">
                <span>
                  {group.label}{' '}
                  <span className="text-tremor-content">
                    ({group.recordIds.length} {group.recordIds.length === 1 ? 'record' : 'records'})
                  </span>
                </span>
                <span className={`tabular-nums ${group.side === 'LIABILITY' ? 'text-rose-700' : ''}`}>
                  {group.side === 'LIABILITY' ? 'owed ' : ''}
                  {formatMoney(group.total.value)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Link
        to={`/financial-records/${householdId}`}
        className="font-medium text-tremor-brand hover:underline"
        data-testid="financials-page-link"
      >
        Open {householdName}’s financial page →
      </Link>
    </div>
  );
}

/**
 * A contact's profile: a header with the facts looked for first (name, type, household, advisor,
 * tags, the household's net worth and AUM) and the actions, then tabs: Details (the spec's edit
 * forms, crm §2, §7), Household, Financials, Activity, Notes and Documents. The open tab is in the URL (`?tab=`).
 */
export default function ContactPage() {
  const { contactId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const load = useCallback((signal: AbortSignal) => getContact(contactId, signal), [contactId]);
  const resource = useResource(load);
  const [contact, setContact] = useState<ContactResponse>();
  const shown = contact?.id === contactId ? contact : resource.data;
  const householdId = shown?.householdId ?? null;

  const loadHousehold = useCallback(
    (signal: AbortSignal) => (householdId ? getHousehold(householdId, signal) : Promise.resolve(undefined)),
    [householdId],
  );
  const loadView = useCallback(
    (signal: AbortSignal) =>
      householdId ? getFinancialView(householdId, PROFILE_CURRENCY, signal) : Promise.resolve(undefined),
    [householdId],
  );
  const household = useResource(loadHousehold);
  const view = useResource(loadView);

  const tab: TabKey = TABS.find((item) => item.key === search.get('tab'))?.key ?? 'details';
  const selectTab = (index: number) => {
    const next = new URLSearchParams(search);
    const key = TABS[index]!.key;
    if (key === 'details') next.delete('tab');
    else next.set('tab', key);
    setSearch(next, { replace: true });
  };
  usePageTitle(shown?.name.display);

  if (resource.error && !shown) {
    return (
      <Callout color="red" title="This contact could not be loaded" data-testid="contact-error">
        {resource.error.message}
      </Callout>
    );
  }
  if (!shown) return <LoadingState />;
  const shownHousehold = household.data?.id === householdId ? household.data : undefined;
  const shownView = view.data?.householdId === householdId ? view.data : undefined;

  return (
    <div className="space-y-6" data-testid="contact-page">
      <ProfileHeader
        contact={shown}
        household={shownHousehold}
        view={shownView}
        viewError={view.error?.message}
        actions={headerActions(shown, setContact, resource.reload)}
      />
      <TabGroup index={TABS.findIndex((item) => item.key === tab)} onIndexChange={selectTab}>
        <TabList>
          {TABS.map((item) => (
            <Tab key={item.key} data-testid={`contact-tab-${item.key}`}>
              {item.label}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          <TabPanel className="pt-6">
            {tab === 'details' && <DetailsTab contact={shown} onChange={setContact} />}
          </TabPanel>
          <TabPanel className="pt-6">
            {tab === 'household' &&
              (!householdId ? (
                <NoHousehold />
              ) : shownHousehold ? (
                <HouseholdTab household={shownHousehold} />
              ) : household.error ? (
                <Callout title="The household could not be loaded" color="rose">
                  {household.error.message}
                </Callout>
              ) : (
                <LoadingState label="Loading the household…" />
              ))}
          </TabPanel>
          <TabPanel className="pt-6">
            {tab === 'financials' &&
              (!householdId ? (
                <NoHousehold />
              ) : (
                <FinancialsTab
                  householdId={householdId}
                  householdName={shownHousehold?.name ?? 'the household'}
                  view={shownView}
                  error={view.error?.message}
                />
              ))}
          </TabPanel>
          <TabPanel className="pt-6">{tab === 'activity' && <ContactActivity entityId={shown.id} />}</TabPanel>
          <TabPanel className="pt-6">
            {tab === 'notes' && <NotesTab ownerId={shown.id} teamId={shown.teamId} ownerName={shown.name.display} />}
          </TabPanel>
          <TabPanel className="pt-6">
            {tab === 'documents' && <DocumentsTab ownerId={shown.id} ownerName={shown.name.display} />}
          </TabPanel>
          <TabPanel className="pt-6">
            {tab === 'tasks' && (
              <ContactTasks contact={{ id: shown.id, name: shown.name.display, teamId: shown.teamId }} />
            )}
          </TabPanel>
        </TabPanels>
      </TabGroup>
    </div>
  );
}
