import { type FormEvent, useCallback, useState } from 'react';
import { Badge, Button, Callout, Card, Title } from '@tremor/react';
import { Link, useParams } from 'react-router';
import {
  setAvatarSchema,
  setContactNameSchema,
  setEmploymentStatusForm,
  setEmploymentStatusSchema,
  setGenderForm,
  setGenderSchema,
  updateContactNameForm,
  type ContactResponse,
} from '@meridian/domain';
import { contactCalls, getContact } from '../../api';
import { humanize, InputField } from '../../components/fields';
import { LoadingState } from '../../components/full-page-status';
import { useResource } from '../../hooks/use-resource';
import {
  AddressesSection,
  EmailsSection,
  EmploymentsSection,
  PhoneNumbersSection,
  SocialLinksSection,
  TagsSection,
} from './contact-records';
import { CustomFieldsCard } from './custom-field-values';
import { DefinitionForm } from './definition-form';
import { MergeAction } from './merge';
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

/** A contact with every sub-record editable through the spec's forms (crm §2, §7). */
export default function ContactPage() {
  const { contactId = '' } = useParams();
  const load = useCallback((signal: AbortSignal) => getContact(contactId, signal), [contactId]);
  const resource = useResource(load);
  const [contact, setContact] = useState<ContactResponse>();
  const shown = contact?.id === contactId ? contact : resource.data;

  if (resource.error && !shown) {
    return (
      <Callout color="red" title="This contact could not be loaded" data-testid="contact-error">
        {resource.error.message}
      </Callout>
    );
  }
  if (!shown) return <LoadingState />;
  const key = `${shown.id}-${shown.updatedAt}`;

  return (
    <div className="space-y-6" data-testid="contact-page">
      <div className="flex flex-wrap items-center gap-4">
        {shown.avatarUrl ? (
          <img src={shown.avatarUrl} alt="" className="h-14 w-14 rounded-full object-cover" />
        ) : (
          <span
            className="flex h-14 w-14 items-center justify-center rounded-full bg-tremor-brand-faint text-lg font-semibold text-tremor-brand-emphasis"
            aria-hidden="true"
          >
            {shown.name.first.charAt(0)}
            {shown.name.last.charAt(0)}
          </span>
        )}
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-tremor-content-strong" data-testid="contact-name">
            {shown.name.display}
          </h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-tremor-default text-tremor-content">
            <Badge size="xs" data-testid="contact-type">
              {humanize(shown.type)}
            </Badge>
            {shown.email && <span>{shown.email}</span>}
            {shown.phoneNumber && (
              <span>
                +{shown.phoneNumber.number.countryCode} {shown.phoneNumber.number.number}
              </span>
            )}
            {shown.householdId && <Link to={`/crm/households/${shown.householdId}`}>Household</Link>}
            {shown.source && <span>Source: {humanize(shown.source)}</span>}
          </p>
        </div>
        <div className="ml-auto">
          <MergeAction
            kind="contact"
            recordId={shown.id}
            recordName={shown.name.display}
            onChanged={() => {
              setContact(undefined);
              resource.reload();
            }}
          />
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card className="space-y-6" data-testid="contact-details">
          <Title>Details</Title>
          <DefinitionForm
            key={`name-${key}`}
            definition={updateContactNameForm}
            schema={setContactNameSchema}
            send={(body) => contactCalls.setName(shown.id, body)}
            onDone={setContact}
            start={{
              'name.first': shown.name.first,
              'name.last': shown.name.last,
              'name.middle': shown.name.middle ?? '',
              'name.preferred': shown.name.preferred ?? '',
              'name.short': shown.name.short ?? '',
            }}
          />
          <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
            <DefinitionForm
              key={`gender-${key}`}
              definition={setGenderForm}
              schema={setGenderSchema}
              send={(body) => contactCalls.setGender(shown.id, body)}
              onDone={setContact}
              start={{ gender: shown.gender ?? '' }}
            />
            <DefinitionForm
              key={`status-${key}`}
              definition={setEmploymentStatusForm}
              schema={setEmploymentStatusSchema}
              send={(body) => contactCalls.setEmploymentStatus(shown.id, body)}
              onDone={setContact}
              start={{ employmentStatus: shown.employmentStatus ?? '' }}
            />
          </div>
          <AvatarForm key={`avatar-${key}`} contact={shown} onChange={setContact} />
        </Card>
        <div className="space-y-6">
          <TagsSection contact={shown} onChange={setContact} />
          <EmailsSection contact={shown} onChange={setContact} />
          <PhoneNumbersSection contact={shown} onChange={setContact} />
        </div>
      </div>
      <AddressesSection contact={shown} onChange={setContact} />
      <EmploymentsSection contact={shown} onChange={setContact} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <SocialLinksSection contact={shown} onChange={setContact} />
        <CustomFieldsCard
          fields={shown.customFields}
          save={(body) => contactCalls.setCustomField(shown.id, body)}
          onSaved={(customFields) => setContact({ ...shown, customFields })}
        />
      </div>
    </div>
  );
}
