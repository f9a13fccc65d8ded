import { addContactAddressSchema } from '@meridian/domain';
import { InputField } from '../../../components/fields';
import { nest, useAddForm } from '../use-form';
import { AddRecordForm } from './record-section';
import { AddressLookup } from './address-lookup';

const ADDRESS_FIELDS = [
  ['Label', 'Label'],
  ['Line1', 'Line 1'],
  ['Line2', 'Line 2'],
  ['City', 'City'],
  ['Province', 'Province'],
  ['PostalCode', 'Postal code'],
  ['CountryName', 'Country'],
] as const;
type AddressField = `address.${(typeof ADDRESS_FIELDS)[number][0]}`;

/**
 * The add-address form of contacts and families (`{ primary, address }`). With an address-completion
 * provider, "Find an address" fills the fields and keeps the provider's id (`PostCodeAnywhereId`).
 */
export function AddressForm({
  send,
  onDone,
  testId,
}: {
  send: (body: unknown) => Promise<unknown>;
  onDone: (result: unknown) => void;
  testId: string;
}) {
  const initial = {
    primary: false,
    ...(Object.fromEntries(ADDRESS_FIELDS.map(([key]) => [`address.${key}`, ''])) as Record<AddressField, string>),
    'address.PostCodeAnywhereId': '',
  };
  const form = useAddForm(
    initial,
    ADDRESS_FIELDS.map(([key]) => `address.${key}`),
    { schema: addContactAddressSchema, send, onAdded: onDone, body: nest },
  );
  return (
    <AddRecordForm
      label="Add address"
      columns="grid-cols-1 sm:grid-cols-4"
      form={form}
      primaryTestId={`${testId}-primary`}
      errorTestId={`${testId}-error`}
      testId={testId}
    >
      <AddressLookup
        testId={`${testId}-lookup`}
        onPick={(address) =>
          form.setValues((values) => ({
            ...values,
            'address.Line1': address.line1,
            'address.Line2': address.line2 ?? '',
            'address.City': address.city,
            'address.Province': address.province,
            'address.PostalCode': address.postalCode,
            'address.CountryName': address.countryName,
            'address.PostCodeAnywhereId': address.postCodeAnywhereId,
          }))
        }
      />
      {ADDRESS_FIELDS.map(([key, label]) => (
        <InputField
          key={key}
          label={label}
          {...form.field(`address.${key}`)}
          testId={`${testId}-${key}`}
          required={!['Label', 'Line2'].includes(key)}
        />
      ))}
    </AddRecordForm>
  );
}
