import type { FormEvent } from 'react';
import { Button } from '@tremor/react';
import {
  addContactEmploymentSchema,
  enumerationOptions,
  enumLabel,
  setEmploymentEndDateSchema,
} from '@meridian/domain';
import { contactCalls } from '../../../api';
import { InputField, SelectInput } from '../../../components/fields';
import { useAddForm, useForm } from '../use-form';
import { AddRecordForm, PrimaryRecordsCard, type SectionProps } from './record-section';

function EndDateForm({ contact, employmentId, onChange }: SectionProps & { employmentId: string }) {
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
      <InputField label="End date" type="date" {...form.field('endDate')} testId="employment-end-date" />
      <Button type="submit" size="xs" variant="secondary" loading={form.pending}>
        Set end date
      </Button>
    </form>
  );
}

export function EmploymentsSection({ contact, onChange }: SectionProps) {
  const initial = { employerName: '', jobTitle: '', status: '', startDate: '', endDate: '', primary: false };
  const form = useAddForm(initial, ['employerName', 'jobTitle', 'status', 'startDate', 'endDate'], {
    schema: addContactEmploymentSchema,
    send: (body) => contactCalls.addEmployment(contact.id, body),
    onAdded: onChange,
    body: ({ status, startDate, endDate, ...rest }) => ({
      ...rest,
      status: status || null,
      startDate: startDate || null,
      endDate: endDate || null,
    }),
  });
  return (
    <PrimaryRecordsCard
      contact={contact}
      onChange={onChange}
      title="Employment"
      testId="employments"
      rowTestId="employment-row"
      empty="No employment yet."
      records={contact.employments}
      recordId={(employment) => employment.id}
      calls={{ setPrimary: contactCalls.setPrimaryEmployment, remove: contactCalls.removeEmployment }}
      actions={(employment) => <EndDateForm contact={contact} employmentId={employment.id} onChange={onChange} />}
      show={(employment) => (
        <span>
          {[employment.jobTitle, employment.employerName].filter(Boolean).join(' at ')}
          {employment.status && (
            <span className="ml-1 text-tremor-content">· {enumLabel('EmploymentStatus', employment.status)}</span>
          )}
          <span className="ml-1 text-tremor-content">
            {employment.startDate ?? '…'} – {employment.endDate ?? 'present'}
          </span>
        </span>
      )}
    >
      <AddRecordForm
        label="Add employment"
        columns="grid-cols-1 sm:grid-cols-3"
        form={form}
        primaryTestId="add-employment-primary"
        errorTestId="add-employment-form-error"
      >
        <InputField label="Employer" {...form.field('employerName')} testId="add-employment-employer" />
        <InputField label="Job title" {...form.field('jobTitle')} testId="add-employment-title" />
        <SelectInput
          label="Status"
          {...form.field('status')}
          options={enumerationOptions('EmploymentStatus')}
          emptyLabel="—"
          testId="add-employment-status"
        />
        <InputField label="Start date" type="date" {...form.field('startDate')} testId="add-employment-start" />
        <InputField label="End date" type="date" {...form.field('endDate')} testId="add-employment-end" />
      </AddRecordForm>
    </PrimaryRecordsCard>
  );
}
