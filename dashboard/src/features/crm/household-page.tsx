import { type FormEvent, useCallback, useState } from 'react';
import { Badge, Callout, Card, Title } from '@tremor/react';
import { Link, useParams } from 'react-router';
import {
  formatShortDate,
  enumLabel,
  updateHouseholdSchema,
  type FamilyResponse,
  type HouseholdResponse,
} from '@meridian/domain';
import { familyCalls, getHousehold, setHouseholdCustomField, updateHousehold } from '../../api';
import { InputField } from '../../components/fields';
import { LoadingState } from '../../components/full-page-status';
import { useResource } from '../../hooks/use-resource';
import { usePageTitle } from '../../hooks/use-page-title';
import { AuditTrail } from '../platform/audit';
import { HouseholdPracticeTabs } from '../practice/activity';
import { useCan } from '../platform/auth/use-can';
import { AddressForm } from './contact-records';
import { ContactsTable } from './contacts-table';
import { CustomFieldsCard } from './custom-field-values';
import { BeginSaleButton } from '../sales/pipeline/begin-sale-button';
import { HouseholdBilling } from '../sales/billing/household-billing';
import { HouseholdActions } from './household-actions';
import { HouseholdNameFields } from './household-fields';
import { HouseholdMembersCard } from './household-members';
import { MergeAction } from './merge';
import { GridForm, SubmitCell } from './record-form';
import { Empty, PrimaryRowActions, RecordCard, RecordRow, RecordsCard, SmallButton } from './record-list';
import { HouseholdTimeline } from './timeline';
import { useForm, useRecordAction } from './use-form';

function DetailsForm({
  household,
  onChange,
}: {
  household: HouseholdResponse;
  onChange: (household: HouseholdResponse) => void;
}) {
  const form = useForm(
    {
      name: household.name,
      salutation: household.salutation ?? '',
      lastKycUpdatedAt: household.lastKycUpdatedAt?.slice(0, 10) ?? '',
    },
    ['name', 'salutation', 'lastKycUpdatedAt'],
  );
  async function save(event: FormEvent) {
    event.preventDefault();
    const body = {
      ...form.values,
      lastKycUpdatedAt: form.values.lastKycUpdatedAt || null,
      salutation: form.values.salutation || null,
    };
    const result = await form.submit(body, updateHouseholdSchema, (payload) => updateHousehold(household.id, payload));
    if (result) onChange(result);
  }
  return (
    <GridForm
      label="Household details"
      columns="grid-cols-1 sm:grid-cols-4"
      form={form}
      onSubmit={save}
      errorTestId="household-details-error"
      footer={<SubmitCell label="Save" variant="secondary" pending={form.pending} />}
    >
      <HouseholdNameFields form={form} nameLabel="Name" testId="household" />
      <InputField label="Last KYC update" type="date" {...form.field('lastKycUpdatedAt')} testId="household-kyc" />
    </GridForm>
  );
}

