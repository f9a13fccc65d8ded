import { type FormEvent, useId } from 'react';
import { Button } from '@tremor/react';
import {
  addContactAddressSchema,
  addContactEmailSchema,
  addContactEmploymentSchema,
  addContactPhoneNumberSchema,
  addSocialProfileForm,
  addSocialLinkSchema,
  CONTACT_FORM_DEFAULTS,
  EmploymentStatus,
  PhoneType,
  setEmploymentEndDateSchema,
  tagSchema,
  type ContactResponse,
} from '@meridian/domain';
import { contactCalls } from '../../../api';
import {
  CheckboxInput,
  enumChoices,
  FormMessages,
  humanize,
  InputField,
  SelectInput,
} from '../../../components/fields';
import { DefinitionForm } from '../definition-form';
import { Empty, RecordCard, RecordRow, SmallButton } from '../record-list';
import { nest, useAction, useForm } from '../use-form';

interface SectionProps {
  contact: ContactResponse;
  onChange: (contact: ContactResponse) => void;
}

/** One-button actions on a record: their answer is the whole contact. */
function useRecordAction(onChange: SectionProps['onChange']) {
  const action = useAction();
  return {
    error: action.error,
    pending: action.pending,
    run: async (call: () => Promise<ContactResponse>) => {
      const result = await action.run(call);
      if (result) onChange(result);
    },
  };
}

function AddButton({ pending, label = 'Add' }: { pending: boolean; label?: string }) {
  return (
    <Button type="submit" size="xs" loading={pending}>
      {label}
    </Button>
  );
}

/** The end of every "add a sub-record" form: the Primary box, the Add button and the form's errors. */
function PrimaryAndAdd(props: {
  id: string;
  checked: boolean;
  onPrimaryChange: (value: boolean) => void;
  pending: boolean;
  primaryTestId: string;
  errors: readonly string[];
  errorTestId: string;
}) {
  return (
    <>
      <div className="flex items-center gap-3 pb-1">
        <CheckboxInput
          id={props.id}
          label="Primary"
          checked={props.checked}
          onChange={props.onPrimaryChange}
          testId={props.primaryTestId}
        />
        <AddButton pending={props.pending} />
      </div>
      <FormMessages messages={props.errors} testId={props.errorTestId} />
    </>
  );
}

export function EmailsSection({ contact, onChange }: SectionProps) {
  const id = useId();
  const action = useRecordAction(onChange);
  const form = useForm({ email: '', label: '', primary: false }, ['email', 'label']);
  async function add(event: FormEvent) {
    event.preventDefault();
    const result = await form.submit(form.values, addContactEmailSchema, (body) =>
      contactCalls.addEmail(contact.id, body),
    );
    if (result) {
      onChange(result);
      form.reset();
    }
  }
  return (
    <RecordCard title="E-mails" testId="emails" error={action.error}>
      {contact.emails.length === 0 && <Empty>No e-mail address yet.</Empty>}
      <ul className="divide-y divide-tremor-border">
        {contact.emails.map((email) => (
          <RecordRow
            key={email.id}
            primary={email.primary}
            testId="email-row"
            actions={
              <>
                {!email.primary && (
                  <SmallButton onClick={() => action.run(() => contactCalls.setPrimaryEmail(contact.id, email.id))}>
                    Set as primary
                  </SmallButton>
                )}
                <SmallButton onClick={() => action.run(() => contactCalls.removeEmail(contact.id, email.id))}>
                  Remove
                </SmallButton>
              </>
            }
          >
            <span className="truncate">{email.email}</span>
            {email.label && <span className="text-tremor-content">({email.label})</span>}
          </RecordRow>
        ))}
      </ul>
      <form
        onSubmit={add}
        noValidate
        className="grid grid-cols-1 items-end gap-3 sm:grid-cols-3"
        aria-label="Add e-mail"
      >
        <InputField
          id={`${id}-email`}
          label="Email"
          type="email"
          value={form.values.email}
          onChange={(v) => form.set('email', v)}
          error={form.errors.fields.email}
          testId="add-email-email"
          className="sm:col-span-2"
        />
        <InputField
          id={`${id}-label`}
          label="Label"
          value={form.values.label}
          onChange={(v) => form.set('label', v)}
          error={form.errors.fields.label}
          testId="add-email-label"
        />
        <PrimaryAndAdd
          id={`${id}-primary`}
          checked={form.values.primary}
          onPrimaryChange={(v) => form.set('primary', v)}
          pending={form.pending}
          primaryTestId="add-email-primary"
          errors={form.errors.form}
          errorTestId="add-email-form-error"
        />
      </form>
    </RecordCard>
  );
}

