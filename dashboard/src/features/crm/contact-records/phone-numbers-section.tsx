import { addContactPhoneNumberSchema, CONTACT_FORM_DEFAULTS, enumerationOptions, enumLabel } from '@meridian/domain';
import { contactCalls } from '../../../api';
import { InputField, SelectInput } from '../../../components/fields';
import { nest, useAddForm } from '../use-form';
import { AddRecordForm, PrimaryRecordsCard, type SectionProps } from './record-section';

export function PhoneNumbersSection({ contact, onChange }: SectionProps) {
  const initial = {
    'number.countryCode': CONTACT_FORM_DEFAULTS.phoneCountryCode as string,
    'number.number': '',
    type: CONTACT_FORM_DEFAULTS.phoneType as string,
    label: '',
    primary: false,
  };
  const form = useAddForm(initial, ['number', 'number.countryCode', 'number.number', 'type', 'label'], {
    schema: addContactPhoneNumberSchema,
    send: (body) => contactCalls.addPhoneNumber(contact.id, body),
    onAdded: onChange,
    body: nest,
  });
  return (
    <PrimaryRecordsCard
      contact={contact}
      onChange={onChange}
      title="Phone numbers"
      testId="phone-numbers"
      rowTestId="phone-row"
      empty="No phone number yet."
      records={contact.phoneNumbers}
      recordId={(phone) => phone.id}
      calls={{ setPrimary: contactCalls.setPrimaryPhoneNumber, remove: contactCalls.removePhoneNumber }}
      show={(phone) => (
        <>
          <span>
            +{phone.number.countryCode} {phone.number.number}
          </span>
          <span className="text-tremor-content">
            {enumLabel('PhoneType', phone.type)}
            {phone.label ? ` · ${phone.label}` : ''}
          </span>
        </>
      )}
    >
      <AddRecordForm
        label="Add phone number"
        columns="grid-cols-2 sm:grid-cols-4"
        form={form}
        primaryTestId="add-phone-primary"
        errorTestId="add-phone-form-error"
      >
        <InputField
          label="Country code"
          type="tel"
          {...form.field('number.countryCode')}
          testId="add-phone-country-code"
        />
        <InputField label="Number" type="tel" {...form.field('number.number')} testId="add-phone-number" />
        <SelectInput
          label="Type"
          {...form.field('type')}
          options={enumerationOptions('PhoneType')}
          testId="add-phone-type"
        />
        <InputField label="Label" {...form.field('label')} testId="add-phone-label" />
      </AddRecordForm>
    </PrimaryRecordsCard>
  );
}