/** The household's name, salutation and last KYC update, for a role that may not change them. */
function DetailsReadOnly({ household }: { household: HouseholdResponse }) {
  const items = [
    { label: 'Name', value: household.name },
    { label: 'Salutation', value: household.salutation ?? '—' },
    { label: 'Last KYC update', value: household.lastKycUpdatedAt?.slice(0, 10) ?? '—' },
  ];
  return (
    <dl
      className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-3"
      aria-label="Household details"
      data-testid="household-details"
    >
      {items.map((item) => (
        <div key={item.label}>
          <dt className="text-tremor-label text-tremor-content">{item.label}</dt>
          <dd className="text-tremor-default text-tremor-content-strong">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A family as a tree: the family, its head, and the members under the head; then its addresses.
 * Changing either takes CRM_WRITE.
 */
function FamilyCard({ family, onChange }: { family: FamilyResponse; onChange: (family: FamilyResponse) => void }) {
  const action = useRecordAction(onChange);
  const canWrite = useCan()('CRM_WRITE');
  const head = family.relationships.find((relation) => relation.role === 'HEAD');
  const members = family.relationships.filter((relation) => relation !== head);
  const memberRow = (relation: FamilyResponse['relationships'][number]) => (
    <RecordRow
      key={relation.personId}
      testId="family-member"
      actions={
        canWrite && (
          <>
            <SmallButton
              onClick={() => action.run(() => familyCalls.removeMember(family.id, relation.personId, false))}
            >
              Remove
            </SmallButton>
            <SmallButton onClick={() => action.run(() => familyCalls.removeMember(family.id, relation.personId, true))}>
              Remove from all families
            </SmallButton>
          </>
        )
      }
    >
      <span>{relation.name}</span>
      <Badge size="xs" color={relation.role === 'HEAD' ? 'blue' : 'gray'}>
        {enumLabel('FamilyMemberRole', relation.role)}
      </Badge>
      {relation.dateOfBirth && (
        <span className="text-tremor-content">born {formatShortDate(relation.dateOfBirth, true)}</span>
      )}
    </RecordRow>
  );
  return (
    <RecordCard title={family.name} testId="family" error={action.error}>
      <div role="tree" aria-label={`${family.name} tree`} data-testid="family-tree">
        {head ? (
          <div role="treeitem" aria-expanded="true" aria-selected="false">
            <ul>{memberRow(head)}</ul>
            <ul className="ml-6 border-l border-tremor-border pl-4" role="group">
              {members.map(memberRow)}
            </ul>
          </div>
        ) : (
          <ul>{members.map(memberRow)}</ul>
        )}
        {family.relationships.length === 0 && <Empty>No member.</Empty>}
      </div>
      <h3 className="pt-2 text-tremor-default font-semibold text-tremor-content-strong">Addresses</h3>
      <ul className="divide-y divide-tremor-border">
        {family.addresses.map((address) => (
          <RecordRow
            key={address.Id}
            primary={address.primary}
            testId="family-address"
            actions={
              canWrite && (
                <PrimaryRowActions
                  primary={address.primary}
                  setPrimary={() => action.run(() => familyCalls.setPrimaryAddress(family.id, address.Id))}
                  remove={() => action.run(() => familyCalls.removeAddress(family.id, address.Id))}
                />
              )
            }
          >
            {[address.Line1, address.Line2, address.City, address.Province, address.PostalCode, address.CountryName]
              .filter(Boolean)
              .join(', ')}
          </RecordRow>
        ))}
      </ul>
      {family.addresses.length === 0 && !canWrite && <Empty>No address.</Empty>}
      {canWrite && (
        <AddressForm
          testId={`family-${family.id}-address`}
          send={(body) => familyCalls.addAddress(family.id, body)}
          onDone={(result) => onChange(result as FamilyResponse)}
        />
      )}
    </RecordCard>
  );
}

/**
 * A household with its members, entities, timeline of life events, relationships (the family tree),
 * contacts and custom fields.
 */
export default function HouseholdPage() {
  const { householdId = '' } = useParams();
  const load = useCallback((signal: AbortSignal) => getHousehold(householdId, signal), [householdId]);
  const resource = useResource(load);
  const [household, setHousehold] = useState<HouseholdResponse>();
  const can = useCan();
  const canWrite = can('CRM_WRITE');
  const shown = household?.id === householdId ? household : resource.data;
  usePageTitle(shown?.name);

  if (resource.error && !shown) {
    return (
      <Callout color="red" title="This household could not be loaded">
        {resource.error.message}
      </Callout>
    );
  }
  if (!shown) return <LoadingState />;

  const replaceFamily = (family: FamilyResponse) =>
    setHousehold({ ...shown, families: shown.families.map((item) => (item.id === family.id ? family : item)) });
  const entities = [
    ...shown.corporations.map((item) => ({ id: item.id, name: item.name, kind: 'Corporation' })),
    ...shown.trusts.map((item) => ({ id: item.id, name: item.name, kind: 'Trust' })),
    ...shown.foundations.map((item) => ({ id: item.id, name: item.name, kind: 'Foundation' })),
  ];

  return (
    <div className="space-y-6" data-testid="household-page">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1
            className="text-2xl font-semibold tracking-tight text-tremor-content-strong"
            data-testid="household-title"
          >
            {shown.name}
          </h1>
          <p className="mt-1 text-tremor-default text-tremor-content">
            {shown.salutation ?? 'No salutation'}
            {shown.primaryAdvisor && ` · Primary advisor: ${shown.primaryAdvisor.displayName}`}
          </p>
          <p className="mt-1 text-tremor-default">
            <Link
              to={`/financial-records/${shown.id}`}
              className="font-medium text-tremor-brand hover:underline"
              data-testid="household-financials-link"
            >
              {shown.name}: financials
            </Link>
            <Link
              to={`/households/${shown.id}/plans`}
              className="ml-4 font-medium text-tremor-brand hover:underline"
              data-testid="household-plans-link"
            >
              {shown.name}: plans
            </Link>
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <MergeAction
            kind="household"
            recordId={shown.id}
            recordName={shown.name}
            onChanged={() => {
              setHousehold(undefined);
              resource.reload();
            }}
          />
          <BeginSaleButton subject={{ householdId: shown.id }} />
          <HouseholdActions household={shown} />
        </div>
      </div>
      <Card>
        {canWrite ? (
          <DetailsForm key={shown.updatedAt} household={shown} onChange={setHousehold} />
        ) : (
          <DetailsReadOnly household={shown} />
        )}
      </Card>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <HouseholdMembersCard household={shown} onChange={setHousehold} />
        <RecordsCard
          title="Corporations, trusts and foundations"
          testId="household-entities"
          items={entities}
          empty="None."
          row={(entity) => (
            <RecordRow key={entity.id} testId="household-entity">
              <Badge size="xs" color="slate">
                {entity.kind}
              </Badge>
              <span>{entity.name}</span>
            </RecordRow>
          )}
        />
      </div>
      <HouseholdPracticeTabs
        key={`practice-${shown.id}`}
        householdId={shown.id}
        teamId={shown.teamId}
        name={shown.name}
      />
      {can('SALES_READ') && <HouseholdBilling key={`billing-${shown.id}`} householdId={shown.id} />}
      <HouseholdTimeline key={shown.id} householdId={shown.id} members={shown.members} />
      <section className="space-y-3" aria-labelledby="families-title">
        <Title id="families-title">Families and relationships</Title>
        {shown.families.length === 0 && <Empty>No family yet.</Empty>}
        <div className="grid grid-cols-1 gap-6">
          {shown.families.map((family) => (
            <FamilyCard key={family.id} family={family} onChange={replaceFamily} />
          ))}
        </div>
      </section>
      <section className="space-y-3">
        <Title>Contacts</Title>
        <ContactsTable
          items={shown.contacts}
          columns={['type', 'email', 'phone', 'tags']}
          testId="household-contacts"
        />
        {shown.contacts.length === 0 && (
          <p className="text-tremor-default text-tremor-content">
            <Link to="/crm/contacts">Find contacts</Link>
          </p>
        )}
      </section>
      <CustomFieldsCard
        fields={shown.customFields}
        save={(body) => setHouseholdCustomField(shown.id, body)}
        onSaved={(customFields) => setHousehold({ ...shown, customFields })}
        readOnly={!canWrite}
      />
      <section className="space-y-3" aria-labelledby="household-history-title">
        <Title id="household-history-title">History</Title>
        <AuditTrail key={shown.updatedAt} entityId={shown.id} />
      </section>
    </div>
  );
}