export function PhoneNumbersSection({ contact, onChange }: SectionProps) {
  const id = useId();
  const action = useRecordAction(onChange);
  const initial = {
    'number.countryCode': CONTACT_FORM_DEFAULTS.phoneCountryCode as string,
    'number.number': '',
    type: CONTACT_FORM_DEFAULTS.phoneType as string,
    label: '',
    primary: false,
  };
  const form = useForm(initial, ['number', 'number.countryCode', 'number.number', 'type', 'label']);
  async function add(event: FormEvent) {
    event.preventDefault();
    const result = await form.submit(nest(form.values), addContactPhoneNumberSchema, (body) =>
      contactCalls.addPhoneNumber(contact.id, body),
    );
    if (result) {
      onChange(result);
      form.reset();
    }
  }
  return (
    <RecordCard title="Phone numbers" testId="phone-numbers" error={action.error}>
      {contact.phoneNumbers.length === 0 && <Empty>No phone number yet.</Empty>}
      <ul className="divide-y divide-tremor-border">
        {contact.phoneNumbers.map((phone) => (
          <RecordRow
            key={phone.id}
            primary={phone.primary}
            testId="phone-row"
            actions={
              <>
                {!phone.primary && (
                  <SmallButton
                    onClick={() => action.run(() => contactCalls.setPrimaryPhoneNumber(contact.id, phone.id))}
                  >
                    Set as primary
                  </SmallButton>
                )}
                <SmallButton onClick={() => action.run(() => contactCalls.removePhoneNumber(contact.id, phone.id))}>
                  Remove
                </SmallButton>
              </>
            }
          >
            <span>
              +{phone.number.countryCode} {phone.number.number}
            </span>
            <span className="text-tremor-content">
              {humanize(phone.type)}
              {phone.label ? ` · ${phone.label}` : ''}
            </span>
          </RecordRow>
        ))}
      </ul>
      <form
        onSubmit={add}
        noValidate
        className="grid grid-cols-2 items-end gap-3 sm:grid-cols-4"
        aria-label="Add phone number"
      >
        <InputField
          id={`${id}-cc`}
          label="Country code"
          type="tel"
          value={form.values['number.countryCode']}
          onChange={(v) => form.set('number.countryCode', v)}
          error={form.errors.fields['number.countryCode']}
          testId="add-phone-country-code"
        />
        <InputField
          id={`${id}-number`}
          label="Number"
          type="tel"
          value={form.values['number.number']}
          onChange={(v) => form.set('number.number', v)}
          error={form.errors.fields['number.number']}
          testId="add-phone-number"
        />
        <SelectInput
          id={`${id}-type`}
          label="Type"
          value={form.values.type}
          onChange={(v) => form.set('type', v)}
          options={enumChoices(PhoneType)}
          error={form.errors.fields.type}
          testId="add-phone-type"
        />
        <InputField
          id={`${id}-label`}
          label="Label"
          value={form.values.label}
          onChange={(v) => form.set('label', v)}
          error={form.errors.fields.label}
          testId="add-phone-label"
        />
        <PrimaryAndAdd
          id={`${id}-primary`}
          checked={form.values.primary}
          onPrimaryChange={(v) => form.set('primary', v)}
          pending={form.pending}
          primaryTestId="add-phone-primary"
          errors={form.errors.form}
          errorTestId="add-phone-form-error"
        />
      </form>
    </RecordCard>
  );
}

