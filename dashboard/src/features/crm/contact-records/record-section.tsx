import type { FormEvent, ReactNode } from 'react';
import { Button } from '@tremor/react';
import type { ContactResponse } from '@meridian/domain';
import { CheckboxInput } from '../../../components/fields';
import type { FormErrors } from '../../../lib/form-errors';
import { useCan } from '../../platform/auth/use-can';
import { GridForm } from '../record-form';
import { PrimaryRowActions, RecordRow, RecordsCard } from '../record-list';
import { type FieldBinding, useRecordAction } from '../use-form';

// What the sections of a contact's records share: each is a card of one kind of sub-record (its
// rows with their actions, then the form that adds one), and every answer is the whole contact.

export interface SectionProps {
  contact: ContactResponse;
  onChange: (contact: ContactResponse) => void;
}

export function AddButton({ pending, label = 'Add' }: { pending: boolean; label?: string }) {
  return (
    <Button type="submit" size="xs" loading={pending}>
      {label}
    </Button>
  );
}

/** The end of every "add a sub-record" form: the Primary box and the Add button (the form's errors follow). */
function PrimaryAndAdd(props: {
  id: string;
  checked: boolean;
  onPrimaryChange: (value: boolean) => void;
  pending: boolean;
  primaryTestId: string;
}) {
  return (
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
  );
}

/** A form from useAddForm whose record may be the primary one. */
interface AddRecordFormState {
  field: (name: 'primary') => FieldBinding<boolean>;
  pending: boolean;
  errors: FormErrors;
  onSubmit: (event: FormEvent) => Promise<void>;
}

/** The form that adds a sub-record: its fields, then the Primary box, Add and the form's errors. */
export function AddRecordForm({
  label,
  columns,
  form,
  primaryTestId,
  errorTestId,
  testId,
  children,
}: {
  label: string;
  columns: string;
  form: AddRecordFormState;
  primaryTestId: string;
  errorTestId: string;
  testId?: string;
  children: ReactNode;
}) {
  const primary = form.field('primary');
  return (
    <GridForm
      label={label}
      columns={columns}
      form={form}
      onSubmit={form.onSubmit}
      errorTestId={errorTestId}
      testId={testId}
      footer={
        <PrimaryAndAdd
          id={primary.id}
          checked={primary.value}
          onPrimaryChange={primary.onChange}
          pending={form.pending}
          primaryTestId={primaryTestId}
        />
      }
    >
      {children}
    </GridForm>
  );
}

/** A call on one sub-record of the contact (set primary, remove); it answers the whole contact. */
type RecordCall = (contactId: string, recordId: string) => Promise<ContactResponse>;

/**
 * A card of the sub-records of a kind of which one is the primary one: each row shows the record,
 * then its own `actions`, Set as primary (or Unset primary, where `calls` can) and Remove; the add
 * form (`children`) follows the rows. A role that may not edit the CRM sees the rows alone.
 */
export function PrimaryRecordsCard<T extends { primary: boolean }>({
  contact,
  onChange,
  title,
  testId,
  rowTestId,
  empty,
  records,
  recordId,
  calls,
  show,
  actions,
  children,
}: SectionProps & {
  title: string;
  testId: string;
  rowTestId: string;
  empty: string;
  records: readonly T[];
  recordId: (record: T) => string;
  calls: { setPrimary: RecordCall; remove: RecordCall; unsetPrimary?: RecordCall | undefined };
  show: (record: T) => ReactNode;
  actions?: (record: T) => ReactNode;
  children: ReactNode;
}) {
  const action = useRecordAction(onChange);
  const canWrite = useCan()('CRM_WRITE');
  const run = (call: RecordCall, record: T) => () => action.run(() => call(contact.id, recordId(record)));
  return (
    <RecordsCard
      title={title}
      testId={testId}
      error={action.error}
      items={records}
      empty={empty}
      row={(record) => (
        <RecordRow
          key={recordId(record)}
          primary={record.primary}
          testId={rowTestId}
          actions={
            canWrite && (
              <PrimaryRowActions
                primary={record.primary}
                setPrimary={run(calls.setPrimary, record)}
                unsetPrimary={calls.unsetPrimary && run(calls.unsetPrimary, record)}
                remove={run(calls.remove, record)}
              >
                {actions?.(record)}
              </PrimaryRowActions>
            )
          }
        >
          {show(record)}
        </RecordRow>
      )}
    >
      {canWrite && children}
    </RecordsCard>
  );
}
