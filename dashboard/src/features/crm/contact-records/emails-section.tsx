import { addContactEmailSchema } from '@meridian/domain';
import { contactCalls } from '../../../api';
import { InputField } from '../../../components/fields';
import { useAddForm } from '../use-form';
import { AddRecordForm, PrimaryRecordsCard, type SectionProps } from './record-section';

export function EmailsSection({ contact, onChange }: SectionProps) {
  const form = useAddForm({ email: '', label: '', primary: false }, ['email', 'label'], {
    schema: addContactEmailSchema,
    send: (body) => contactCalls.addEmail(contact.id, body),
    onAdded: onChange,
  });
  return (
    <PrimaryRecordsCard
      contact={contact}
      onChange={onChange}
      title="E-mails"
      testId="emails"
      rowTestId="email-row"
      empty="No e-mail address yet."
      records={contact.emails}
      recordId={(email) => email.id}
      calls={{ setPrimary: contactCalls.setPrimaryEmail, remove: contactCalls.removeEmail }}
      show={(email) => (
        <>
          <span className="truncate">{email.email}</span>
          {email.label && <span className="text-tremor-content">({email.label})</span>}
        </>
      )}
    >
      <AddRecordForm
        label="Add e-mail"
        columns="grid-cols-1 sm:grid-cols-3"
        form={form}
        primaryTestId="add-email-primary"
        errorTestId="add-email-form-error"
      >
        <InputField
          label="Email"
          type="email"
          {...form.field('email')}
          testId="add-email-email"
          className="sm:col-span-2"
        />
        <InputField label="Label" {...form.field('label')} testId="add-email-label" />
      </AddRecordForm>
    </PrimaryRecordsCard>
  );
}