const ADDRESS_FIELDS = [
  ['Label', 'Label'],
  ['Line1', 'Line 1'],
  ['Line2', 'Line 2'],
  ['City', 'City'],
  ['Province', 'Province'],
  ['PostalCode', 'Postal code'],
  ['CountryName', 'Country'],
] as const;

/** The add-address form of contacts and families (`{ primary, address }`). */
export function AddressForm({
  send,
  onDone,
  testId,
}: {
  send: (body: unknown) => Promise<unknown>;
  onDone: (result: unknown) => void;
  testId: string;
}) {
  const id = useId();
  const initial: Record<string, string | boolean> = {
    primary: false,
    ...Object.fromEntries(ADDRESS_FIELDS.map(([key]) => [`address.${key}`, ''])),
  };
  const form = useForm(
    initial,
    ADDRESS_FIELDS.map(([key]) => `address.${key}`),
  );
  async function add(event: FormEvent) {
    event.preventDefault();
    const result = await form.submit(nest(form.values), addContactAddressSchema, send);
    if (result) {
      onDone(result);
      form.reset();
    }
  }
  return (
    <form
      onSubmit={add}
      noValidate
      className="grid grid-cols-1 items-end gap-3 sm:grid-cols-4"
      aria-label="Add address"
      data-testid={testId}
    >
      {ADDRESS_FIELDS.map(([key, label]) => (
        <InputField
          key={key}
          id={`${id}-${key}`}
          label={label}
          value={String(form.values[`address.${key}`] ?? '')}
          onChange={(v) => form.set(`address.${key}`, v)}
          error={form.errors.fields[`address.${key}`]}
          testId={`${testId}-${key}`}
          required={!['Label', 'Line2'].includes(key)}
        />
      ))}
      <PrimaryAndAdd
        id={`${id}-primary`}
        checked={form.values.primary === true}
        onPrimaryChange={(v) => form.set('primary', v)}
        pending={form.pending}
        primaryTestId={`${testId}-primary`}
        errors={form.errors.form}
        errorTestId={`${testId}-error`}
      />
    </form>
  );
}

export function AddressesSection({ contact, onChange }: SectionProps) {
  const action = useRecordAction(onChange);
  return (
    <RecordCard title="Addresses" testId="addresses" error={action.error}>
      {contact.addresses.length === 0 && <Empty>No address yet.</Empty>}
      <ul className="divide-y divide-tremor-border">
        {contact.addresses.map((address) => (
          <RecordRow
            key={address.Id}
            primary={address.primary}
            testId="address-row"
            actions={
              <>
                {address.primary ? (
                  contact.addresses.length > 1 && (
                    <SmallButton
                      onClick={() => action.run(() => contactCalls.removePrimaryAddress(contact.id, address.Id))}
                    >
                      Unset primary
                    </SmallButton>
                  )
                ) : (
                  <SmallButton onClick={() => action.run(() => contactCalls.setPrimaryAddress(contact.id, address.Id))}>
                    Set as primary
                  </SmallButton>
                )}
                <SmallButton onClick={() => action.run(() => contactCalls.removeAddress(contact.id, address.Id))}>
                  Remove
                </SmallButton>
              </>
            }
          >
            <span>
              {address.Label && <strong className="mr-1">{address.Label}:</strong>}
              {[address.Line1, address.Line2, address.City, address.Province, address.PostalCode, address.CountryName]
                .filter(Boolean)
                .join(', ')}
            </span>
          </RecordRow>
        ))}
      </ul>
      <AddressForm
        testId="add-address"
        send={(body) => contactCalls.addAddress(contact.id, body)}
        onDone={(result) => onChange(result as ContactResponse)}
      />
    </RecordCard>
  );
}

function EndDateForm({ contact, employmentId, onChange }: SectionProps & { employmentId: string }) {
  const id = useId();
  const form = useForm({ endDate: '' }, ['endDate']);
  async function save(event: FormEvent) {
    event.preventDefault();
    const body = { endDate: form.values.endDate === '' ? null : form.values.endDate };
    const result = await form.submit(body, setEmploymentEndDateSchema, (payload) =>
      contactCalls.setEmploymentEndDate(contact.id, employmentId, payload),
    );
    if (result) onChange(result);
  }
  return (
    <form onSubmit={save} noValidate className="flex items-end gap-2" aria-label="Set end date">
      <InputField
        id={`${id}-end`}
        label="End date"
        type="date"
        value={form.values.endDate}
        onChange={(v) => form.set('endDate', v)}
        error={form.errors.fields.endDate}
        testId="employment-end-date"
      />
      <Button type="submit" size="xs" variant="secondary" loading={form.pending}>
        Set end date
      </Button>
    </form>
  );
}

export function EmploymentsSection({ contact, onChange }: SectionProps) {
  const id = useId();
  const action = useRecordAction(onChange);
  const form = useForm({ employerName: '', jobTitle: '', status: '', startDate: '', endDate: '', primary: false }, [
    'employerName',
    'jobTitle',
    'status',
    'startDate',
    'endDate',
  ]);
  async function add(event: FormEvent) {
    event.preventDefault();
    const { status, startDate, endDate, ...rest } = form.values;
    const body = { ...rest, status: status || null, startDate: startDate || null, endDate: endDate || null };
    const result = await form.submit(body, addContactEmploymentSchema, (payload) =>
      contactCalls.addEmployment(contact.id, payload),
    );
    if (result) {
      onChange(result);
      form.reset();
    }
  }
  return (
    <RecordCard title="Employment" testId="employments" error={action.error}>
      {contact.employments.length === 0 && <Empty>No employment yet.</Empty>}
      <ul className="divide-y divide-tremor-border">
        {contact.employments.map((employment) => (
          <RecordRow
            key={employment.id}
            primary={employment.primary}
            testId="employment-row"
            actions={
              <>
                <EndDateForm contact={contact} employmentId={employment.id} onChange={onChange} />
                {!employment.primary && (
                  <SmallButton
                    onClick={() => action.run(() => contactCalls.setPrimaryEmployment(contact.id, employment.id))}
                  >
                    Set as primary
                  </SmallButton>
                )}
                <SmallButton onClick={() => action.run(() => contactCalls.removeEmployment(contact.id, employment.id))}>
                  Remove
                </SmallButton>
              </>
            }
          >
            <span>
              {[employment.jobTitle, employment.employerName].filter(Boolean).join(' at ')}
              {employment.status && <span className="ml-1 text-tremor-content">· {humanize(employment.status)}</span>}
              <span className="ml-1 text-tremor-content">
                {employment.startDate ?? '…'} – {employment.endDate ?? 'present'}
              </span>
            </span>
          </RecordRow>
        ))}
      </ul>
      <form
        onSubmit={add}
        noValidate
        className="grid grid-cols-1 items-end gap-3 sm:grid-cols-3"
        aria-label="Add employment"
      >
        <InputField
          id={`${id}-employer`}
          label="Employer"
          value={form.values.employerName}
          onChange={(v) => form.set('employerName', v)}
          error={form.errors.fields.employerName}
          testId="add-employment-employer"
        />
        <InputField
          id={`${id}-title`}
          label="Job title"
          value={form.values.jobTitle}
          onChange={(v) => form.set('jobTitle', v)}
          error={form.errors.fields.jobTitle}
          testId="add-employment-title"
        />
        <SelectInput
          id={`${id}-status`}
          label="Status"
          value={form.values.status}
          onChange={(v) => form.set('status', v)}
          options={enumChoices(EmploymentStatus)}
          emptyLabel="—"
          error={form.errors.fields.status}
          testId="add-employment-status"
        />
        <InputField
          id={`${id}-start`}
          label="Start date"
          type="date"
          value={form.values.startDate}
          onChange={(v) => form.set('startDate', v)}
          error={form.errors.fields.startDate}
          testId="add-employment-start"
        />
        <InputField
          id={`${id}-end`}
          label="End date"
          type="date"
          value={form.values.endDate}
          onChange={(v) => form.set('endDate', v)}
          error={form.errors.fields.endDate}
          testId="add-employment-end"
        />
        <PrimaryAndAdd
          id={`${id}-primary`}
          checked={form.values.primary}
          onPrimaryChange={(v) => form.set('primary', v)}
          pending={form.pending}
          primaryTestId="add-employment-primary"
          errors={form.errors.form}
          errorTestId="add-employment-form-error"
        />
      </form>
    </RecordCard>
  );
}

export function SocialLinksSection({ contact, onChange }: SectionProps) {
  const action = useRecordAction(onChange);
  return (
    <RecordCard title="Social profiles" testId="social-links" error={action.error}>
      {contact.socialLinks.length === 0 && <Empty>No social profile yet.</Empty>}
      <ul className="divide-y divide-tremor-border">
        {contact.socialLinks.map((link) => (
          <RecordRow
            key={link.id}
            testId="social-link-row"
            actions={
              <SmallButton onClick={() => action.run(() => contactCalls.removeSocialLink(contact.id, link.id))}>
                Remove
              </SmallButton>
            }
          >
            <span className="text-tremor-content">{link.type}</span>
            <a
              className="truncate text-tremor-brand hover:underline"
              href={link.url}
              target="_blank"
              rel="noreferrer noopener"
            >
              {link.url}
            </a>
          </RecordRow>
        ))}
      </ul>
      <DefinitionForm
        key={contact.socialLinks.length}
        definition={addSocialProfileForm}
        schema={addSocialLinkSchema}
        send={(body) => contactCalls.addSocialLink(contact.id, body)}
        onDone={onChange}
        title={null}
      />
    </RecordCard>
  );
}

export function TagsSection({ contact, onChange }: SectionProps) {
  const id = useId();
  const action = useRecordAction(onChange);
  const form = useForm({ name: '', type: 'CUSTOM', emoji: '' }, ['name', 'type', 'emoji']);
  async function add(event: FormEvent) {
    event.preventDefault();
    const result = await form.submit(form.values, tagSchema, (body) => contactCalls.addTag(contact.id, body));
    if (result) {
      onChange(result);
      form.reset();
    }
  }
  return (
    <RecordCard title="Tags" testId="tags" error={action.error}>
      <div className="flex flex-wrap gap-2">
        {contact.tags.length === 0 && <Empty>No tag yet.</Empty>}
        {contact.tags.map((tag) => (
          <span
            key={tag.id}
            className="inline-flex items-center gap-1 rounded-tremor-full bg-tremor-background-subtle px-2 py-0.5 text-tremor-label"
            data-testid="tag-chip"
          >
            {tag.emoji} {tag.name} <span className="text-tremor-content">({tag.type})</span>
            <button
              type="button"
              aria-label={`Remove tag ${tag.name}`}
              className="ml-1 text-tremor-content hover:text-red-600"
              onClick={() => action.run(() => contactCalls.removeTag(contact.id, { name: tag.name, type: tag.type }))}
            >
              ×
            </button>
          </span>
        ))}
      </div>
      <form onSubmit={add} noValidate className="grid grid-cols-1 items-end gap-3 sm:grid-cols-4" aria-label="Add tag">
        <InputField
          id={`${id}-name`}
          label="Tag"
          value={form.values.name}
          onChange={(v) => form.set('name', v)}
          error={form.errors.fields.name}
          testId="add-tag-name"
        />
        <InputField
          id={`${id}-type`}
          label="Type"
          value={form.values.type}
          onChange={(v) => form.set('type', v)}
          error={form.errors.fields.type}
          testId="add-tag-type"
        />
        <InputField
          id={`${id}-emoji`}
          label="Emoji"
          value={form.values.emoji}
          onChange={(v) => form.set('emoji', v)}
          testId="add-tag-emoji"
        />
        <div className="pb-1">
          <AddButton pending={form.pending} />
        </div>
      </form>
    </RecordCard>
  );
}
